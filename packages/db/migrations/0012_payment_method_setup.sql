ALTER TABLE `payment_methods` ADD `customer_ref` text;--> statement-breakpoint
ALTER TABLE `payment_methods` ADD `mandate_ref` text;--> statement-breakpoint
ALTER TABLE `payment_methods` ADD `bank_code` text;