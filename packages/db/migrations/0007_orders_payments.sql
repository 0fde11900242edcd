CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`payment_id` text,
	`reason` text,
	`data` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_events_settled_idx` ON `order_events` (`order_id`) WHERE type IN ('paid', 'invoiced', 'cancelled');--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`idempotency_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decline_code` text,
	`failure_reason` text,
	`card_brand` text,
	`card_last4` text,
	`due_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`succeeded_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotency_key_unique` ON `payments` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_idx` ON `payments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`payment_id` text,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `organizations` ADD `invoicing_allowed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `cycle` text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `subtotal_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_applied` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `quote` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `billing` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `summary` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `request_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `target_cluster_id` text REFERENCES clusters(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `orders` ADD `created_cluster_id` text REFERENCES clusters(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `orders_organization_status_idx` ON `orders` (`organization_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_target_cluster_idx` ON `orders` (`target_cluster_id`);