CREATE TABLE `bot_check_uses` (
	`key` text PRIMARY KEY NOT NULL,
	`digest` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bot_check_uses_expires_idx` ON `bot_check_uses` (`expires_at`);