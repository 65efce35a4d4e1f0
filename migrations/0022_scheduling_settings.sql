CREATE TABLE `scheduling_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`minimum_notice_minutes` integer NOT NULL,
	`window_days` integer NOT NULL,
	`buffer_before_minutes` integer NOT NULL,
	`buffer_after_minutes` integer NOT NULL,
	`change_cutoff_minutes` integer NOT NULL,
	`updated_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "scheduling_settings_single" CHECK(id = 1),
	CONSTRAINT "scheduling_settings_notice" CHECK(minimum_notice_minutes BETWEEN 0 AND 10080),
	CONSTRAINT "scheduling_settings_window" CHECK(window_days BETWEEN 1 AND 365),
	CONSTRAINT "scheduling_settings_buffers" CHECK(buffer_before_minutes BETWEEN 0 AND 240 AND buffer_after_minutes BETWEEN 0 AND 240),
	CONSTRAINT "scheduling_settings_cutoff" CHECK(change_cutoff_minutes BETWEEN 0 AND 10080)
);
