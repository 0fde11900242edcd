CREATE TABLE `incident_notices` (
	`incident_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event` text NOT NULL,
	`notification_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`incident_id`, `user_id`, `event`),
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `incident_updates` (
	`id` text PRIMARY KEY NOT NULL,
	`incident_id` text NOT NULL,
	`status` text NOT NULL,
	`message` text NOT NULL,
	`author_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incidents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incident_updates_incident_idx` ON `incident_updates` (`incident_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`impact` text NOT NULL,
	`status` text DEFAULT 'investigating' NOT NULL,
	`affected_regions` text DEFAULT '[]' NOT NULL,
	`affected_services` text DEFAULT '[]' NOT NULL,
	`declared_by` text,
	`idempotency_key` text,
	`started_at` integer NOT NULL,
	`resolved_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`declared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incidents_resolved_idx` ON `incidents` (`resolved_at`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `incidents_idempotency_key_idx` ON `incidents` (`idempotency_key`);