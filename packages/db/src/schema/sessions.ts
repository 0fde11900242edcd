import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { userRef } from './users';
import { created } from './columns';

/**
 * Sessions after Lucia's current design: the cookie carries `<id>.<secret>`, only the
 * SHA-256 of the secret is stored, and a session has both a sliding inactivity expiry
 * (lastActiveAt) and an absolute one (expiresAt).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    secretHash: text('secret_hash').notNull(),
    /** Per-session CSRF token, sent to the client in the meta tag and X-CSRF-Token header. */
    csrfToken: text('csrf_token').notNull(),
    /** Staff sessions get shorter lifetimes. */
    elevated: integer('elevated', { mode: 'boolean' }).notNull().default(false),
    ...created,
    lastActiveAt: integer('last_active_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
