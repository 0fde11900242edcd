import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { organizations } from './organizations';

/** 'user' is an ordinary customer; 'officer', 'admin' and 'super_admin' are staff. */
export const USER_ROLES = ['user', 'officer', 'admin', 'super_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    username: text('username').notNull().unique(),
    /** Stored lower-cased so uniqueness and look-ups ignore case. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Self-describing hash string; null for accounts that only sign in by magic link. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: integer('email_verified_at'),
    disabledAt: integer('disabled_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('users_organization_idx').on(table.organizationId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
