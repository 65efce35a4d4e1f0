CREATE TABLE `change_guards` (
	`guard` text NOT NULL,
	`held` integer NOT NULL,
	CONSTRAINT "change_guards_held" CHECK(held = 1)
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sensitive` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `lease_until` integer;