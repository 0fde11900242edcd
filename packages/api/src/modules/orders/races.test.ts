/**
 * Money exactly once under concurrency (issue 29): each test fires N requests at once
 * (Promise.all against one database, so every read-then-write interleaves as it would across
 * isolates) and counts the effects against the one allowed. worker/test/races.test.ts does the
 * same over HTTP in workerd against D1; `pnpm bench:races` at 10, 50 and 100.
 */
import { auditLog, invoicePayments, invoices, organizations, payments, promotionRedemptions, promotions } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxPayments, type ChargeRequest, type PaymentsPort, type RefundRequest } from '../../platform/payments';
import { backgroundQueue, callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { BILLING, insertGlobexDueInvoice, newKey, NOW, SUCCEEDS } from '../../testing/orders-bed';

const SUPPORT = { kind: 'support' as const, planId: 'support_business' };
const SUPPORT_CENTS = 23_880;

async function setup() {
  const clock = manualClock(NOW);
  const sandbox = sandboxPayments({ clock });
  const charges: ChargeRequest[] = [];
  const refunds: RefundRequest[] = [];
  const payments: PaymentsPort = {
    ...sandbox,
    async charge(request) {
      charges.push(request);
      // The provider answers after a moment, as a real one does: the other requests run meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      return sandbox.charge(request);
    },
    async refund(request) {
      refunds.push(request);
      return sandbox.refund(request);
    },
  };
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer: memoryMailer(), background: backgroundQueue().background, payments } });
  const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
  const place = (lines: Parameters<typeof gabriel.orders.create>[0]['lines'], promotionCode?: string) =>
    gabriel.orders.create({ idempotencyKey: newKey('order'), lines, billing: BILLING, ...(promotionCode ? { promotionCode } : {}) });
  return { db, gabriel, charges, refunds, place };
}

/** Each answer as what a client sees: the result, or the refusal's code and message. */
async function outcomes<T>(calls: Array<Promise<T>>): Promise<Array<{ ok: T } | { code: string; message: string }>> {
  return Promise.all(
    calls.map((call) =>
      call.then(
        (ok) => ({ ok }),
        (error: unknown) => {
          if (error instanceof TRPCError) return { code: error.code, message: error.message };
          throw error;
        },
      ),
    ),
  );
}

