/**
 * Money exactly once over HTTP, in workerd against D1 (issue 29): N requests fired at once through
 * the Worker, effects counted in the database. packages/api/src/modules/orders/races.test.ts does
 * the same in Node; `pnpm bench:races` at 10, 50 and 100 against the built Worker.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { json, signedIn, TestClient } from './client';

const BILLING = { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' };
const CARD = { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Gabriel Roux' } };
const SUPPORT = { lines: [{ kind: 'support', planId: 'support_business' }], billing: BILLING };

async function count(query: string, ...bindings: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query).bind(...bindings).first<{ n: number }>();
  return row?.n ?? 0;
}

describe('10 requests at once over HTTP', () => {
  it('pays an order once when each request brings its own payment key', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.201');
    const placed = await json<{ id: string }>(await gabriel.post('/api/orders', SUPPORT, { 'Idempotency-Key': crypto.randomUUID() }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gabriel.post(`/api/orders/${placed.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: CARD })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((response) => response.status === 409)) {
      expect(['A payment for this order is still being processed; wait for its outcome before paying again.', 'This order is already paid and completed, so it cannot be paid.']).toContain(
        (await json<{ message: string }>(answer)).message,
      );
    }
    expect(await count(`SELECT count(*) AS n FROM payments WHERE order_id = ? AND status = 'succeeded'`, placed.id)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM payments WHERE order_id = ? AND status IN ('pending', 'processing')`, placed.id)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'order.payment_succeeded' AND target_id IN (SELECT id FROM payments WHERE order_id = ?)`, placed.id)).toBe(1);
  });

  it('confirms bank transfers only up to the credit limit', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.202');
    // Globex pays by bank transfer; room for two support plans (€238.80 each) beyond what it owes now.
    const owed = await count(
      `SELECT (SELECT coalesce(sum(total_cents), 0) FROM invoices WHERE organization_id = 'org_demo_globex' AND kind = 'invoice' AND status IN ('due', 'overdue'))
        + (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.organization_id = 'org_demo_globex' AND p.provider = 'bank_transfer' AND p.status = 'processing' AND o.status IN ('paid', 'provisioning', 'completed')) AS n`,
    );
    await env.DB.prepare(`UPDATE organizations SET credit_limit_cents = ? WHERE id = 'org_demo_globex'`).bind(owed + 2 * 23_880).run();
    const placed = await Promise.all(Array.from({ length: 6 }, async () => json<{ id: string }>(await gabriel.post('/api/orders', SUPPORT, { 'Idempotency-Key': crypto.randomUUID() }))));
    const answers = await Promise.all(placed.map((order) => gabriel.post(`/api/orders/${order.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: { kind: 'bank_transfer' } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    const placedIds = placed.map((order) => order.id);
    expect(await count(`SELECT count(*) AS n FROM payments WHERE order_id IN (${placedIds.map(() => '?').join(', ')}) AND status = 'processing'`, ...placedIds)).toBe(2);
  });

  it('discounts one of five first-purchase orders paid at once', async () => {
    // A fresh organisation (the seeded ones have purchased already).
    const owner = new TestClient('203.0.113.203');
    await owner.prime();
    const registered = await owner.post('/api/dev/test-accounts', { signIn: true });
    expect(registered.status).toBe(200);
    const placed = await Promise.all(
      Array.from({ length: 5 }, async () => json<{ id: string; discountCents: number }>(await owner.post('/api/orders', { ...SUPPORT, promotionCode: 'PARIS' }, { 'Idempotency-Key': crypto.randomUUID() }))),
    );
    expect(placed.every((order) => order.discountCents > 0)).toBe(true);
    const answers = await Promise.all(placed.map((order) => owner.post(`/api/orders/${order.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: CARD })));
    const ids = placed.map((order) => order.id);
    const discountedPaid = await count(`SELECT count(*) AS n FROM orders WHERE id IN (${ids.map(() => '?').join(', ')}) AND status <> 'pending' AND discount_cents > 0`, ...ids);
    expect(discountedPaid).toBe(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
  });
});
