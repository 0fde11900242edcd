CREATE TABLE `cluster_nodes` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`pool_id` text NOT NULL,
	`name` text NOT NULL,
	`zone` text NOT NULL,
	`status` text NOT NULL,
	`kubelet_version` text NOT NULL,
	`cpu_millicores` integer NOT NULL,
	`memory_mib` integer NOT NULL,
	`cpu_usage_percent` integer DEFAULT 0 NOT NULL,
	`memory_usage_percent` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pool_id`) REFERENCES `node_pools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cluster_nodes_cluster_name_idx` ON `cluster_nodes` (`cluster_id`,`name`);--> statement-breakpoint
CREATE INDEX `cluster_nodes_pool_idx` ON `cluster_nodes` (`pool_id`);--> statement-breakpoint
CREATE TABLE `node_pools` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`name` text NOT NULL,
	`flavor_id` text NOT NULL,
	`count` integer NOT NULL,
	`autoscaling` text,
	`labels` text DEFAULT '{}' NOT NULL,
	`taints` text DEFAULT '[]' NOT NULL,
	`kubernetes_version` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `node_pools_cluster_name_idx` ON `node_pools` (`cluster_id`,`name`);--> statement-breakpoint
CREATE TABLE `cluster_addons` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`addon_id` text NOT NULL,
	`order_id` text,
	`installed_at` integer NOT NULL,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cluster_addons_cluster_addon_idx` ON `cluster_addons` (`cluster_id`,`addon_id`);--> statement-breakpoint
CREATE TABLE `cluster_events` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`operation_id` text,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`actor_user_id` text,
	`data` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cluster_events_cluster_idx` ON `cluster_events` (`cluster_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `cluster_hibernations` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cluster_hibernations_cluster_idx` ON `cluster_hibernations` (`cluster_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `cluster_operations` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`steps` text NOT NULL,
	`current_step` integer DEFAULT 0 NOT NULL,
	`next_run_at` integer,
	`error` text,
	`requested_by` text,
	`order_id` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cluster_operations_cluster_idx` ON `cluster_operations` (`cluster_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `cluster_operations_running_idx` ON `cluster_operations` (`cluster_id`) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX `cluster_operations_due_idx` ON `cluster_operations` (`status`,`next_run_at`);--> statement-breakpoint
CREATE TABLE `kubeconfig_issuances` (
	`id` text PRIMARY KEY NOT NULL,
	`cluster_id` text NOT NULL,
	`user_id` text NOT NULL,
	`serial_number` text NOT NULL,
	`not_after` integer NOT NULL,
	`ca_fingerprint` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kubeconfig_issuances_cluster_idx` ON `kubeconfig_issuances` (`cluster_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `max_clusters` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `max_nodes` integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `timezone` text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
ALTER TABLE `clusters` ADD `zones` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `clusters` ADD `high_availability` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `clusters` ADD `networking` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `maintenance` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `hibernation` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `endpoint` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `ca_certificate` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `ca_private_key` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `monthly_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `clusters` ADD `provider_ref` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `clusters` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `clusters_organization_name_idx` ON `clusters` (`organization_id`,`name`);