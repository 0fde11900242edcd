CREATE TABLE `billing_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`plan` text NOT NULL,
	`starts_at` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_plans_organization_start_idx` ON `billing_plans` (`organization_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `credit_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`credit_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`credit_id`) REFERENCES `credits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_applications_credit_invoice_idx` ON `credit_applications` (`credit_id`,`invoice_id`);--> statement-breakpoint
CREATE TABLE `credits` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`origin` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`remaining_cents` integer NOT NULL,
	`expires_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credits_organization_idx` ON `credits` (`organization_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_millicents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`cluster_id` text,
	`order_id` text,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoice_sequences` (
	`year` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text DEFAULT 'invoice' NOT NULL,
	`number` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`status` text NOT NULL,
	`billing` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`credits_cents` integer DEFAULT 0 NOT NULL,
	`taxable_cents` integer NOT NULL,
	`vat_rate_basis_points` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`reverse_charge` integer DEFAULT false NOT NULL,
	`total_cents` integer NOT NULL,
	`corrects_invoice_id` text,
	`issued_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`paid_at` integer,
	`payment_method_id` text,
	`failed_charges` integer DEFAULT 0 NOT NULL,
	`next_charge_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_period_idx` ON `invoices` (`organization_id`,`period_start`) WHERE kind = 'invoice';--> statement-breakpoint
CREATE INDEX `invoices_organization_idx` ON `invoices` (`organization_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_dunning_idx` ON `invoices` (`status`,`next_charge_at`);--> statement-breakpoint
CREATE TABLE `metered_hours` (
	`hour` integer PRIMARY KEY NOT NULL,
	`records` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`holder_name` text,
	`is_default` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_methods_organization_idx` ON `payment_methods` (`organization_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_default_idx` ON `payment_methods` (`organization_id`) WHERE is_default = 1 AND removed_at IS NULL;--> statement-breakpoint
CREATE TABLE `usage_records` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`cluster_id` text,
	`hour` integer NOT NULL,
	`kind` text NOT NULL,
	`resource_id` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_millicents` integer NOT NULL,
	`amount_millicents` integer NOT NULL,
	`order_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `usage_records_subject_hour_idx` ON `usage_records` (`subject_id`,`hour`,`kind`,`resource_id`);--> statement-breakpoint
CREATE INDEX `usage_records_organization_hour_idx` ON `usage_records` (`organization_id`,`hour`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `overdue_since` integer;