CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`rate` real NOT NULL,
	`fetched_at` integer NOT NULL,
	`source` text NOT NULL,
	`rate_date` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `data_centers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`country_code` text NOT NULL,
	`certifications` text NOT NULL,
	`status` text DEFAULT 'operational' NOT NULL,
	`opened_year` integer NOT NULL,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`company` text,
	`phone` text,
	`message` text,
	`details` text,
	`ip` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `leads_kind_created_idx` ON `leads` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_email_idx` ON `leads` (`email`);--> statement-breakpoint
CREATE TABLE `newsletter_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`token_hash` text,
	`token_expires_at` integer,
	`unsubscribe_token_hash` text,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_email_unique` ON `newsletter_subscriptions` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_token_hash_unique` ON `newsletter_subscriptions` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_unsubscribe_token_hash_unique` ON `newsletter_subscriptions` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE TABLE `clusters` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`tier_id` text NOT NULL,
	`region` text NOT NULL,
	`status` text DEFAULT 'provisioning' NOT NULL,
	`kubernetes_version` text NOT NULL,
	`node_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`tier_id`) REFERENCES `cluster_tiers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`region`) REFERENCES `data_centers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `clusters_organization_idx` ON `clusters` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_organization_idx` ON `orders` (`organization_id`,`created_at`);