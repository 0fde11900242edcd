import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { ORGANIZATION_ROLES, PLATFORM_ROLES } from '@kubemarket/shared';
import { organizationRef } from './organizations';
import { timestamps, requiredRef } from './columns';

/** 'user' is an ordinary customer; 'officer', 'admin' and 'super_admin' are staff. */
export const USER_ROLES = PLATFORM_ROLES;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_KINDS = ['person', 'service'] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('restrict'),
    username: text('username').notNull().unique(),
    /** Stored lower-cased so uniqueness and look-ups ignore case. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Membership role in the organisation (permissions in @kubemarket/shared); the registering user is its owner. */
    organizationRole: text('organization_role', { enum: ORGANIZATION_ROLES }).notNull().default('member'),
    /** Self-describing hash string; null for accounts that only sign in by magic link. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: integer('email_verified_at'),
    disabledAt: integer('disabled_at'),
    /**
     * TOTP secret sealed with AES-GCM (secret-box.ts) under key `totpKeyVersion`; set while
     * enrolling, enabled once totpEnabledAt is set. A null version marks a legacy plain seed, sealed
     * at its next use or by the cron.
     */
    totpSecret: text('totp_secret'),
    totpKeyVersion: integer('totp_key_version'),
    totpEnabledAt: integer('totp_enabled_at'),
    /** Last accepted TOTP time-step: a code of that step or earlier is refused (no replay). */
    totpLastUsedStep: integer('totp_last_used_step'),
    /** After 10 wrong second-factor codes in 24 h the MFA step is closed until this time. */
    mfaLockedUntil: integer('mfa_locked_until'),
    /**
     * The address typed at a registration whose email already had an account: shown to this user
     * (the answer must not tell that the address is taken) but never verifiable; `email` then holds
     * a unique placeholder until the user changes it.
     */
    unclaimedEmail: text('unclaimed_email'),
    passwordChangedAt: integer('password_changed_at'),
    /**
     * `service`: an organisation's service account (issue 33), owned by the organisation and acting
     * through its API tokens only: no password, never listed among members, never mailed.
     */
    kind: text('kind', { enum: USER_KINDS }).notNull().default('person'),
    ...timestamps,
  },
  (table) => [index('users_organization_idx').on(table.organizationId)],
);

/** The user a row belongs to: required; `cascade` goes with the account, `restrict` keeps the account while the row exists. */
export function userRef(onDelete: 'cascade' | 'restrict') {
  return requiredRef('user_id', () => users.id, onDelete);
}

/** A person the row names (who asked, decided, wrote, is assigned): null once their account is deleted, the row stays. */
export function optionalUserRef(column: string) {
  return text(column).references(() => users.id, { onDelete: 'set null' });
}

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
