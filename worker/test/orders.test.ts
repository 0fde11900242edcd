import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, BASE, fetcherWith, json, signedIn, stripeSignature } from './client';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51OrdersWorker', STRIPE_WEBHOOK_SECRET: 'whsec_OrdersWorkerSecret' };

const BILLING = { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' };

const clusterOrder = (name: string) => ({
  lines: [{ kind: 'cluster', name, tierId: 'tier_devtest', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-2-4', count: 2 }] }],
  billing: BILLING,
});

interface OrderBody {
  id: string;
  status: string;
  totalCents: number;
  createdClusterId: string | null;
  events: Array<{ type: string }>;
}

/** Stripe's v1 signature scheme, computed here with Web Crypto. */
describe('orders over REST', () => {
  it('places one order for two requests with the same Idempotency-Key header, then pays it', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.140');
    const key = crypto.randomUUID();
    const first = await gabriel.post('/api/orders', clusterOrder('rest-edge'), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    // Lists page with links (ADR 34): the order just placed makes at least one page of one.
    const listed = await gabriel.get('/api/orders?pageSize=1');
    const { total } = await json<{ total: number }>(listed);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(listed.headers.get('Link')).toBe(
      [`</api/orders?pageSize=1&page=1>; rel="first"`, ...(total > 1 ? [`</api/orders?pageSize=1&page=2>; rel="next"`] : []), `</api/orders?pageSize=1&page=${total}>; rel="last"`].join(', '),
    );
    const placed = await json<OrderBody>(first);
    const again = await gabriel.post('/api/orders', clusterOrder('rest-edge'), { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect((await json<OrderBody>(again)).id).toBe(placed.id);
    const conflict = await gabriel.post('/api/orders', clusterOrder('rest-other'), { 'Idempotency-Key': key });
    expect(conflict.status).toBe(409);
    expect(await json(conflict)).toEqual(apiErrorBody('This Idempotency-Key was already used for a different order.', 'conflict'));
    const missing = await gabriel.post('/api/orders', clusterOrder('rest-edge'));
    expect(missing.status).toBe(400);
    expect(await json(missing)).toEqual(apiErrorBody('idempotencyKey: The Idempotency-Key is required: a unique string per attempt, e.g. a UUID.', 'validation_failed', [{ path: 'idempotencyKey', message: 'The Idempotency-Key is required: a unique string per attempt, e.g. a UUID.' }]));

    // The static paths answer themselves, not as an order id.
    expect(await json(await gabriel.get('/api/orders/counts'))).toMatchObject({ total: 1, byKind: { cluster: 1 } });
    expect(await json(await gabriel.get('/api/orders/payment-options'))).toMatchObject({ provider: 'sandbox', testMode: true, methods: ['card', 'bank_transfer'] });
    expect(await json(await gabriel.get('/api/orders?kind=cluster&status=pending&page=1&pageSize=5'))).toMatchObject({ total: 1, items: [{ id: placed.id }] });

    const pay = { paymentIdempotencyKey: crypto.randomUUID(), method: { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Gabriel Roux' } } };
    const paid = await gabriel.post(`/api/orders/${placed.id}/pay`, pay);
    expect(paid.status).toBe(200);
    expect(await json(paid)).toMatchObject({ result: 'succeeded', order: { id: placed.id, status: 'provisioning' } });
    const again2 = await gabriel.post(`/api/orders/${placed.id}/pay`, pay);
    expect(await json(again2)).toMatchObject({ result: 'succeeded' });
    const { results } = await env.DB.prepare('SELECT status FROM payments WHERE order_id = ?').bind(placed.id).all<{ status: string }>();
    expect(results).toEqual([{ status: 'succeeded' }]);

    const alice = await signedIn('alice', '203.0.113.141');
    const foreign = await alice.get(`/api/orders/${placed.id}`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(apiErrorBody('No order with this id in your organisation.', 'not_found'));
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('marks the order paid once, ignores a replay and refuses a bad signature, with no session or CSRF token', async () => {
    // Placed through the development Worker (sandbox); its Stripe payment awaits 3-D Secure in the browser.
    const gabriel = await signedIn('gabriel', '203.0.113.142');
    const placed = await json<OrderBody>(await gabriel.post('/api/orders', clusterOrder('hook-edge'), { 'Idempotency-Key': crypto.randomUUID() }));
    await env.DB.prepare(
      `INSERT INTO payments (id, order_id, organization_id, user_id, provider, provider_payment_id, idempotency_key, amount_cents, status, created_at, updated_at)
       VALUES ('pay_worker_hook', ?, 'org_demo_globex', 'usr_demo_gabriel', 'stripe', 'pi_3WorkerHook', ?, ?, 'requires_action', ?, ?)`,
    )
      .bind(placed.id, `order:${placed.id}:hook`, placed.totalCents, Date.now(), Date.now())
      .run();

    // The same database behind a Worker configured for Stripe (mail stays in the outbox).
    const stripeWorker = fetcherWith({ ...env, ...STRIPE });
    const body = JSON.stringify({
      id: 'evt_1WorkerHook',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_3WorkerHook', object: 'payment_intent', amount: placed.totalCents, amount_received: placed.totalCents, metadata: { orderId: placed.id } } },
    });
    const deliver = async (signature: string, payload = body) =>
      stripeWorker(new Request(`${BASE}/api/webhooks/stripe`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }));

    const forged = await deliver(await stripeSignature(body, 'whsec_SomebodyElse'));
    expect(forged.status).toBe(400);
    expect(await json(forged)).toEqual(apiErrorBody('The webhook signature is not valid.', 'invalid_request'));
    expect((await deliver('t=1,v1=nonsense', 'not json')).status).toBe(400);

    const signature = await stripeSignature(body, STRIPE.STRIPE_WEBHOOK_SECRET);
    const first = await deliver(signature);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ received: true });
    const replay = await deliver(signature);
    expect(await json(replay)).toEqual({ received: true, duplicate: true });

    const order = await json<OrderBody>(await gabriel.get(`/api/orders/${placed.id}`));
    expect(order).toMatchObject({ status: 'provisioning' });
    expect(order.events.map((event) => event.type)).toEqual(['placed', 'paid', 'provisioning_started']);
    const clusters = await env.DB.prepare('SELECT COUNT(*) AS n FROM clusters WHERE id = ?').bind(order.createdClusterId).first<{ n: number }>();
    expect(clusters?.n).toBe(1);
    // Only POST is served there.
    expect((await stripeWorker(new Request(`${BASE}/api/webhooks/stripe`))).status).toBe(404);
  });
});
