CREATE TABLE `kubernetes_versions` (
	`version` text PRIMARY KEY NOT NULL,
	`patch` integer NOT NULL,
	`classification` text NOT NULL,
	`end_of_support_at` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`sort_order` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kubernetes_versions_one_default_idx` ON `kubernetes_versions` (`is_default`) WHERE is_default = 1;--> statement-breakpoint
CREATE TABLE `node_flavors` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`vcpu` integer NOT NULL,
	`memory_gb` integer NOT NULL,
	`gpu_model` text,
	`gpu_count` integer DEFAULT 0 NOT NULL,
	`gpu_memory_gb` integer,
	`local_disk_gb` integer NOT NULL,
	`hourly_price_millicents` integer NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`region_ids` text NOT NULL,
	`sort_order` integer NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `addons` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`version` text NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`yearly_price_cents` integer,
	`compatible_tier_ids` text NOT NULL,
	`min_kubernetes_version` text,
	`max_kubernetes_version` text,
	`requires` text DEFAULT '[]' NOT NULL,
	`conflicts` text DEFAULT '[]' NOT NULL,
	`sort_order` integer NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `middleware_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`middleware_id` text NOT NULL,
	`name` text NOT NULL,
	`nodes` integer,
	`vcpu` integer,
	`memory_gb` integer,
	`storage_gb` integer NOT NULL,
	`high_availability` integer NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`yearly_price_cents` integer,
	`sort_order` integer NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`middleware_id`) REFERENCES `middlewares`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `middleware_plans_middleware_idx` ON `middleware_plans` (`middleware_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `middlewares` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`engine` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`versions` text NOT NULL,
	`region_ids` text NOT NULL,
	`sort_order` integer NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `support_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`p1_response_minutes` integer,
	`p2_response_minutes` integer,
	`p3_response_minutes` integer,
	`p4_response_minutes` integer,
	`channels` text NOT NULL,
	`hours` text NOT NULL,
	`named_engineer` integer DEFAULT false NOT NULL,
	`pricing_kind` text NOT NULL,
	`monthly_price_cents` integer,
	`percent_of_spend_basis_points` integer,
	`minimum_monthly_cents` integer,
	`sort_order` integer NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "support_plans_price_matches_kind" CHECK((pricing_kind = 'fixed' AND monthly_price_cents IS NOT NULL AND percent_of_spend_basis_points IS NULL)
        OR (pricing_kind = 'share' AND percent_of_spend_basis_points IS NOT NULL AND minimum_monthly_cents IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `promotions` (
	`code` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_until` integer,
	`first_purchase_only` integer DEFAULT false NOT NULL,
	`minimum_subtotal_cents` integer DEFAULT 0 NOT NULL,
	`applies_to` text,
	`featured` integer DEFAULT false NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "promotions_code_upper_case" CHECK(code = upper(code) AND length(code) > 0),
	CONSTRAINT "promotions_value" CHECK(value > 0 AND (kind <> 'percent' OR value <= 10000))
);
--> statement-breakpoint
CREATE TABLE `catalog_prices` (
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`effective_from` integer NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`yearly_price_cents` integer,
	`hourly_price_millicents` integer,
	`percent_of_spend_basis_points` integer,
	`created_at` integer NOT NULL,
	`created_by` text,
	PRIMARY KEY(`item_kind`, `item_id`, `effective_from`)
);
--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `purpose` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `sla_basis_points` integer;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `ha_control_plane` text DEFAULT 'unavailable' NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `ha_monthly_price_cents` integer;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `ha_yearly_price_cents` integer;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `max_nodes` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `max_pools` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `allowed_flavor_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `allowed_region_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `cluster_tiers` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `data_centers` ADD `zones` text DEFAULT '[]' NOT NULL;