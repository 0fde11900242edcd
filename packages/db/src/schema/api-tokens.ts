import type { TokenScope } from '@kubemarket/shared';
import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { optionalUserRef, userRef } from './users';
import { created } from './columns';

/**
 * Personal API tokens for scripts (`Authorization: Bearer kmt_<id>_<secret>`). Only the SHA-256
 * of the secret is stored; the scopes narrow what the token's user may do.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the token, shown in lists so people can tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<TokenScope[]>().notNull(),
    ...created,
    expiresAt: integer('expires_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
    /** For a service account's token: the person who created it (the token outlives their membership). */
    createdByUserId: optionalUserRef('created_by_user_id'),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId, table.createdAt)],
);

export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * How much each token was used, one row per token per hour (`hour_start`, UTC, in ms): every bearer
 * request adds one to `requests` (or `rate_limited` when refused with 429) in one upsert. The audit
 * log gets one `token.used` (and at most one `token.rate_limited`) entry per token and hour, and
 * reads its count from here, so a busy script does not bury the entries of people. No foreign key:
 * like the audit log, the counts outlive a purged token.
 */
export const apiTokenUsage = sqliteTable(
  'api_token_usage',
  {
    tokenId: text('token_id').notNull(),
    hourStart: integer('hour_start').notNull(),
    requests: integer('requests').notNull().default(0),
    rateLimited: integer('rate_limited').notNull().default(0),
    lastUsedAt: integer('last_used_at').notNull(),
    lastIpAddress: text('last_ip_address'),
  },
  (table) => [primaryKey({ columns: [table.tokenId, table.hourStart] })],
);

export type ApiTokenUsage = typeof apiTokenUsage.$inferSelect;
