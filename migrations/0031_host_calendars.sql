CREATE TABLE `host_busy` (
	`member_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `starts_at`, `ends_at`),
	FOREIGN KEY (`member_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "host_busy_range" CHECK(starts_at < ends_at)
);
--> statement-breakpoint
CREATE TABLE `host_calendars` (
	`member_id` text PRIMARY KEY NOT NULL,
	`feed_token_hash` text,
	`feed_issued_at` integer,
	`busy_url` text,
	`busy_fetched_at` integer,
	`busy_error` text,
	`busy_count` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_calendars_feed_token_hash_unique` ON `host_calendars` (`feed_token_hash`);