ALTER TABLE `users` ADD `totp_key_version` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_locked_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `unclaimed_email` text;--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `data` text;