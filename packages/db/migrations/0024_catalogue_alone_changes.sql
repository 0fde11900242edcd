CREATE TABLE `catalogue_alone_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_user_id` text NOT NULL,
	`month_start` integer NOT NULL,
	`ordinal` integer NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalogue_alone_changes_month_idx` ON `catalogue_alone_changes` (`staff_user_id`,`month_start`,`ordinal`);