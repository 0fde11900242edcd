import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { created } from './columns';

/** Mail written by the development mailer, readable on the dev mailbox page and in tests. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    ...created,
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);

/** Fixed-window counters shared by every isolate, updated with one atomic upsert. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Staff actions, security events and what customers do to their organisation. Append-only: no
 * procedure updates or deletes a row.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorUserId: text('actor_user_id'),
    /** The organisation the entry belongs to (its customers read it); null for platform-wide events. */
    organizationId: text('organization_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ipAddress: text('ip_address'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    ...created,
  },
  (table) => [index('audit_log_actor_idx').on(table.actorUserId, table.createdAt), index('audit_log_organization_idx').on(table.organizationId, table.createdAt)],
);

export type MailMessage = typeof mailOutbox.$inferSelect;
