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
CREATE INDEX `login_failures_window_idx` ON `login_failures` (`window_start`);