CREATE TABLE `api_token_usage` (
	`token_id` text NOT NULL,
	`hour_start` integer NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`rate_limited` integer DEFAULT 0 NOT NULL,
	`last_used_at` integer NOT NULL,
	`last_ip_address` text,
	PRIMARY KEY(`token_id`, `hour_start`)
);
