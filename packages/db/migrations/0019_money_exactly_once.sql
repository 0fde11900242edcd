CREATE TABLE `invoice_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`idempotency_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_payments_idempotency_key_unique` ON `invoice_payments` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `invoice_payments_invoice_idx` ON `invoice_payments` (`invoice_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_payments_one_holding_idx` ON `invoice_payments` (`invoice_id`) WHERE status IN ('pending', 'processing', 'succeeded');--> statement-breakpoint
CREATE TABLE `promotion_redemptions` (
	`order_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`promotion_code` text NOT NULL,
	`first_purchase` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_redemptions_first_purchase_idx` ON `promotion_redemptions` (`organization_id`) WHERE first_purchase = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_holding_per_order_idx` ON `payments` (`order_id`) WHERE status IN ('pending', 'processing', 'succeeded');