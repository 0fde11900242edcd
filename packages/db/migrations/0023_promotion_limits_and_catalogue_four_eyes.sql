CREATE TABLE `catalogue_change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`procedure` text NOT NULL,
	`subject` text NOT NULL,
	`input` text NOT NULL,
	`summary` text NOT NULL,
	`limit_reason` text NOT NULL,
	`reason` text NOT NULL,
	`requested_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`decision_reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalogue_change_requests_pending_idx` ON `catalogue_change_requests` (`subject`) WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE `promotions` ADD `max_redemptions` integer;--> statement-breakpoint
ALTER TABLE `promotions` ADD `max_redemptions_per_organization` integer;--> statement-breakpoint
CREATE INDEX `promotion_redemptions_code_idx` ON `promotion_redemptions` (`promotion_code`,`organization_id`);