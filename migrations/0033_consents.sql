CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`purpose` text NOT NULL,
	`notice_version` text NOT NULL,
	`form` text NOT NULL,
	`given_at` integer NOT NULL,
	`withdrawn_at` integer,
	CONSTRAINT "consents_purpose_check" CHECK(purpose IN ('demo', 'callback', 'sales-enquiry', 'trial', 'console-account', 'newsletter')),
	CONSTRAINT "consents_form_check" CHECK(form IN ('demo-booking', 'callback', 'enterprise-lead', 'trial', 'newsletter', 'admin-registration')),
	CONSTRAINT "consents_email_lower" CHECK(email = lower(email))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consents_active_unique` ON `consents` (`email`,`purpose`,`notice_version`,`form`) WHERE withdrawn_at IS NULL;--> statement-breakpoint
CREATE INDEX `consents_email_idx` ON `consents` (`email`,`given_at`);