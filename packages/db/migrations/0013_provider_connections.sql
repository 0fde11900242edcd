CREATE TABLE `external_clusters` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_cluster_id` text NOT NULL,
	`name` text NOT NULL,
	`region` text NOT NULL,
	`kubernetes_version` text NOT NULL,
	`node_count` integer,
	`status` text NOT NULL,
	`refreshed_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `provider_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `external_clusters_org_idx` ON `external_clusters` (`organization_id`,`name`);--> statement-breakpoint
CREATE INDEX `external_clusters_connection_idx` ON `external_clusters` (`connection_id`);--> statement-breakpoint
CREATE TABLE `provider_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`provider` text NOT NULL,
	`name` text NOT NULL,
	`sealed_credentials` text NOT NULL,
	`credentials_key_version` integer NOT NULL,
	`hint` text NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_tested_at` integer,
	`last_result_kind` text,
	`last_refreshed_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_connections_org_name_idx` ON `provider_connections` (`organization_id`,`name`);