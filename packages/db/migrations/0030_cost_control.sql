CREATE TABLE `budget_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`month` integer NOT NULL,
	`threshold_percent` integer NOT NULL,
	`basis` text NOT NULL,
	`spend_cents` integer NOT NULL,
	`budget_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `budget_alerts_once_idx` ON `budget_alerts` (`budget_id`,`month`,`threshold_percent`,`basis`);--> statement-breakpoint
CREATE INDEX `budget_alerts_organization_idx` ON `budget_alerts` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `budgets` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`cluster_id` text,
	`tier_id` text,
	`label` text,
	`amount_cents` integer NOT NULL,
	`thresholds` text DEFAULT '[50,80,100]' NOT NULL,
	`hibernate_on_reach` integer DEFAULT false NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `budgets_organization_name_idx` ON `budgets` (`organization_id`,`name`);--> statement-breakpoint
CREATE TABLE `cluster_leftovers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`cluster_id` text NOT NULL,
	`cluster_name` text NOT NULL,
	`region` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`provider_ref` text,
	`size_gb` integer,
	`monthly_cents` integer NOT NULL,
	`status` text DEFAULT 'kept' NOT NULL,
	`kept_by_user_id` text,
	`removed_at` integer,
	`removed_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cluster_leftovers_cluster_name_idx` ON `cluster_leftovers` (`cluster_id`,`kind`,`name`);--> statement-breakpoint
CREATE INDEX `cluster_leftovers_organization_idx` ON `cluster_leftovers` (`organization_id`,`status`);--> statement-breakpoint
CREATE TABLE `cluster_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`effective_at` integer NOT NULL,
	`monthly_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`order_id` text,
	`operation_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cluster_quotes_cluster_idx` ON `cluster_quotes` (`cluster_id`,`effective_at`);--> statement-breakpoint
CREATE TABLE `power_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`milliwatts` integer NOT NULL,
	`source` text NOT NULL,
	`year` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `organizations` ADD `eu_only_regions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `operator` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `jurisdiction` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `eu_only_access` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `pue_milli` integer DEFAULT 1400 NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `grid_grams_per_kwh` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `grid_source` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `grid_year` integer DEFAULT 2024 NOT NULL;