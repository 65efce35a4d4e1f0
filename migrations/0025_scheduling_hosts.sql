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
--> statement-breakpoint
CREATE TABLE `scheduling_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`minimum_notice_minutes` integer NOT NULL,
	`window_days` integer NOT NULL,
	`buffer_before_minutes` integer NOT NULL,
	`buffer_after_minutes` integer NOT NULL,
	`change_cutoff_minutes` integer NOT NULL,
	`updated_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "scheduling_settings_single" CHECK(id = 1),
	CONSTRAINT "scheduling_settings_notice" CHECK(minimum_notice_minutes BETWEEN 0 AND 10080),
	CONSTRAINT "scheduling_settings_window" CHECK(window_days BETWEEN 1 AND 365),
	CONSTRAINT "scheduling_settings_buffers" CHECK(buffer_before_minutes BETWEEN 0 AND 240 AND buffer_after_minutes BETWEEN 0 AND 240),
	CONSTRAINT "scheduling_settings_cutoff" CHECK(change_cutoff_minutes BETWEEN 0 AND 10080)
);
--> statement-breakpoint
DROP INDEX `meetings_active_slot_unique`;--> statement-breakpoint
ALTER TABLE `meetings` ADD `host_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_active_host_slot_unique` ON `meetings` (`host_id`,`date`,`time_slot`) WHERE status IN ('scheduled', 'confirmed');--> statement-breakpoint
CREATE INDEX `meetings_host_idx` ON `meetings` (`host_id`,`date`);