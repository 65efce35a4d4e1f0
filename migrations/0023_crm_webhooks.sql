CREATE TABLE `webhook_endpoint_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`response_status` integer,
	`response_excerpt` text,
	`last_error` text,
	`last_attempt_at` integer,
	`next_attempt_at` integer,
	`lease_until` integer,
	`replay_of` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "endpoint_deliveries_status_check" CHECK(status IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `endpoint_deliveries_status_idx` ON `webhook_endpoint_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `endpoint_deliveries_endpoint_idx` ON `webhook_endpoint_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `endpoint_deliveries_event_idx` ON `webhook_endpoint_deliveries` (`event_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`failing_since` integer,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
