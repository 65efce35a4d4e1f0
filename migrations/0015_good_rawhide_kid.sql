CREATE INDEX `callbacks_newest_idx` ON `callback_requests` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `callbacks_status_newest_idx` ON `callback_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscriptions_awaiting_status_idx` ON `subscriptions` (`status`,`email_verified`,`approval_status`);--> statement-breakpoint
CREATE INDEX `subscriptions_awaiting_approval_idx` ON `subscriptions` (`approval_status`,`email_verified`,`status`);