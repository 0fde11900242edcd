CREATE TABLE `middleware_backups` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`kind` text NOT NULL,
	`size_mb` integer NOT NULL,
	`requested_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `middleware_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `middleware_backups_instance_idx` ON `middleware_backups` (`instance_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `middleware_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`order_id` text NOT NULL,
	`line_index` integer NOT NULL,
	`middleware_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`cluster_id` text NOT NULL,
	`region_id` text NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`status` text NOT NULL,
	`status_reason` text,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`database_name` text,
	`username` text NOT NULL,
	`password` text,
	`password_rotated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ready_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`middleware_id`) REFERENCES `middlewares`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`plan_id`) REFERENCES `middleware_plans`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `middleware_instances_order_line_idx` ON `middleware_instances` (`order_id`,`line_index`);--> statement-breakpoint
CREATE UNIQUE INDEX `middleware_instances_org_name_idx` ON `middleware_instances` (`organization_id`,`name`) WHERE status != 'deleted';--> statement-breakpoint
CREATE INDEX `middleware_instances_org_idx` ON `middleware_instances` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `middleware_instances_cluster_idx` ON `middleware_instances` (`cluster_id`);