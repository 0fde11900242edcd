CREATE TABLE `credit_note_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`requested_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`decision_reason` text,
	`credit_note_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_note_requests_pending_idx` ON `credit_note_requests` (`invoice_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_one_credit_note_idx` ON `invoices` (`corrects_invoice_id`) WHERE kind = 'credit_note';