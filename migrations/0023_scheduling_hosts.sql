CREATE TABLE `company_closures` (
	`id` text PRIMARY KEY NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`reason` text NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "company_closures_range" CHECK(from_date <= to_date),
	CONSTRAINT "company_closures_source" CHECK(source IN ('manual', 'holidays'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_closures_unique` ON `company_closures` (`from_date`,`to_date`,`reason`);--> statement-breakpoint
CREATE INDEX `company_closures_to_idx` ON `company_closures` (`to_date`);--> statement-breakpoint
CREATE TABLE `host_overrides` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`hours` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "host_overrides_range" CHECK(from_date <= to_date)
);
--> statement-breakpoint
CREATE INDEX `host_overrides_member_idx` ON `host_overrides` (`member_id`,`from_date`);--> statement-breakpoint
CREATE TABLE `scheduling_hosts` (
	`member_id` text PRIMARY KEY NOT NULL,
	`takes_demos` integer DEFAULT false NOT NULL,
	`time_zone` text NOT NULL,
	`weekly_hours` text NOT NULL,
	`daily_cap` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
