/**
 * The one way every domain emits a webhook event (ADR 36): one INSERT … SELECT writes a delivery
 * for each enabled endpoint of the organisation subscribed to the type, `ON CONFLICT DO NOTHING`
 * on the unique (endpoint, event id) index, so emitting the same event twice (a retry, a race)
 * enqueues it once. The statement can join the batch of the change it reports; then the
 * organisation's dispatcher is woken.
 */
import { webhookDeliveries, type Database } from '@kubemarket/db';
import type { WebhookEventType } from '@kubemarket/shared';
import { sql } from 'drizzle-orm';
import type { Ports } from '../context';
import { logError } from './log';

export interface WebhookEventDeps {
  db: Database;
  /** Without `webhooks` (a job's bare deps) the events are written and the dispatcher's next run sends them. */
  ports: Pick<Ports, 'clock'> & Partial<Pick<Ports, 'webhooks'>>;
}

export interface WebhookEvent {
  type: WebhookEventType;
  /**
   * What makes the event unique, e.g. the order's id for `order.paid` or the operation's for
   * `cluster.ready`: the event id is `<type>:<key>`, and one id is delivered once per endpoint.
   */
  key: string;
  data: Record<string, unknown>;
}

export const webhookEventId = (event: Pick<WebhookEvent, 'type' | 'key'>) => `${event.type}:${event.key}`;

/** The body every endpoint receives for this event (Standard Webhooks: type, ISO timestamp, data). */
export const webhookBody = (event: WebhookEvent, now: number) => JSON.stringify({ type: event.type, timestamp: new Date(now).toISOString(), data: event.data });

/**
 * The statement enqueueing `event` for the organisation's subscribed endpoints (or the one
 * `endpointId`): to await, or to put in the batch of the change. Returns the new deliveries' ids.
 */
export function webhookEventStatement(deps: WebhookEventDeps, organizationId: string, event: WebhookEvent, endpointId?: string) {
  const now = deps.ports.clock.now();
  const only = endpointId ? sql`AND e.id = ${endpointId}` : sql``;
  return deps.db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT 'msg_' || lower(hex(randomblob(12))), e.id, e.organization_id, ${webhookEventId(event)}, ${event.type}, ${webhookBody(event, now)}, 'pending', 0, ${now}, NULL, NULL, NULL, NULL, ${now}, ${now}
          FROM webhook_endpoints e
          WHERE e.organization_id = ${organizationId} AND e.enabled = 1 ${only} AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${event.type})`,
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
}

/** Tells the organisation's dispatcher there is something to send; a failure is logged (the next event or retry wakes it again). */
export async function wakeWebhooks(deps: WebhookEventDeps, organizationId: string): Promise<void> {
  try {
    await deps.ports.webhooks?.wake(organizationId);
  } catch (error) {
    logError(`Waking the webhook dispatcher of ${organizationId} failed`, error);
  }
}

/**
 * Emits an event on its own (when no batch of the change is at hand); never throws, so a webhook
 * problem cannot undo what the event reports. Returns how many deliveries it enqueued.
 */
export async function emitEvent(deps: WebhookEventDeps, organizationId: string, event: WebhookEvent): Promise<number> {
  try {
    const rows = await webhookEventStatement(deps, organizationId, event);
    if (rows.length > 0) await wakeWebhooks(deps, organizationId);
    return rows.length;
  } catch (error) {
    logError(`Emitting webhook event ${webhookEventId(event)} failed`, error);
    return 0;
  }
}
