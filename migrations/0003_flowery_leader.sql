CREATE TABLE `meeting_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_tokens_meeting_idx` ON `meeting_tokens` (`meeting_id`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `meetings` ADD `meeting_link` text;--> statement-breakpoint
CREATE INDEX `meetings_date_idx` ON `meetings` (`date`,`time_slot`);