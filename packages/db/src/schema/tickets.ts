import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { clusters } from './clusters';
import { organizations } from './organizations';
import { optionalUserRef } from './users';
import { timestamps, requiredRef, created } from './columns';

export const TICKET_CATEGORIES = ['technical', 'billing', 'account', 'incident'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** P1 critical outage … P4 question, as the support plans' response targets name them. */
export const TICKET_SEVERITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type TicketSeverity = (typeof TICKET_SEVERITIES)[number];

export const TICKET_STATUSES = ['open', 'awaiting_customer', 'awaiting_support', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Public submissions wait for their email link; signed-in ones are confirmed at once. */
export const TICKET_CONFIRMATIONS = ['unconfirmed', 'confirmed'] as const;
export type TicketConfirmation = (typeof TICKET_CONFIRMATIONS)[number];

export const TICKET_MESSAGE_KINDS = ['reply', 'internal_note', 'status_change'] as const;
export type TicketMessageKind = (typeof TICKET_MESSAGE_KINDS)[number];

/**
 * A support ticket (issue 14): opened by a signed-in member (organisation set) or by a visitor
 * with an email (organisation null, confirmed by an emailed link before staff see it).
 */
export const tickets = sqliteTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    /** What people quote: "KM-T-48213". */
    reference: text('reference').notNull().unique(),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for a public submission, or once the requester's account is deleted. */
    requesterUserId: optionalUserRef('requester_user_id'),
    /** Where replies are mailed: the account's address at submission, or the visitor's (lower-cased). */
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull(),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    severity: text('severity', { enum: TICKET_SEVERITIES }).notNull(),
    subject: text('subject').notNull(),
    /** Markdown, rendered safely by the client. */
    description: text('description').notNull(),
    /** A cluster of the ticket's organisation (checked on write). */
    clusterId: text('cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    assigneeUserId: optionalUserRef('assignee_user_id'),
    /** The support plan whose targets the due times were computed with. */
    supportPlanId: text('support_plan_id'),
    firstResponseDueAt: integer('first_response_due_at').notNull(),
    firstRespondedAt: integer('first_responded_at'),
    /** When staff owe the next update; null while the customer holds the ticket or it is resolved. */
    nextUpdateDueAt: integer('next_update_due_at'),
    resolvedAt: integer('resolved_at'),
    closedAt: integer('closed_at'),
    confirmation: text('confirmation', { enum: TICKET_CONFIRMATIONS }).notNull(),
    /** SHA-256 of the emailed confirmation token (public submissions). */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmTokenExpiresAt: integer('confirm_token_expires_at'),
    /** SHA-256 of the emailed token that lets a visitor reply from /track-ticket. */
    accessTokenHash: text('access_token_hash').unique(),
    /** Set when closed as a duplicate of another ticket. */
    mergedIntoId: text('merged_into_id'),
    ...timestamps,
  },
  (table) => [
    index('tickets_organization_status_updated_idx').on(table.organizationId, table.status, table.updatedAt),
    index('tickets_queue_due_idx').on(table.confirmation, table.status, table.firstResponseDueAt),
    index('tickets_queue_update_due_idx').on(table.confirmation, table.status, table.nextUpdateDueAt),
    index('tickets_assignee_idx').on(table.assigneeUserId, table.status),
    index('tickets_requester_email_idx').on(table.requesterEmail),
  ],
);

export const ticketMessages = sqliteTable(
  'ticket_messages',
  {
    id: text('id').primaryKey(),
    ticketId: requiredRef('ticket_id', () => tickets.id, 'cascade'),
    /** Null for a visitor's reply or a deleted account; authorName keeps who wrote it. */
    authorUserId: optionalUserRef('author_user_id'),
    authorName: text('author_name').notNull(),
    /** Whether staff wrote it: the thread shows support's side apart from the customer's. */
    fromStaff: integer('from_staff', { mode: 'boolean' }).notNull(),
    kind: text('kind', { enum: TICKET_MESSAGE_KINDS }).notNull(),
    body: text('body').notNull(),
    ...created,
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const ticketAttachments = sqliteTable(
  'ticket_attachments',
  {
    id: text('id').primaryKey(),
    ticketId: requiredRef('ticket_id', () => tickets.id, 'cascade'),
    messageId: requiredRef('message_id', () => ticketMessages.id, 'cascade'),
    /** Object key in the FILES bucket. */
    r2Key: text('r2_key').notNull().unique(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    ...created,
  },
  (table) => [index('ticket_attachments_message_idx').on(table.messageId), index('ticket_attachments_ticket_idx').on(table.ticketId)],
);

export type Ticket = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;
export type TicketMessage = typeof ticketMessages.$inferSelect;
export type TicketAttachment = typeof ticketAttachments.$inferSelect;
