import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizationRef } from './organizations';
import { requiredRef, timestamps } from './columns';

/**
 * Where an organisation wants its events sent, signed as Standard Webhooks specify (ADR 36). The
 * signing secret (`whsec_…`) is sealed with the SecretBox under `secretKeyVersion`, bound to the
 * row's id; after a rotation the previous one is kept sealed until `previousSecretExpiresAt`, and
 * deliveries are signed with both until then.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives, a JSON array of strings. */
    events: text('events').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    sealedSecret: text('sealed_secret').notNull(),
    secretKeyVersion: integer('secret_key_version').notNull(),
    previousSealedSecret: text('previous_sealed_secret'),
    previousSecretKeyVersion: integer('previous_secret_key_version'),
    previousSecretExpiresAt: integer('previous_secret_expires_at'),
    ...timestamps,
  },
  (table) => [index('webhook_endpoints_org_idx').on(table.organizationId, table.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint: its id is the `webhook-id` header, the same at every attempt; the
 * body is written once at enqueue. Unique per (endpoint, event id), so an event is enqueued once
 * however many times it is emitted; an attempt is claimed by a conditional UPDATE before sending.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: requiredRef('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    organizationId: organizationRef('cascade'),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body sent: `{ type, timestamp, data }`. */
    payload: text('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (pending), or until when the current one holds its claim (sending). */
    nextAttemptAt: integer('next_attempt_at'),
    lastAttemptAt: integer('last_attempt_at'),
    responseStatus: integer('response_status'),
    /** The first characters of the answer's body, or why there was no answer. */
    responseExcerpt: text('response_excerpt'),
    /** The Idempotency-Key of the last manual retry: the same key again answers that retry. */
    retryKey: text('retry_key'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(table.endpointId, table.eventId),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.organizationId, table.status, table.nextAttemptAt),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
