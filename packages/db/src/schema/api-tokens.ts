import type { TokenScope } from '@kubemarket/shared';
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Personal API tokens for scripts (`Authorization: Bearer kmt_<id>_<secret>`). Only the SHA-256
 * of the secret is stored; the scopes narrow what the token's user may do.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The first characters of the token, shown in lists so people can tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<TokenScope[]>().notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId, table.createdAt)],
);

export type ApiToken = typeof apiTokens.$inferSelect;
