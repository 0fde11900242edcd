/**
 * An organisation's webhook endpoints (ADR 36): registered with a URL the rules accept, a signing
 * secret shown once and stored sealed, rotated with a 24-hour overlap; their deliveries listed and
 * retried by hand. Every read is scoped to the organisation: another one's id is a 404.
 */
import { randomString, webhookDeliveries, webhookEndpoints, type Database, type WebhookDelivery, type WebhookEndpoint } from '@kubemarket/db';
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookEventType } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppConfig, Ports } from '../../context';
import { auditInsert } from '../../platform/audit';
import { wakeWebhooks, webhookBody, webhookEventId } from '../../platform/webhook-events';
import { checkWebhookUrlAtRegistration, newWebhookSecret } from '../../platform/webhooks';
import type { DeliveryView, EndpointView } from './schemas';

export interface WebhookDeps {
  db: Database;
  config: Pick<AppConfig, 'environment'>;
  ports: Pick<Ports, 'clock' | 'secrets' | 'webhooks'>;
}

export interface Actor {
  userId: string;
  organizationId: string;
  ipAddress: string | null;
}

/** Enough for any integration; bounds what one event fans out to. */
export const MAX_ENDPOINTS = 20;
/** How long deliveries are also signed with the secret a rotation replaced. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Webhook endpoint not found.' });
const secretContext = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** A new signing secret for the endpoint (answered once) and its sealed form, which is all that is stored. */
async function newSealedSecret(deps: WebhookDeps, endpointId: string) {
  const secret = newWebhookSecret();
  const sealed = await deps.ports.secrets.seal(secret, secretContext(endpointId));
  return { secret, sealed: { ciphertext: sealed.ciphertext, keyVersion: sealed.keyVersion } };
}

/** The secrets deliveries are signed with now: the current one, and the one before it during the overlap. */
export async function signingSecrets(deps: Pick<WebhookDeps, 'ports'>, endpoint: WebhookEndpoint, now: number): Promise<string[]> {
  const open = (ciphertext: string, keyVersion: number) => deps.ports.secrets.open({ ciphertext, keyVersion }, secretContext(endpoint.id));
  const secrets = [await open(endpoint.sealedSecret, endpoint.secretKeyVersion)];
  if (endpoint.previousSealedSecret && endpoint.previousSecretKeyVersion !== null && (endpoint.previousSecretExpiresAt ?? 0) > now) {
    secrets.push(await open(endpoint.previousSealedSecret, endpoint.previousSecretKeyVersion));
  }
  return secrets;
}

export function deliveryView(row: WebhookDelivery): DeliveryView {
  const { id, endpointId, eventId, eventType, status, attempts, nextAttemptAt, lastAttemptAt, responseStatus, responseExcerpt, createdAt } = row;
  return { id, endpointId, eventId, eventType, status, attempts, nextAttemptAt, lastAttemptAt, responseStatus, responseExcerpt, createdAt };
}

function endpointView(row: WebhookEndpoint, last: WebhookDelivery | undefined, now: number): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    previousSecretExpiresAt: row.previousSealedSecret && (row.previousSecretExpiresAt ?? 0) > now ? row.previousSecretExpiresAt : null,
    lastDelivery: last ? { id: last.id, eventType: last.eventType, status: last.status, responseStatus: last.responseStatus, createdAt: last.createdAt } : null,
  };
}

async function endpointRow(db: Database, organizationId: string, id: string): Promise<WebhookEndpoint> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Each endpoint's newest delivery, one query for all of them. */
async function lastDeliveries(db: Database, endpointIds: string[]): Promise<Map<string, WebhookDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        sql`(SELECT (SELECT d.id FROM webhook_deliveries d WHERE d.endpoint_id = e.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) FROM webhook_endpoints e WHERE e.id IN ${endpointIds})`,
      ),
    );
  return new Map(rows.map((row) => [row.endpointId, row]));
}

export async function listEndpoints(deps: WebhookDeps, organizationId: string): Promise<EndpointView[]> {
  const rows = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId)).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  const last = await lastDeliveries(deps.db, rows.map((row) => row.id));
  const now = deps.ports.clock.now();
  return rows.map((row) => endpointView(row, last.get(row.id), now));
}

export async function getEndpoint(deps: WebhookDeps, organizationId: string, id: string): Promise<EndpointView> {
  const row = await endpointRow(deps.db, organizationId, id);
  const last = await lastDeliveries(deps.db, [row.id]);
  return endpointView(row, last.get(row.id), deps.ports.clock.now());
}

async function checkedUrl(deps: WebhookDeps, url: string): Promise<string> {
  const verdict = await checkWebhookUrlAtRegistration(url, deps.config.environment, deps.ports.webhooks.resolveHost);
  if (!verdict.ok) throw new TRPCError({ code: 'BAD_REQUEST', message: verdict.reason });
  return verdict.url.toString();
}

