CREATE TABLE `lead_events` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`actor_email` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lead_events_type_check" CHECK(type IN ('meeting', 'callback', 'enterprise', 'trial', 'newsletter', 'status', 'owner', 'note', 'sla'))
);
--> statement-breakpoint
CREATE INDEX `lead_events_lead_idx` ON `lead_events` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`company_domain` text,
	`kinds` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`status_reason` text,
	`owner_id` text,
	`assigned_at` integer,
	`first_touch` text,
	`last_touch` text,
	`source` text,
	`campaign` text,
	`first_touch_at` integer,
	`sla_notified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "leads_status_check" CHECK(status IN ('new', 'contacted', 'qualified', 'won', 'lost', 'disqualified')),
	CONSTRAINT "leads_email_lower" CHECK(email = lower(email))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_email_unique` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_newest_idx` ON `leads` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_status_newest_idx` ON `leads` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_owner_idx` ON `leads` (`owner_id`,`status`);--> statement-breakpoint
CREATE INDEX `leads_owner_assigned_idx` ON `leads` (`owner_id`,`assigned_at`);--> statement-breakpoint
CREATE INDEX `leads_source_idx` ON `leads` (`source`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_campaign_idx` ON `leads` (`campaign`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_domain_idx` ON `leads` (`company_domain`);