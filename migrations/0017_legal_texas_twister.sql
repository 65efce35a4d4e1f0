CREATE TABLE `signup_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	CONSTRAINT "signup_drafts_json" CHECK(json_valid(fields))
);
--> statement-breakpoint
CREATE INDEX `signup_drafts_expires_idx` ON `signup_drafts` (`expires_at`);