export async function createEndpoint(deps: WebhookDeps, actor: Actor, input: CreateWebhookEndpointInput) {
  const url = await checkedUrl(deps, input.url);
  const id = `whe_${randomString(20)}`;
  const { secret, sealed } = await newSealedSecret(deps, id);
  const now = deps.ports.clock.now();
  // The limit is a condition of the insert itself, so parallel creations cannot pass it together.
  const [inserted] = await deps.db.batch([
    deps.db
      .insert(webhookEndpoints)
      .select(
        sql`SELECT ${id}, ${actor.organizationId}, ${url}, ${input.description ?? ''}, ${JSON.stringify([...new Set(input.events)])}, 1, ${sealed.ciphertext}, ${sealed.keyVersion}, NULL, NULL, NULL, ${now}, ${now}
            WHERE (SELECT count(*) FROM webhook_endpoints WHERE organization_id = ${actor.organizationId}) < ${MAX_ENDPOINTS}`,
      )
      .returning({ id: webhookEndpoints.id }),
    auditInsert(deps.db, { actorUserId: actor.userId, organizationId: actor.organizationId, action: 'webhook_endpoint.created', targetType: 'webhook_endpoint', targetId: id, ipAddress: actor.ipAddress, metadata: { url } }, now),
  ]);
  if (inserted.length === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: `An organisation can have at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.` });
  return { ...(await getEndpoint(deps, actor.organizationId, id)), secret };
}

export async function updateEndpoint(deps: WebhookDeps, actor: Actor, id: string, input: UpdateWebhookEndpointInput) {
  await endpointRow(deps.db, actor.organizationId, id);
  const now = deps.ports.clock.now();
  await deps.db
    .update(webhookEndpoints)
    .set({
      ...(input.events ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, actor.organizationId)));
  return getEndpoint(deps, actor.organizationId, id);
}

export async function deleteEndpoint(deps: WebhookDeps, actor: Actor, id: string) {
  await endpointRow(deps.db, actor.organizationId, id);
  const now = deps.ports.clock.now();
  await deps.db.batch([
    deps.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, actor.organizationId))),
    auditInsert(deps.db, { actorUserId: actor.userId, organizationId: actor.organizationId, action: 'webhook_endpoint.deleted', targetType: 'webhook_endpoint', targetId: id, ipAddress: actor.ipAddress }, now),
  ]);
  return { id, deleted: true as const };
}

/** A new secret, answered once; the replaced one still signs (beside it) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(deps: WebhookDeps, actor: Actor, id: string) {
  const row = await endpointRow(deps.db, actor.organizationId, id);
  const { secret, sealed } = await newSealedSecret(deps, id);
  const now = deps.ports.clock.now();
  // Conditional on the secret it replaces: of two rotations at once, one wins and the other is told.
  const [updated] = await deps.db.batch([
    deps.db
      .update(webhookEndpoints)
      .set({
        sealedSecret: sealed.ciphertext,
        secretKeyVersion: sealed.keyVersion,
        previousSealedSecret: row.sealedSecret,
        previousSecretKeyVersion: row.secretKeyVersion,
        previousSecretExpiresAt: now + ROTATION_OVERLAP_MS,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.sealedSecret, row.sealedSecret)))
      .returning({ id: webhookEndpoints.id }),
    auditInsert(deps.db, { actorUserId: actor.userId, organizationId: actor.organizationId, action: 'webhook_endpoint.secret_rotated', targetType: 'webhook_endpoint', targetId: id, ipAddress: actor.ipAddress }, now),
  ]);
  if (updated.length === 0) throw new TRPCError({ code: 'CONFLICT', message: 'The secret was rotated at the same moment by another request; rotate again if you need a new one.' });
  return { ...(await getEndpoint(deps, actor.organizationId, id)), secret };
}

/** Enqueues a `webhook.test` event for this endpoint alone, whatever it subscribed to and even disabled. */
export async function sendTestEvent(deps: WebhookDeps, actor: Actor, id: string): Promise<DeliveryView> {
  await endpointRow(deps.db, actor.organizationId, id);
  const now = deps.ports.clock.now();
  const event = { type: 'webhook.test' as const, key: `${id}:${randomString(12)}`, data: { endpointId: id, message: 'A test event sent from KubeMarket.' } };
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      id: `msg_${randomString(24).toLowerCase()}`,
      endpointId: id,
      organizationId: actor.organizationId,
      eventId: webhookEventId(event),
      eventType: event.type,
      payload: webhookBody(event, now),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await wakeWebhooks(deps, actor.organizationId);
  return deliveryView(row!);
}

export async function listDeliveries(deps: WebhookDeps, organizationId: string, input: { id: string; page: number; pageSize: number }) {
  await endpointRow(deps.db, organizationId, input.id);
  const ofEndpoint = eq(webhookDeliveries.endpointId, input.id);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(webhookDeliveries)
      .where(ofEndpoint)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ total: count() }).from(webhookDeliveries).where(ofEndpoint),
  ]);
  return { items: rows.map(deliveryView), total: counted?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * Sends a delivery again now (one more attempt, then the rest of its schedule). The same
 * Idempotency-Key again answers the delivery as it is, without sending once more.
 */
export async function retryDelivery(deps: WebhookDeps, actor: Actor, id: string, deliveryId: string, idempotencyKey: string): Promise<DeliveryView> {
  await endpointRow(deps.db, actor.organizationId, id);
  const now = deps.ports.clock.now();
  const scoped = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id));
  const [retried] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, retryKey: idempotencyKey, updatedAt: now })
    .where(and(scoped, ne(webhookDeliveries.status, 'sending'), sql`${webhookDeliveries.retryKey} IS NOT ${idempotencyKey}`))
    .returning();
  if (retried) {
    await wakeWebhooks(deps, actor.organizationId);
    return deliveryView(retried);
  }
  const [row] = await deps.db.select().from(webhookDeliveries).where(scoped).limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Delivery not found.' });
  if (row.retryKey === idempotencyKey) return deliveryView(row);
  throw new TRPCError({ code: 'CONFLICT', message: 'This delivery is being sent right now; wait for the attempt to end.' });
}
