import type { Database } from './client';
import { webhookDeliveries, webhookEndpoints } from './schema';
import type { SecretBox } from './secret-box';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const DEMO_WEBHOOK_ENDPOINT_ID = 'whe_demo_acme_ops';
/** Acme's demo signing secret (development keyring, demo data only). */
export const DEMO_WEBHOOK_SECRET = 'whsec_ZGVtby1hY21lLXdlYmhvb2stc2VjcmV0LTMyYnl0ZXM=';
export const DEMO_WEBHOOK_DELIVERY_IDS = { succeeded: 'msg_demo_acme_paid', ready: 'msg_demo_acme_ready', failed: 'msg_demo_acme_overdue', pending: 'msg_demo_acme_replied' } as const;

/**
 * One webhook endpoint of Acme with deliveries in each state (ADR 36), so the webhooks page is
 * not empty on first run. Its host is under the reserved .example domain, which the URL rules
 * refuse: its deliveries fail at once, without a request leaving the machine (tests and demos
 * never reach the internet). Create an endpoint on http://127.0.0.1:<port> to see one succeed.
 */
export async function seedWebhooks(db: Database, now: number, box: SecretBox): Promise<void> {
  const sealed = await box.seal(DEMO_WEBHOOK_SECRET, `webhook-endpoint:${DEMO_WEBHOOK_ENDPOINT_ID}`);
  const createdAt = now - 30 * 24 * HOUR_MS;
  const organizationId = 'org_demo_acme';
  const body = (type: string, at: number, data: Record<string, unknown>) => JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
  const delivery = (id: string, eventId: string, eventType: string, at: number, data: Record<string, unknown>) => ({
    id,
    endpointId: DEMO_WEBHOOK_ENDPOINT_ID,
    organizationId,
    eventId,
    eventType,
    payload: body(eventType, at, data),
    createdAt: at,
  });
  const paidAt = now - 3 * 24 * HOUR_MS;
  const overdueAt = now - 2 * 24 * HOUR_MS;
  const repliedAt = now - 7 * MINUTE_MS;
  await db.batch([
    db
      .insert(webhookEndpoints)
      .values({
        id: DEMO_WEBHOOK_ENDPOINT_ID,
        organizationId,
        url: 'https://hooks.acme.example/kubemarket',
        description: 'Ops alerts (demo)',
        events: JSON.stringify(['order.paid', 'cluster.ready', 'cluster.failed', 'invoice.overdue', 'ticket.replied', 'incident.opened', 'incident.resolved']),
        enabled: true,
        sealedSecret: sealed.ciphertext,
        secretKeyVersion: sealed.keyVersion,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing(),
    db
      .insert(webhookDeliveries)
      .values([
        {
          ...delivery(DEMO_WEBHOOK_DELIVERY_IDS.succeeded, 'order.paid:ord_demo_webshop', 'order.paid', paidAt, { orderId: 'ord_demo_webshop', summary: 'webshop-prod' }),
          status: 'succeeded',
          attempts: 1,
          lastAttemptAt: paidAt + 1_000,
          responseStatus: 200,
          responseExcerpt: '{"received":true}',
          updatedAt: paidAt + 1_000,
        },
        {
          ...delivery(DEMO_WEBHOOK_DELIVERY_IDS.ready, 'cluster.ready:op_demo_webshop', 'cluster.ready', paidAt + 12 * MINUTE_MS, { clusterId: 'cls_demo_webshop', name: 'webshop-prod' }),
          status: 'succeeded',
          attempts: 2,
          lastAttemptAt: paidAt + 12 * MINUTE_MS + 5_500,
          responseStatus: 204,
          responseExcerpt: '',
          updatedAt: paidAt + 12 * MINUTE_MS + 5_500,
        },
        {
          ...delivery(DEMO_WEBHOOK_DELIVERY_IDS.failed, 'invoice.overdue:inv_demo_acme_old', 'invoice.overdue', overdueAt, { invoiceId: 'inv_demo_acme_old', number: 'KM-2026-000042' }),
          status: 'failed',
          attempts: 7,
          lastAttemptAt: overdueAt + 18 * HOUR_MS,
          responseStatus: 500,
          responseExcerpt: 'Internal Server Error',
          updatedAt: overdueAt + 18 * HOUR_MS,
        },
        {
          ...delivery(DEMO_WEBHOOK_DELIVERY_IDS.pending, 'ticket.replied:tkt_demo_acme', 'ticket.replied', repliedAt, { ticketId: 'tkt_demo_acme', subject: 'Ingress timeouts' }),
          status: 'pending',
          attempts: 2,
          nextAttemptAt: repliedAt + 5 * MINUTE_MS + 5_000 + 30 * MINUTE_MS,
          lastAttemptAt: repliedAt + 5 * MINUTE_MS + 5_000,
          responseStatus: 503,
          responseExcerpt: 'Service Unavailable',
          updatedAt: repliedAt + 5 * MINUTE_MS + 5_000,
        },
      ])
      .onConflictDoNothing(),
  ]);
}
