ALTER TABLE `admins` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `review_requested_at` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `review_note` text;--> statement-breakpoint
CREATE INDEX `blog_posts_review_idx` ON `blog_posts` (`review_requested_at`);