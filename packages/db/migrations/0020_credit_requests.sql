CREATE TABLE `credit_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`origin` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`expires_at` integer,
	`limit_reason` text NOT NULL,
	`requested_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`decision_reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credit_requests_status_idx` ON `credit_requests` (`status`,`created_at`);