import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  orderEvents,
  orders,
  organizations,
  payments,
} from './schema';
import { DEMO_CLUSTERS, DEMO_ORDERS, seed, seedDemoBankTransfers } from './seed';
import { createTestDb, createTestDbSeededAt } from './testing';

describe('seed: orders', () => {
  const seeded = () => createTestDbSeededAt(1_000_000_000_000, 1_000_000_000_000 + 5_000);

  it('gives the demo customer orders of every kind, in the states customers meet, once however often it runs', async () => {
    const db = await seeded();
    const rows = await db.select().from(orders).orderBy(asc(orders.createdAt));
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['cluster', 'addon', 'middleware', 'support']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed', 'failed', 'cancelled', 'pending']));
    expect(rows.every((row) => row.organizationId === 'org_demo_acme' && row.summary !== '' && row.billing?.billingId === 'KM-ACME01')).toBe(true);
    // Created at the first seed: a second run adds nothing and moves nothing.
    expect(rows.find((row) => row.id === 'ord_demo_webshop')?.createdAt).toBe(1_000_000_000_000 - 180 * 24 * 60 * 60_000);
    expect(await db.$count(payments)).toBe(8);
  });

  it('stores each order with its quote: totals, tax and lines agree, in whole cents', async () => {
    const db = await seeded();
    for (const row of await db.select().from(orders)) {
      const quote = row.quote!;
      expect(quote.lines.length, row.id).toBe(row.lines.length);
      expect(quote.subtotalCents, row.id).toBe(quote.lines.reduce((sum, line) => sum + line.amountCents, 0));
      expect([row.subtotalCents, row.discountCents, row.taxCents, row.totalCents], row.id).toEqual([
        quote.subtotalCents,
        0,
        quote.tax.amountCents,
        quote.subtotalCents + quote.tax.amountCents,
      ]);
      expect(quote.tax).toMatchObject({ countryCode: 'FR', rateBasisPoints: 2_000 });
      expect(row.cycle).toBe(quote.cycle);
    }
    const [webshop] = await db.select().from(orders).where(eq(orders.id, 'ord_demo_webshop'));
    // Control plane 28 900 + 3 × gp-4-16 at 5 700 + Prometheus and Grafana 3 900 + cert-manager 0 = 49 900; VAT 9 980.
    expect(webshop).toMatchObject({ subtotalCents: 49_900, taxCents: 9_980, totalCents: 59_880, createdClusterId: 'clu_demo_webshop' });
  });

  it('links completed cluster orders to the seeded clusters and gives each order its timeline and payments', async () => {
    const db = await seeded();
    const clusterOrders = await db.select().from(orders).where(and(eq(orders.kind, 'cluster'), eq(orders.status, 'completed')));
    expect(clusterOrders.map((row) => row.createdClusterId).sort()).toEqual(DEMO_CLUSTERS.map((cluster) => cluster.id).sort());
    for (const row of await db.select().from(orders)) {
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
      expect(events[0]?.type, row.id).toBe('placed');
      // A failed order's payment was refunded in full (issue 31): a row with its amount, not a claim.
      const paid = await db.select().from(payments).where(and(eq(payments.orderId, row.id), inArray(payments.status, ['succeeded', 'refunded'])));
      expect(paid.length, row.id).toBe(['completed', 'failed'].includes(row.status) ? 1 : 0);
      if (paid[0]) expect(paid[0].status, row.id).toBe(row.status === 'failed' ? 'refunded' : 'succeeded');
      if (paid[0]) expect(paid[0].amountCents, row.id).toBe(row.totalCents);
      expect(events.some((event) => event.type === 'paid'), row.id).toBe(paid.length === 1);
    }
    const [pending] = await db.select().from(orders).where(eq(orders.status, 'pending'));
    const [declined] = await db.select().from(payments).where(eq(payments.orderId, pending!.id));
    expect(declined).toMatchObject({ status: 'declined', failureReason: 'Your card was declined.', cardLast4: '0002', userId: 'usr_demo_bruno' });
  });

  it('lets staff-approved Globex pay by bank transfer, and nobody else', async () => {
    const db = await seeded();
    const rows = await db.select({ id: organizations.id, invoicingAllowed: organizations.invoicingAllowed }).from(organizations).orderBy(asc(organizations.id));
    expect(rows).toEqual([
      { id: 'org_demo_acme', invoicingAllowed: false },
      { id: 'org_demo_globex', invoicingAllowed: true },
      { id: 'org_demo_initech', invoicingAllowed: false },
      { id: 'org_demo_staff', invoicingAllowed: false },
    ]);
  });

  it('adds, for the demo only, Globex orders confirmed by bank transfer with their transfers awaited, once', async () => {
    const now = 1_000_000_000_000;
    const day = 24 * 60 * 60_000;
    const db = await createTestDb();
    await seed(db, now);
    // The base seed (the tests' database) leaves Globex without orders.
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_globex'))).toBe(0);
    await seedDemoBankTransfers(db, now);
    await seedDemoBankTransfers(db, now + 5_000);

    const rows = await db.select().from(orders).where(eq(orders.organizationId, 'org_demo_globex')).orderBy(asc(orders.createdAt));
    expect(rows.map((row) => [row.id, row.status, row.paymentMethod, row.paidAt, row.billing?.billingId])).toEqual([
      ['ord_demo_globex_support', 'completed', 'bank_transfer', null, 'KM-GLOBX1'],
      ['ord_demo_globex_valkey', 'completed', 'bank_transfer', null, 'KM-GLOBX1'],
    ]);
    const transfers = await db.select().from(payments).where(eq(payments.organizationId, 'org_demo_globex')).orderBy(asc(payments.createdAt));
    expect(transfers.map((payment) => [payment.id, payment.provider, payment.status, payment.amountCents, payment.dueAt, payment.succeededAt])).toEqual([
      ['pay_demo_globex_support', 'bank_transfer', 'processing', rows[0]!.totalCents, now - 38 * day + 4 * 60_000 + 30 * day, null],
      ['pay_demo_globex_valkey', 'bank_transfer', 'processing', rows[1]!.totalCents, now - 6 * day + 2 * 60_000 + 30 * day, null],
    ]);
    // One overdue, one not yet due.
    expect(transfers.map((payment) => payment.dueAt! < now)).toEqual([true, false]);
    for (const row of rows) {
      expect(row.totalCents, row.id).toBe(row.quote!.totalCents);
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id));
      expect(events.map((event) => event.type), row.id).toEqual(['placed', 'invoiced', 'completed']);
      const payment = transfers.find((candidate) => candidate.orderId === row.id)!;
      expect(events[1], row.id).toMatchObject({
        paymentId: payment.id,
        message: `Order confirmed for payment by bank transfer: an invoice of €${(row.totalCents / 100).toFixed(2)} is due on ${new Date(payment.dueAt!).toISOString().slice(0, 10)}.`,
        data: { amountCents: row.totalCents, dueAt: payment.dueAt },
      });
    }
    // The demo customer's orders are untouched.
    expect(await db.$count(orders, eq(orders.organizationId, 'org_demo_acme'))).toBe(DEMO_ORDERS.length);
  });

  it('fills in the details of a demo order an older seed wrote without them, and leaves its status alone otherwise', async () => {
    const db = await createTestDb();
    await seed(db, 1_000_000_000_000);
    await db.update(orders).set({ quote: null, lines: [], summary: '', status: 'paid' }).where(eq(orders.id, 'ord_demo_support'));
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, 'ord_demo_ml_pending'));
    await seed(db, 1_000_000_000_000);
    const [support] = await db.select().from(orders).where(eq(orders.id, 'ord_demo_support'));
    expect(support).toMatchObject({ status: 'completed', summary: 'Support: Business', lines: [{ kind: 'support', planId: 'support_business' }] });
    expect((await db.select().from(orders).where(eq(orders.id, 'ord_demo_ml_pending')))[0]?.status).toBe('cancelled');
  });

  it('allows one settling event per order: a second paid or a cancel after payment is refused', async () => {
    const db = await seeded();
    const event = { orderId: 'ord_demo_webshop', message: 'again', createdAt: 0 };
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x1', type: 'paid' })).rejects.toThrow();
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x2', type: 'cancelled' })).rejects.toThrow();
    await expect(db.insert(orderEvents).values({ ...event, id: 'oev_x3', type: 'payment_failed' })).resolves.toBeDefined();
  });
});
