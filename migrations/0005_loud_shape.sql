CREATE TABLE `newsletter_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirm_sent_at` integer,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "newsletter_status_check" CHECK(status IN ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_token_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_status_idx` ON `newsletter_subscribers` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `newsletter_created_idx` ON `newsletter_subscribers` (`created_at`);--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `source` text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `team_size` text;