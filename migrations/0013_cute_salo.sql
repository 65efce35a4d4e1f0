CREATE TABLE `blog_slug_redirects` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blog_slug_redirects_post_idx` ON `blog_slug_redirects` (`post_id`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `canonical_url` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);