CREATE TABLE `page_view_rollups` (
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`key` text NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`dimension`, `day`, `key`),
	CONSTRAINT "page_view_rollups_dimension_check" CHECK(dimension IN ('total', 'posts', 'path', 'source', 'campaign', 'country', 'device'))
);
