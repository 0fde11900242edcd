CREATE TABLE `custom_solution_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`requested_by` text,
	`subject` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`scale_details` text,
	`expected_nodes` integer,
	`monthly_budget_cents` integer,
	`desired_date` text,
	`contact_preference` text DEFAULT 'email' NOT NULL,
	`contact_phone` text,
	`status` text DEFAULT 'submitted' NOT NULL,
	`staff_response` text,
	`responded_at` integer,
	`assigned_to` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "custom_solution_requests_budget" CHECK(monthly_budget_cents IS NULL OR monthly_budget_cents >= 0),
	CONSTRAINT "custom_solution_requests_nodes" CHECK(expected_nodes IS NULL OR expected_nodes > 0)
);
--> statement-breakpoint
CREATE INDEX `custom_solution_requests_organization_idx` ON `custom_solution_requests` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `custom_solution_requests_status_idx` ON `custom_solution_requests` (`status`,`created_at`);