CREATE TABLE `blog_post_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "blog_post_revisions_kind_check" CHECK(kind IN ('save', 'autosave', 'restore')),
	CONSTRAINT "blog_post_revisions_snapshot_json" CHECK(json_valid(snapshot) AND json_type(snapshot) = 'object')
);
--> statement-breakpoint
CREATE INDEX `blog_post_revisions_post_idx` ON `blog_post_revisions` (`post_id`,`created_at`);