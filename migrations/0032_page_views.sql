CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_views` (
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	`path` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`device` text NOT NULL,
	`views` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`day`, `visitor`, `path`, `source`, `campaign`, `country`, `device`),
	CONSTRAINT "page_views_device_check" CHECK(device IN ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "page_views_views_positive" CHECK(views > 0)
);
--> statement-breakpoint
CREATE INDEX `page_views_day_path_idx` ON `page_views` (`day`,`path`);