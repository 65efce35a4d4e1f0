CREATE TABLE `newsletter_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`issue_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`delivered_at` integer,
	`bounced_at` integer,
	`clicked_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "newsletter_deliveries_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_pair_unique` ON `newsletter_deliveries` (`issue_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_status_idx` ON `newsletter_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_email_idx` ON `newsletter_deliveries` (`email`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`markdown` text NOT NULL,
	`html` text NOT NULL,
	`post_id` text,
	`campaign` text NOT NULL,
	`created_by` text,
	`send_at` integer,
	`send_key` text,
	`sent_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_issues_newest_idx` ON `newsletter_issues` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_campaign_unique` ON `newsletter_issues` (`campaign`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `suppressed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `suppressed_reason` text;