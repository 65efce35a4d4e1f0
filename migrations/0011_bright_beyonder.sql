CREATE TABLE `blog_images` (
	`key` text PRIMARY KEY NOT NULL,
	`post_id` text,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`alt` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "blog_images_type_check" CHECK(type IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif')),
	CONSTRAINT "blog_images_size_check" CHECK(bytes > 0 AND width > 0 AND height > 0)
);
--> statement-breakpoint
CREATE INDEX `blog_images_post_idx` ON `blog_images` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_image` text;--> statement-breakpoint
CREATE INDEX `blog_posts_publish_at_idx` ON `blog_posts` (`publish_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_status_author_idx` ON `blog_posts` (`status`,`author`);