CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'admin' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approved_by` text,
	`approved_at` integer,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`failed_window_start` integer,
	`locked_until` integer,
	`notifications_seen_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "admins_status_check" CHECK(status IN ('pending', 'active', 'rejected')),
	CONSTRAINT "admins_role_check" CHECK(role IN ('admin')),
	CONSTRAINT "admins_email_lower" CHECK(email = lower(email))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_action_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`content_html` text NOT NULL,
	`excerpt` text NOT NULL,
	`author` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "blog_posts_status_check" CHECK(status IN ('draft', 'published')),
	CONSTRAINT "blog_posts_tags_json" CHECK(json_valid(tags) AND json_type(tags) = 'array')
);
--> statement-breakpoint
CREATE INDEX `blog_posts_status_idx` ON `blog_posts` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_created_idx` ON `blog_posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `callback_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`company` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "callbacks_status_check" CHECK(status IN ('new', 'contacted'))
);
--> statement-breakpoint
CREATE INDEX `callbacks_created_idx` ON `callback_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_idempotency_unique` ON `email_outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`meeting_type` text DEFAULT 'demo' NOT NULL,
	`date` text NOT NULL,
	`time_slot` text NOT NULL,
	`starts_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`visitor_timezone` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "meetings_status_check" CHECK(status IN ('scheduled', 'confirmed', 'cancelled', 'completed')),
	CONSTRAINT "meetings_type_check" CHECK(meeting_type IN ('demo')),
	CONSTRAINT "meetings_date_format" CHECK(date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	CONSTRAINT "meetings_time_format" CHECK(time_slot GLOB '[0-9][0-9]:[0-9][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_active_slot_unique` ON `meetings` (`date`,`time_slot`) WHERE status IN ('scheduled', 'confirmed');--> statement-breakpoint
CREATE INDEX `meetings_status_idx` ON `meetings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `meetings_created_idx` ON `meetings` (`created_at`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`family_id` text NOT NULL,
	`session_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`replaced_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_admin_idx` ON `refresh_tokens` (`admin_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`user_agent` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_kind_check" CHECK(kind IN ('browser', 'api'))
);
--> statement-breakpoint
CREATE INDEX `sessions_admin_idx` ON `sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`job_title` text DEFAULT '' NOT NULL,
	`occupation` text DEFAULT '' NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`company_size` text DEFAULT '' NOT NULL,
	`industry` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`plan` text DEFAULT 'trial' NOT NULL,
	`requested_plan` text,
	`status` text DEFAULT 'unverified' NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`approval_status` text,
	`trial_approved` integer DEFAULT false NOT NULL,
	`approval_notes` text,
	`approved_by` text,
	`approved_at` integer,
	`start_date` integer,
	`end_date` integer,
	`email_sent` integer DEFAULT false NOT NULL,
	`email_sent_at` integer,
	`features` text DEFAULT '[]' NOT NULL,
	`how_did_you_hear` text DEFAULT '' NOT NULL,
	`use_case` text DEFAULT '' NOT NULL,
	`current_tools` text DEFAULT '' NOT NULL,
	`subscribe_newsletter` integer DEFAULT false NOT NULL,
	`price_amount` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`billing_cycle` text DEFAULT 'monthly' NOT NULL,
	`payment_method_type` text,
	`card_last4` text,
	`reminder_sent_at` integer,
	`expired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`approved_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "subscriptions_plan_check" CHECK(plan IN ('free', 'trial', 'basic', 'standard', 'premium', 'enterprise')),
	CONSTRAINT "subscriptions_status_check" CHECK(status IN ('active', 'unverified', 'pending', 'cancelled', 'rejected')),
	CONSTRAINT "subscriptions_role_check" CHECK(role IN ('individual', 'organization')),
	CONSTRAINT "subscriptions_cycle_check" CHECK(billing_cycle IN ('monthly', 'annual')),
	CONSTRAINT "subscriptions_approval_check" CHECK(approval_status IS NULL OR approval_status IN ('pending_admin_approval', 'approved', 'rejected')),
	CONSTRAINT "subscriptions_email_lower" CHECK(email = lower(email)),
	CONSTRAINT "subscriptions_price_check" CHECK(price_amount >= 0),
	CONSTRAINT "subscriptions_card_check" CHECK(card_last4 IS NULL OR card_last4 GLOB '[0-9][0-9][0-9][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_id_unique` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_email_unique` ON `subscriptions` (`email`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_plan_idx` ON `subscriptions` (`plan`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_approval_idx` ON `subscriptions` (`approval_status`);--> statement-breakpoint
CREATE INDEX `subscriptions_end_idx` ON `subscriptions` (`end_date`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`voided_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "codes_purpose_check" CHECK(purpose IN ('trial')),
	CONSTRAINT "codes_attempts_check" CHECK(attempts >= 0)
);
--> statement-breakpoint
CREATE INDEX `codes_email_idx` ON `verification_codes` (`email`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `codes_ip_idx` ON `verification_codes` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`event` text NOT NULL,
	`url` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`response_status` integer,
	`response_body` text,
	`last_error` text,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhooks_status_check" CHECK(status IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `webhooks_status_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhooks_subscription_idx` ON `webhook_deliveries` (`subscription_id`);