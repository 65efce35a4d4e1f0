CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`device_type` text NOT NULL,
	`backed_up` integer DEFAULT false NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "passkeys_device_type_check" CHECK(device_type IN ('singleDevice', 'multiDevice')),
	CONSTRAINT "passkeys_name_length" CHECK(length(name) BETWEEN 1 AND 60),
	CONSTRAINT "passkeys_counter_check" CHECK(counter >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passkeys_credential_unique` ON `passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkeys_admin_idx` ON `passkeys` (`admin_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`admin_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webauthn_challenges_purpose_check" CHECK(purpose IN ('registration', 'authentication'))
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);