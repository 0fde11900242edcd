/**
 * Issue 33's acceptance test for signed webhooks: a receiver on 127.0.0.1 verifying with the
 * `standardwebhooks` package gets Globex's order.paid and cluster.ready, signed; a failing
 * receiver gets retries at growing delays (the dispatcher's runs driven by the test's clock, as
 * the Durable Object's alarms drive them in the Worker), then a retry by hand succeeds.
 */
import { webhookDeliveries } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../platform/webhooks';
import { clusterTestbed, type ClusterTestbed } from '../../testing/cluster-testbed';
import { webhookReceiver } from '../../testing/webhook-receiver';
import { deliverDueWebhooks } from '.';

const GLOBEX = 'org_demo_globex';

describe('signed webhooks, end to end', () => {
  let t: ClusterTestbed;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  /** One run of Globex's dispatcher at the test's time (what an alarm does in the Worker). */
  const dispatch = () => {
    vi.setSystemTime(t.clock.now());
    return deliverDueWebhooks(t.ctx, GLOBEX);
  };

  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    // Date follows the product's clock, so the package's timestamp tolerance is checked against it.
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await clusterTestbed();
    receiver.received.length = 0;
    receiver.answer(204);
    return () => vi.useRealTimers();
  });

  it('delivers order.paid and cluster.ready, signed, to a receiver that verifies them with standardwebhooks', async () => {
    const gabriel = await t.as('gabriel');
    const endpoint = await gabriel.webhooks.create({ url: receiver.url, events: ['order.paid', 'cluster.ready'], description: 'Acceptance' });
    expect(endpoint.secret).toMatch(/^whsec_/);
    receiver.expectSecrets([endpoint.secret]);

    const ordered = await t.order(gabriel);
    expect(await dispatch()).toEqual({ attempted: 1, nextRunAt: null });
    await t.drive(ordered.operationId);
    expect(await dispatch()).toEqual({ attempted: 1, nextRunAt: null });

    expect(receiver.violations).toEqual([]);
    expect(receiver.received.map((message) => [message.body.type, message.body.data])).toEqual([
      ['order.paid', expect.objectContaining({ orderId: ordered.orderId, clusterId: ordered.clusterId })],
      ['cluster.ready', expect.objectContaining({ clusterId: ordered.clusterId, operationId: ordered.operationId })],
    ]);
    const { items: deliveries, total } = await gabriel.webhooks.deliveries({ id: endpoint.id });
    expect(total).toBe(2);
    expect(deliveries.map((delivery) => [delivery.eventType, delivery.status, delivery.attempts, delivery.responseStatus])).toEqual([
      ['cluster.ready', 'succeeded', 1, 204],
      ['order.paid', 'succeeded', 1, 204],
    ]);
    expect(new Set(receiver.received.map((message) => message.id))).toEqual(new Set(deliveries.map((delivery) => delivery.id)));
    expect((await gabriel.webhooks.list())[0]!.lastDelivery).toMatchObject({ eventType: 'cluster.ready', status: 'succeeded' });
  });

  it('retries a failing receiver at growing delays with the same webhook-id, fails it after the seventh attempt, and a retry by hand delivers it', async () => {
    const gabriel = await t.as('gabriel');
    const endpoint = await gabriel.webhooks.create({ url: receiver.url, events: ['webhook.test'] });
    receiver.expectSecrets([endpoint.secret]);
    receiver.answer(500);
    const sent = await gabriel.webhooks.test({ id: endpoint.id });
    expect(sent).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });

    const attemptTimes: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const { attempted, nextRunAt } = await dispatch();
      if (attempted > 0) attemptTimes.push(t.clock.now());
      if (nextRunAt === null) break;
      t.clock.advance(nextRunAt - t.clock.now());
    }
    expect(attemptTimes.slice(1).map((at, index) => at - attemptTimes[index]!)).toEqual(WEBHOOK_RETRY_DELAYS_MS);
    expect(receiver.violations).toEqual([]);
    expect(new Set(receiver.received.map((message) => message.id))).toEqual(new Set([sent.id]));
    const [failed] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, sent.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: 7, nextAttemptAt: null, responseStatus: 500, responseExcerpt: 'Receiver failing on purpose' });

    receiver.answer(200);
    const retried = await gabriel.webhooks.retryDelivery({ id: endpoint.id, deliveryId: sent.id, idempotencyKey: 'retry-0001-acceptance' });
    expect(retried).toMatchObject({ status: 'pending', nextAttemptAt: t.clock.now() });
    await dispatch();
    // The same key again answers the retry as it ended, and sends nothing more.
    expect(await gabriel.webhooks.retryDelivery({ id: endpoint.id, deliveryId: sent.id, idempotencyKey: 'retry-0001-acceptance' })).toMatchObject({ status: 'succeeded', attempts: 8, responseStatus: 200 });
    expect(await dispatch()).toEqual({ attempted: 0, nextRunAt: null });
    expect(receiver.received).toHaveLength(8);
  });
});
