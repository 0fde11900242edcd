DROP INDEX `invoices_period_idx`;--> statement-breakpoint
ALTER TABLE `invoices` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `vat_check` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_reference` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `received_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_idx` ON `invoices` (`order_id`) WHERE kind = 'invoice' AND order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_payment_reference_idx` ON `invoices` (`payment_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_period_idx` ON `invoices` (`organization_id`,`period_start`) WHERE kind = 'invoice' AND order_id IS NULL;--> statement-breakpoint
CREATE TABLE `__new_invoice_sequences` (
	`series` text DEFAULT 'invoice' NOT NULL,
	`year` integer NOT NULL,
	`last_number` integer NOT NULL,
	PRIMARY KEY(`series`, `year`)
);
--> statement-breakpoint
INSERT INTO `__new_invoice_sequences`("series", "year", "last_number") SELECT 'invoice', "year", "last_number" FROM `invoice_sequences`;--> statement-breakpoint
DROP TABLE `invoice_sequences`;--> statement-breakpoint
ALTER TABLE `__new_invoice_sequences` RENAME TO `invoice_sequences`;--> statement-breakpoint
ALTER TABLE `organizations` ADD `billing_profile` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `vat_check` text;--> statement-breakpoint
-- Invoices already paid received their whole total.
UPDATE `invoices` SET `received_cents` = `total_cents` WHERE `status` = 'paid' AND `total_cents` > 0;--> statement-breakpoint
-- An organisation's billing profile starts as the details of its latest order (the invoices' "bill to" until now).
UPDATE `organizations` SET `billing_profile` = (
  SELECT json_object('companyName', json_extract(o.billing, '$.companyName'), 'countryCode', json_extract(o.billing, '$.countryCode'), 'vatNumber', json_extract(o.billing, '$.vatNumber'), 'addressLine1', json_extract(o.billing, '$.addressLine1'), 'addressLine2', json_extract(o.billing, '$.addressLine2'), 'postalCode', json_extract(o.billing, '$.postalCode'), 'city', json_extract(o.billing, '$.city'))
  FROM `orders` o WHERE o.organization_id = `organizations`.id AND o.billing IS NOT NULL ORDER BY o.created_at DESC LIMIT 1
) WHERE `billing_profile` IS NULL;
