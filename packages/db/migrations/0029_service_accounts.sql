ALTER TABLE `users` ADD `kind` text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `created_by_user_id` text REFERENCES users(id) ON DELETE set null;