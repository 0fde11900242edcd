/**
 * Sends an organisation's due deliveries (ADR 36), run by its WebhookDispatcher Durable Object at
 * each alarm (or by a test with its clock). Each attempt is claimed first by a conditional UPDATE
 * (status and due time as read), so two runs never send the same attempt; a claim lasts
 * CLAIM_MS, after which a run that died mid-attempt is taken over. A 2xx within 15 s is success;
 * anything else is retried on the schedule, then failed.
 */
import { webhookDeliveries, webhookEndpoints, type Database, type WebhookDelivery } from '@kubemarket/db';
import { and, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { AppConfig, Ports } from '../../context';
import { logError } from '../../platform/log';
import { checkWebhookUrl, nextAttemptAt, WEBHOOK_TIMEOUT_MS, webhookHeaders } from '../../platform/webhooks';
import { signingSecrets } from './service';

export interface DeliveryDeps {
  db: Database;
  config: Pick<AppConfig, 'environment'>;
  ports: Pick<Ports, 'clock' | 'secrets' | 'webhooks'>;
}

/** How long an attempt holds its claim: longer than the receiver's 15 s. */
export const CLAIM_MS = 60_000;
/** Deliveries one run sends at once; more due means another run at once. */
export const DELIVERIES_PER_RUN = 10;
/** Characters of the receiver's answer kept. */
export const EXCERPT_LENGTH = 200;

interface Outcome {
  ok: boolean;
  status: number | null;
  excerpt: string;
}

async function send(deps: DeliveryDeps, delivery: WebhookDelivery, url: string, secrets: string[]): Promise<Outcome> {
  const timestamp = Math.floor(deps.ports.clock.now() / 1000);
  const headers = { 'content-type': 'application/json', 'user-agent': 'KubeMarket-Webhooks/1', ...(await webhookHeaders(secrets, delivery.id, timestamp, delivery.payload)) };
  const fetcher = deps.ports.webhooks.fetch ?? fetch;
  try {
    // Redirects are not followed: a receiver may not send us on to an address the rules refuse.
    const response = await fetcher(url, { method: 'POST', headers, body: delivery.payload, redirect: 'manual', signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    const text = await response.text().catch(() => '');
    return { ok: response.status >= 200 && response.status < 300, status: response.status, excerpt: text.slice(0, EXCERPT_LENGTH) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, status: null, excerpt: timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.` : `Could not connect: ${error instanceof Error ? error.message : String(error)}`.slice(0, EXCERPT_LENGTH) };
  }
}

/** Claims one attempt: only if it is still due as it was read. */
async function claim(db: Database, delivery: WebhookDelivery, now: number): Promise<WebhookDelivery | undefined> {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ status: 'sending', attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: now + CLAIM_MS, lastAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, delivery.status), eq(webhookDeliveries.attempts, delivery.attempts), lte(webhookDeliveries.nextAttemptAt, now)))
    .returning();
  return claimed;
}

/** Claims and sends one attempt; false when another run had claimed it. */
async function attempt(deps: DeliveryDeps, delivery: WebhookDelivery): Promise<boolean> {
  const claimed = await claim(deps.db, delivery, deps.ports.clock.now());
  if (!claimed) return false;
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId)).limit(1);
  let outcome: Outcome;
  let final = false;
  const verdict = endpoint ? checkWebhookUrl(endpoint.url, deps.config.environment) : null;
  if (!endpoint || !verdict?.ok) {
    outcome = { ok: false, status: null, excerpt: verdict && !verdict.ok ? `Not sent: ${verdict.reason}` : 'Not sent: the endpoint is gone.' };
    final = true;
  } else if (!endpoint.enabled && claimed.eventType !== 'webhook.test') {
    outcome = { ok: false, status: null, excerpt: 'Not sent: the endpoint is disabled.' };
    final = true;
  } else {
    outcome = await send(deps, claimed, endpoint.url, await signingSecrets(deps, endpoint, deps.ports.clock.now()));
  }
  const now = deps.ports.clock.now();
  const next = outcome.ok || final ? null : nextAttemptAt(claimed.attempts, now);
  await deps.db
    .update(webhookDeliveries)
    .set({ status: outcome.ok ? 'succeeded' : next === null ? 'failed' : 'pending', nextAttemptAt: next, responseStatus: outcome.status, responseExcerpt: outcome.excerpt, updatedAt: now })
    // Only this claim's attempt: a run that took a stale claim over owns the row now.
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, claimed.attempts)));
  return true;
}

/**
 * Sends what is due for the organisation now and answers when the next attempt is due (null:
 * nothing is waiting), for the dispatcher's next alarm.
 */
export async function deliverDueWebhooks(deps: DeliveryDeps, organizationId: string): Promise<{ attempted: number; nextRunAt: number | null }> {
  // `attempted` counts the attempts this run claimed and made.
  const now = deps.ports.clock.now();
  const waiting = and(eq(webhookDeliveries.organizationId, organizationId), inArray(webhookDeliveries.status, ['pending', 'sending']));
  const due = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(waiting, lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(DELIVERIES_PER_RUN);
  const sent = await Promise.all(
    due.map((delivery) =>
      attempt(deps, delivery).catch((error: unknown) => {
        logError(`Webhook delivery ${delivery.id} failed unexpectedly`, error);
        return false;
      }),
    ),
  );
  const [next] = await deps.db.select({ at: min(webhookDeliveries.nextAttemptAt) }).from(webhookDeliveries).where(waiting);
  return { attempted: sent.filter(Boolean).length, nextRunAt: next?.at ?? null };
}

/** How late a due delivery must be before the sweep wakes its dispatcher again. */
export const LATE_AFTER_MS = 60_000;

/**
 * Organisations with a delivery over a minute late: their dispatcher missed a wake (a failed
 * call after the event was written); the five-minute cron wakes them again.
 */
export async function lateWebhookOrganizations(db: Database, now: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: webhookDeliveries.organizationId })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['pending', 'sending']), lte(webhookDeliveries.nextAttemptAt, now - LATE_AFTER_MS)));
  return rows.map((row) => row.organizationId);
}
