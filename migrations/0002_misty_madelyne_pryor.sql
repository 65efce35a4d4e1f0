CREATE TABLE `cache_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
