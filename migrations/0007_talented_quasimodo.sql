CREATE INDEX `blog_posts_published_order_idx` ON `blog_posts` (`status`,`published_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `blog_posts_changed_order_idx` ON `blog_posts` (`updated_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `blog_posts_status_changed_idx` ON `blog_posts` (`status`,`updated_at`,`created_at`,`id`);