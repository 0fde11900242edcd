import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { userRef } from './users';
import { created } from './columns';

export const AUTH_TOKEN_PURPOSES = ['verify_email', 'change_email', 'reset_password', 'magic_link', 'mfa_challenge', 'mfa_enrollment'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use, expiring tokens sent by email (or handed out for the MFA step); stored hashed. */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For change_email: the address being verified. */
    email: text('email'),
    attempts: integer('attempts').notNull().default(0),
    /** For change_email: `{ requestedBySessionId, signOutOtherSessions }`. */
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    ...created,
  },
  (table) => [index('auth_tokens_user_idx').on(table.userId, table.purpose)],
);

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: userRef('cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    ...created,
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

export type AuthToken = typeof authTokens.$inferSelect;
