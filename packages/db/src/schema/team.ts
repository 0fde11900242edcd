import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { organizationRef } from './organizations';
import { optionalUserRef } from './users';
import { created } from './columns';

/**
 * An invitation to join an organisation, mailed as a link. Only the SHA-256 of the link's token
 * is stored; accepted or revoked invitations stay as a record of who let whom in.
 */
export const teamInvitations = sqliteTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    /** Lower-cased: the invitee must sign in with this address to accept. */
    email: text('email').notNull(),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: optionalUserRef('invited_by'),
    expiresAt: integer('expires_at').notNull(),
    acceptedAt: integer('accepted_at'),
    acceptedBy: optionalUserRef('accepted_by'),
    revokedAt: integer('revoked_at'),
    ...created,
  },
  (table) => [index('team_invitations_organization_idx').on(table.organizationId, table.createdAt), index('team_invitations_email_idx').on(table.email)],
);

export type TeamInvitation = typeof teamInvitations.$inferSelect;
