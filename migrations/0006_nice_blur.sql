CREATE TABLE `client_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL,
	`max_hits` integer NOT NULL,
	CONSTRAINT "client_limits_within" CHECK(hits <= max_hits)
);
--> statement-breakpoint
CREATE INDEX `client_limits_window_idx` ON `client_limits` (`window_start`);