const tally = (answers: ReadonlyArray<{ ok: unknown } | { code: string; message: string }>) => {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const label = 'ok' in answer ? 'ok' : `${answer.code}: ${answer.message}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
};

describe.each([10, 50])('%i requests at once', (n) => {
  it('charges an order once when each payment brings its own key (two tabs, a retry with a fresh key)', async () => {
    const { db, gabriel, charges, refunds, place } = await setup();
    const order = await place([SUPPORT]);
    const answers = await outcomes(Array.from({ length: n }, () => gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })));

    expect(charges).toHaveLength(1);
    expect(refunds).toHaveLength(0);
    const paid = answers.filter((answer) => 'ok' in answer);
    expect(paid).toHaveLength(1);
    // The others were told the payment is under way, or done (or, past 30 attempts an hour, to
    // slow down: the card-testing limit counts them before anything is claimed); never a 500.
    for (const answer of answers) {
      if ('ok' in answer) continue;
      if (answer.code === 'TOO_MANY_REQUESTS') {
        expect(answer.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
        continue;
      }
      expect(answer.code).toBe('CONFLICT');
      expect(['A payment for this order is still being processed; wait for its outcome before paying again.', 'This order is already paid and completed, so it cannot be paid.', 'This order is already paid, so it cannot be paid.']).toContain(answer.message);
    }
    expect(await db.$count(payments, and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))).toBe(1);
    expect(await db.$count(auditLog, eq(auditLog.action, 'order.extra_payment'))).toBe(0);
    expect((await gabriel.orders.get({ id: order.id })).status).toBe('completed');
  });

  it('keeps parallel bank-transfer confirmations within the credit limit', async () => {
    const { db, gabriel, charges, place } = await setup();
    // Room for exactly two support plans on credit.
    const limit = 2 * SUPPORT_CENTS;
    await db.update(organizations).set({ creditLimitCents: limit }).where(eq(organizations.id, 'org_demo_globex'));
    const placed = await Promise.all(Array.from({ length: Math.min(n, 12) }, () => place([SUPPORT])));
    const answers = await outcomes(placed.map((order) => gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'bank_transfer' } })));

    expect(tally(answers)).toEqual({
      ok: 2,
      [`BAD_REQUEST: This order (€238.80) would take your organisation over its credit limit of €477.60 for payment by bank transfer: €477.60 is outstanding in unpaid invoices and bank-transfer orders. Pay your outstanding invoices first, or pay this order by card. The order still awaits payment.`]:
        placed.length - 2,
    });
    expect(charges).toHaveLength(0);
    const [owed] = await db.select({ limit: organizations.creditLimitCents }).from(organizations).where(eq(organizations.id, 'org_demo_globex'));
    expect(owed?.limit).toBe(limit);
    // Globex's seeded invoices are paid: what it owes now is the two confirmed orders' own invoices (issue 30), the limit exactly.
    const due = await db.select({ totalCents: invoices.totalCents, orderId: invoices.orderId }).from(invoices).where(and(eq(invoices.organizationId, 'org_demo_globex'), eq(invoices.status, 'due')));
    expect(due.map((row) => row.totalCents)).toEqual([SUPPORT_CENTS, SUPPORT_CENTS]);
    expect(due.every((row) => row.orderId !== null)).toBe(true);
    expect(await db.$count(payments, and(eq(payments.organizationId, 'org_demo_globex'), eq(payments.provider, 'bank_transfer'), eq(payments.status, 'processing')))).toBe(2);
  });

  it('discounts one of several first-purchase orders paid at once (PARIS)', async () => {
    const { db, gabriel, charges, place } = await setup();
    const placed = await Promise.all(Array.from({ length: Math.min(n, 12) }, () => place([SUPPORT], 'PARIS')));
    expect(placed.every((order) => order.discountCents > 0)).toBe(true);
    const answers = await outcomes(placed.map((order) => gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })));

    const discounted = charges.filter((charge) => charge.amountCents < SUPPORT_CENTS);
    expect(discounted).toHaveLength(1);
    expect(answers.filter((answer) => 'ok' in answer)).toHaveLength(charges.length);
    expect(await db.$count(promotionRedemptions, eq(promotionRedemptions.organizationId, 'org_demo_globex'))).toBe(1);
    // The others were re-priced without it and asked to review the order: paying again charges the full price.
    for (const answer of answers) {
      if ('ok' in answer) continue;
      expect(answer).toEqual({ code: 'BAD_REQUEST', message: "PARIS applies only to your organisation's first purchase, which has now been made. The order was re-priced to €238.80; review it and pay again." });
    }
  });
});

describe.each([10, 50])('%i orders paid at once with a code that has redemption limits', (n) => {
  async function withCode(db: Awaited<ReturnType<typeof setup>>['db'], code: string, limits: { maxRedemptions?: number; maxRedemptionsPerOrganization?: number }) {
    await db.insert(promotions).values({ code, description: 'Race test', kind: 'amount', value: 1_000, validFrom: 0, createdAt: 0, updatedAt: 0, ...limits });
  }
  const discountedOf = (charges: ChargeRequest[]) => charges.filter((charge) => charge.amountCents < SUPPORT_CENTS);

  it('discounts no more orders of one organisation than the code allows per organisation', async () => {
    const { db, gabriel, charges, place } = await setup();
    await withCode(db, 'TWICE', { maxRedemptionsPerOrganization: 2 });
    const placed = await Promise.all(Array.from({ length: Math.min(n, 12) }, () => place([SUPPORT], 'TWICE')));
    expect(placed.every((order) => order.discountCents > 0)).toBe(true);
    const answers = await outcomes(placed.map((order) => gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })));

    expect(discountedOf(charges)).toHaveLength(2);
    expect(await db.$count(promotionRedemptions, eq(promotionRedemptions.promotionCode, 'TWICE'))).toBe(2);
    for (const answer of answers) {
      if ('ok' in answer) continue;
      expect(answer).toEqual({ code: 'BAD_REQUEST', message: 'Your organisation has used TWICE as many times as it may. The order was re-priced to €238.80; review it and pay again.' });
    }
    // Quoting it again now says so before anything is ordered.
    await expect(place([SUPPORT], 'TWICE')).rejects.toThrow('Promotion code TWICE: Your organisation has used this code as many times as it may.');
  });

  it('discounts no more orders than the code allows in all', async () => {
    const { db, gabriel, charges, place } = await setup();
    await withCode(db, 'THREE', { maxRedemptions: 3 });
    const placed = await Promise.all(Array.from({ length: Math.min(n, 12) }, () => place([SUPPORT], 'THREE')));
    const answers = await outcomes(placed.map((order) => gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })));

    expect(discountedOf(charges)).toHaveLength(3);
    expect(await db.$count(promotionRedemptions, eq(promotionRedemptions.promotionCode, 'THREE'))).toBe(3);
    expect(answers.filter((answer) => 'ok' in answer)).toHaveLength(charges.length);
    for (const answer of answers) {
      if ('ok' in answer) continue;
      expect(answer).toEqual({ code: 'BAD_REQUEST', message: 'THREE has been used as many times as it may be. The order was re-priced to €238.80; review it and pay again.' });
    }
    await expect(place([SUPPORT], 'THREE')).rejects.toThrow('Promotion code THREE: This code has been used as many times as it may be.');
  });
});

describe.each([10, 50])('%i orders placed at once that a 100 % code makes free', (n) => {
  it('confirms only as many as the code allows; the others are refused before anything is ordered', async () => {
    const { db, place } = await setup();
    await db.insert(promotions).values({ code: 'FREE', description: 'Race test', kind: 'percent', value: 10_000, maxRedemptions: 2, validFrom: 0, createdAt: 0, updatedAt: 0 });
    const answers = await outcomes(Array.from({ length: n }, () => place([SUPPORT], 'FREE')));

    const confirmed = answers.flatMap((answer) => ('ok' in answer ? [answer.ok] : []));
    expect(confirmed).toHaveLength(2);
    expect(confirmed.every((order) => order.totalCents === 0 && order.status !== 'pending')).toBe(true);
    expect(await db.$count(promotionRedemptions, eq(promotionRedemptions.promotionCode, 'FREE'))).toBe(2);
    expect(tally(answers)['BAD_REQUEST: Promotion code FREE: This code has been used as many times as it may be.']).toBe(n - 2);
  });
});

describe.each([10, 50])('%i "Pay invoice now" at once', (n) => {
  it('charges the invoice once, records the payment and audits it', async () => {
    const { db, gabriel, charges } = await setup();
    const invoiceId = 'inv_race_1';
    await insertGlobexDueInvoice(db, { id: invoiceId, number: 'KM-2026-009901' });
    const answers = await outcomes(Array.from({ length: n }, () => gabriel.invoices.pay({ id: invoiceId, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS })));

    expect(charges.filter((charge) => charge.orderId === invoiceId)).toHaveLength(1);
    expect(tally(answers).ok).toBe(1);
    for (const answer of answers) {
      if ('ok' in answer) {
        expect(answer.ok).toEqual({ status: 'paid' });
        continue;
      }
      expect(answer.code).toBe('CONFLICT');
      expect(['A payment of invoice KM-2026-009901 is under way; wait for its outcome before paying again.', 'Invoice KM-2026-009901 is already paid.']).toContain(answer.message);
    }
    expect(await db.$count(invoicePayments, and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.status, 'succeeded')))).toBe(1);
    expect(await db.$count(auditLog, and(eq(auditLog.action, 'invoice.payment_succeeded'), eq(auditLog.organizationId, 'org_demo_globex')))).toBe(1);
    expect((await gabriel.invoices.get({ id: invoiceId })).status).toBe('paid');
  });
});

describe('a payment that slips past the claims', () => {
  it('is refunded in full, audited, and the customer is told', async () => {
    const { db, gabriel, refunds, place } = await setup();
    const order = await place([SUPPORT]);
    // The customer starts a payment that asks for authentication, then pays with a new attempt
    // (which replaces it); the bank then approves the first one anyway.
    const first = await gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: { kind: 'card', card: { ...SUCCEEDS.card, number: '4000 0027 6000 3184' } } });
    expect(first.result).toBe('requires_action');
    await gabriel.orders.pay({ id: order.id, paymentIdempotencyKey: newKey('pay'), method: SUCCEEDS });
    const [replaced] = await db.select().from(payments).where(eq(payments.id, first.paymentId));
    expect(replaced?.status).toBe('declined');
    await db.update(payments).set({ status: 'requires_action' }).where(eq(payments.id, first.paymentId));
    const late = await gabriel.orders.completeAuthentication({ id: order.id, paymentId: first.paymentId, approved: true });

    expect(refunds).toEqual([expect.objectContaining({ amountCents: SUPPORT_CENTS, idempotencyKey: `refund:${first.paymentId}` })]);
    expect(late.order.payments.find((payment) => payment.id === first.paymentId)).toMatchObject({ status: 'refunded' });
    expect(await db.$count(payments, and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))).toBe(1);
    expect(await db.$count(auditLog, eq(auditLog.action, 'order.payment_refunded'))).toBe(1);
  });
});
