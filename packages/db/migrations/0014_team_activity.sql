CREATE TABLE `team_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invitations_token_hash_unique` ON `team_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `team_invitations_organization_idx` ON `team_invitations` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `team_invitations_email_idx` ON `team_invitations` (`email`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `organization_id` text;--> statement-breakpoint
CREATE INDEX `audit_log_organization_idx` ON `audit_log` (`organization_id`,`created_at`);--> statement-breakpoint
UPDATE `audit_log` SET `organization_id` = CASE WHEN `target_type` = 'organization' THEN `target_id` ELSE (SELECT `organization_id` FROM `users` WHERE `users`.`id` = `audit_log`.`actor_user_id`) END WHERE `organization_id` IS NULL;
