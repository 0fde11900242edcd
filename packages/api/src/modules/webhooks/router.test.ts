import { webhookDeliveries } from '@kubemarket/db';
import { DEMO_WEBHOOK_ENDPOINT_ID } from '@kubemarket/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContext } from '../../context';
import { emitEvent } from '../../platform/webhook-events';
import { callerAs, createTestCaller, manualClock, refusal, sessionUserOf } from '../../testing/callers';
import { webhookReceiver } from '../../testing/webhook-receiver';
import { deliverDueWebhooks, lateWebhookOrganizations } from '.';

const GLOBEX = 'org_demo_globex';
const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR_MS = 3_600_000;

async function bed(environment: 'development' | 'production' = 'development') {
  const clock = manualClock(NOW);
  const woken: string[] = [];
  const { ctx, db } = await createTestCaller({ config: { appVersion: '1.16.0', environment }, ports: { clock, webhooks: { wake: async (organizationId) => void woken.push(organizationId) } } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  return { clock, ctx, db, woken, as };
}

describe('webhook endpoints', () => {
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('enqueues an event once per endpoint however many times it is emitted at once, and two dispatcher runs at once send it once', async () => {
    const t = await bed();
    const gabriel = await t.as('gabriel');
    const first = await gabriel.webhooks.create({ url: receiver.url, events: ['invoice.issued'] });
    await gabriel.webhooks.create({ url: `${receiver.url}/second`, events: ['order.paid'] });
    const event = { type: 'invoice.issued' as const, key: 'inv_parallel', data: { invoiceId: 'inv_parallel' } };
    const enqueued = await Promise.all(Array.from({ length: 10 }, () => emitEvent(t.ctx, GLOBEX, event)));
    expect(enqueued.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(t.woken).toEqual([GLOBEX]);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, GLOBEX));
    expect(rows.map((row) => [row.endpointId, row.eventId])).toEqual([[first.id, 'invoice.issued:inv_parallel']]);

    receiver.expectSecrets([first.secret]);
    receiver.received.length = 0;
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      const runs = await Promise.all([deliverDueWebhooks(t.ctx, GLOBEX), deliverDueWebhooks(t.ctx, GLOBEX)]);
      expect(runs.map((run) => run.attempted).sort()).toEqual([0, 1]);
    } finally {
      vi.useRealTimers();
    }
    expect(receiver.violations).toEqual([]);
    expect(receiver.received.map((message) => message.id)).toEqual([rows[0]!.id]);
  });

  it('signs with the new and the replaced secret for 24 hours after a rotation, then with the new one alone', async () => {
    const t = await bed();
    const gabriel = await t.as('gabriel');
    const created = await gabriel.webhooks.create({ url: receiver.url, events: ['webhook.test'] });
    const rotated = await gabriel.webhooks.rotateSecret({ id: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe(NOW + 24 * HOUR_MS);
    const signaturesAt = async (at: number, secrets: string[]) => {
      t.clock.advance(at - t.clock.now());
      receiver.expectSecrets(secrets);
      receiver.received.length = 0;
      await gabriel.webhooks.test({ id: created.id });
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      try {
        await deliverDueWebhooks(t.ctx, GLOBEX);
      } finally {
        vi.useRealTimers();
      }
      expect(receiver.violations).toEqual([]);
      return receiver.received[0]!.signatures.length;
    };
    expect(await signaturesAt(NOW + 23 * HOUR_MS, [rotated.secret, created.secret])).toBe(2);
    expect(await signaturesAt(NOW + 25 * HOUR_MS, [rotated.secret])).toBe(1);
    expect((await gabriel.webhooks.get({ id: created.id })).previousSecretExpiresAt).toBeNull();
  });

  it("answers another organisation's endpoint as missing, and refuses URLs the rules refuse", async () => {
    const t = await bed('production');
    const gabriel = await t.as('gabriel');
    const missing = { code: 'NOT_FOUND', message: 'Webhook endpoint not found.' };
    expect(await refusal(gabriel.webhooks.get({ id: DEMO_WEBHOOK_ENDPOINT_ID }))).toEqual(missing);
    expect(await refusal(gabriel.webhooks.delete({ id: DEMO_WEBHOOK_ENDPOINT_ID }))).toEqual(missing);
    expect(await refusal(gabriel.webhooks.create({ url: 'http://127.0.0.1:4000/in', events: ['order.paid'] }))).toEqual({ code: 'BAD_REQUEST', message: 'A webhook URL must use https.' });
    expect(await refusal(gabriel.webhooks.create({ url: 'https://169.254.169.254/latest', events: ['order.paid'] }))).toMatchObject({ code: 'BAD_REQUEST' });
    // Alice's member cannot manage them (webhooks:manage is owners' and administrators').
    expect(await refusal((await t.as('marc')).webhooks.list())).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('fails, without sending, a delivery whose endpoint was disabled, and sends nothing for events it did not subscribe to', async () => {
    const t = await bed();
    const gabriel = await t.as('gabriel');
    const endpoint = await gabriel.webhooks.create({ url: receiver.url, events: ['cluster.ready'] });
    expect(await emitEvent(t.ctx, GLOBEX, { type: 'order.paid', key: 'ord_x', data: {} })).toBe(0);
    expect(await emitEvent(t.ctx, GLOBEX, { type: 'cluster.ready', key: 'op_x', data: {} })).toBe(1);
    await gabriel.webhooks.update({ id: endpoint.id, enabled: false });
    expect(await emitEvent(t.ctx, GLOBEX, { type: 'cluster.ready', key: 'op_y', data: {} })).toBe(0);
    receiver.received.length = 0;
    await deliverDueWebhooks(createContext({ db: t.db, config: t.ctx.config, ports: t.ctx.ports }), GLOBEX);
    expect(receiver.received).toEqual([]);
    expect((await gabriel.webhooks.deliveries({ id: endpoint.id })).items).toMatchObject([{ status: 'failed', attempts: 1, responseExcerpt: 'Not sent: the endpoint is disabled.' }]);
  });

  it('finds, for the five-minute sweep, the organisations with a delivery over a minute late, not one just due', async () => {
    const t = await bed();
    const gabriel = await t.as('gabriel');
    await gabriel.webhooks.create({ url: receiver.url, events: ['order.paid'] });
    expect(await emitEvent(t.ctx, GLOBEX, { type: 'order.paid', key: 'ord_late', data: {} })).toBe(1);
    // (Acme's seeded delivery waiting for its retry is late too, at the test's time.)
    expect(await lateWebhookOrganizations(t.db, NOW + 30_000)).not.toContain(GLOBEX);
    expect(await lateWebhookOrganizations(t.db, NOW + 61_000)).toContain(GLOBEX);
  });
});
