DROP INDEX `meetings_active_slot_unique`;--> statement-breakpoint
ALTER TABLE `meetings` ADD `host_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_active_host_slot_unique` ON `meetings` (`host_id`,`date`,`time_slot`) WHERE status IN ('scheduled', 'confirmed');--> statement-breakpoint
CREATE INDEX `meetings_host_idx` ON `meetings` (`host_id`,`date`);