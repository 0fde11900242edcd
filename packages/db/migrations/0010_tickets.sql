CREATE TABLE `ticket_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`message_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `ticket_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_attachments_r2_key_unique` ON `ticket_attachments` (`r2_key`);--> statement-breakpoint
CREATE INDEX `ticket_attachments_message_idx` ON `ticket_attachments` (`message_id`);--> statement-breakpoint
CREATE INDEX `ticket_attachments_ticket_idx` ON `ticket_attachments` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `ticket_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`author_user_id` text,
	`author_name` text NOT NULL,
	`from_staff` integer NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket_idx` ON `ticket_messages` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`organization_id` text,
	`requester_user_id` text,
	`requester_email` text NOT NULL,
	`requester_name` text NOT NULL,
	`category` text NOT NULL,
	`severity` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`cluster_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`assignee_user_id` text,
	`support_plan_id` text,
	`first_response_due_at` integer NOT NULL,
	`first_responded_at` integer,
	`next_update_due_at` integer,
	`resolved_at` integer,
	`closed_at` integer,
	`confirmation` text NOT NULL,
	`confirm_token_hash` text,
	`confirm_token_expires_at` integer,
	`access_token_hash` text,
	`merged_into_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requester_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cluster_id`) REFERENCES `clusters`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assignee_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_reference_unique` ON `tickets` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_confirm_token_hash_unique` ON `tickets` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_access_token_hash_unique` ON `tickets` (`access_token_hash`);--> statement-breakpoint
CREATE INDEX `tickets_organization_status_updated_idx` ON `tickets` (`organization_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_queue_due_idx` ON `tickets` (`confirmation`,`status`,`first_response_due_at`);--> statement-breakpoint
CREATE INDEX `tickets_queue_update_due_idx` ON `tickets` (`confirmation`,`status`,`next_update_due_at`);--> statement-breakpoint
CREATE INDEX `tickets_assignee_idx` ON `tickets` (`assignee_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `tickets_requester_email_idx` ON `tickets` (`requester_email`);--> statement-breakpoint
ALTER TABLE `support_plans` ADD `p1_update_minutes` integer;--> statement-breakpoint
ALTER TABLE `support_plans` ADD `p2_update_minutes` integer;--> statement-breakpoint
ALTER TABLE `support_plans` ADD `p3_update_minutes` integer;--> statement-breakpoint
ALTER TABLE `support_plans` ADD `p4_update_minutes` integer;