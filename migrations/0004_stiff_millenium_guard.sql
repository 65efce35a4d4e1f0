CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_codes_admin_hash_unique` ON `recovery_codes` (`admin_id`,`code_hash`);--> statement-breakpoint
CREATE TABLE `two_factor` (
	`admin_id` text PRIMARY KEY NOT NULL,
	`secret_encrypted` text NOT NULL,
	`enabled_at` integer,
	`last_step` integer,
	`failed_codes` integer DEFAULT 0 NOT NULL,
	`failed_window_start` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `two_factor_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_challenges_expires_idx` ON `two_factor_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `country` text;--> statement-breakpoint
CREATE INDEX `subscriptions_created_idx` ON `subscriptions` (`created_at`);