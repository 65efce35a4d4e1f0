CREATE TABLE `page_vitals` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`device` text NOT NULL,
	`metric` text NOT NULL,
	`value` real NOT NULL,
	CONSTRAINT "page_vitals_device_check" CHECK(device IN ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "page_vitals_metric_check" CHECK(metric IN ('LCP', 'INP', 'CLS', 'TTFB', 'HYDRATION')),
	CONSTRAINT "page_vitals_value_check" CHECK(value >= 0)
);
--> statement-breakpoint
CREATE INDEX `page_vitals_day_idx` ON `page_vitals` (`day`,`path`,`device`,`metric`,`value`);