CREATE TABLE `invoice_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`excess_cents` integer DEFAULT 0 NOT NULL,
	`bank_reference` text NOT NULL,
	`received_at` integer NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_receipts_bank_reference_idx` ON `invoice_receipts` (`invoice_id`,`bank_reference`);--> statement-breakpoint
CREATE INDEX `invoice_receipts_organization_idx` ON `invoice_receipts` (`organization_id`,`received_at`);