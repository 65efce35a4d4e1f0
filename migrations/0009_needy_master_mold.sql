CREATE TABLE `login_failures` (
	`admin_id` text NOT NULL,
	`ip` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL,
	`locked_until` integer,
	PRIMARY KEY(`admin_id`, `ip`),
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_failures_window_idx` ON `login_failures` (`window_start`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`admin_id` text,
	`token_hash` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_email_idx` ON `password_resets` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `password_resets_admin_idx` ON `password_resets` (`admin_id`);