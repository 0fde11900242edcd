import { creditApplications, credits, invoiceLines, invoiceSequences, invoices, usageRecords } from '@kubemarket/db';
import { createTestDb } from '@kubemarket/db/testing';
import { seed } from '@kubemarket/db/seed';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../platform/payments';
import { manualClock, memoryMailer } from '../../testing';
import { invoiceCsv } from './csv';
import { parseCsv } from '../../testing/pdf-read-back';
import type { InvoiceDeps } from './dunning';
import { draftInvoice, issueInvoice, previousMonth, taxOf } from './generate';
import { generateInvoices } from './service';
import { GENERATION_AT, OCTOBER, seedGlobex, seedLodz } from '../../testing/invoices-fixtures';

async function setup() {
  const db = await createTestDb();
  await seed(db, 0);
  const clock = manualClock(GENERATION_AT);
  const mailer = memoryMailer();
  const deps: InvoiceDeps = { db, ports: { clock, mailer, payments: sandboxPayments({ clock }), realtime: { async publish() {}, async closeSessions() {} } }, appUrl: 'https://console.example.eu' };
  const lodz = await seedLodz(db);
  const globex = await seedGlobex(db);
  return { db, deps, clock, mailer, lodz, globex };
}

type Db = Awaited<ReturnType<typeof setup>>['db'];

async function invoiceOf(db: Db, organizationId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.organizationId, organizationId));
  const lines = invoice ? await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position)) : [];
  return { invoice: invoice!, lines };
}

async function lastNumber(db: Db, year: number) {
  const [row] = await db.select().from(invoiceSequences).where(eq(invoiceSequences.year, year));
  return row?.lastNumber ?? 0;
}

describe('previousMonth', () => {
  it('is the UTC month before, across a year boundary', () => {
    expect(previousMonth(GENERATION_AT)).toEqual(OCTOBER);
    expect(previousMonth(Date.UTC(2027, 0, 1, 2))).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
  });
});

describe('taxOf', () => {
  it('rounds half up to the cent like the pricing engine', () => {
    expect(taxOf(18_272, 2000)).toBe(3_654); // 3 654.4
    expect(taxOf(18_273, 2000)).toBe(3_655); // 3 654.6
    expect(taxOf(25, 2000)).toBe(5);
    expect(taxOf(-18_272, 2000)).toBe(-3_654);
  });
});

describe('generateInvoices: a month of metering', () => {
  it("bills Łódź Analityka's October line by line, to the cent, and a second run changes nothing", async () => {
    const { db, deps, lodz } = await setup();
    const run = await generateInvoices(deps, GENERATION_AT);
    expect(run.period).toEqual(OCTOBER);
    const { invoice, lines } = await invoiceOf(db, lodz.organizationId);

    // By hand. analytics: 744 hours; 3 nodes for the 15 days before the scale-up (360 h), 5 after (384 h).
    const analyticsControlPlane = 744 * 10; // 744 h × €0.10 = 7 440
    const analyticsNodeHours = 360 * 3 + 384 * 5; // 3 000
    const analyticsNodes = analyticsNodeHours * 14; // × €0.14 = 42 000
    const monitoring = 744 * 1.25; // 930
    const storage = 1042; // 744 h × 100 GB × €0.00014 = €10.416 → 1 041.6 → 1 042 (half up)
    // staging: 10 Oct 08:00 → 1 Nov: 520 h, asleep 15 weeknights × 12 h = 180 h, awake 340 h.
    const stagingControlPlane = 520 * 10; // 5 200
    const stagingNodes = 340 * 2 * 20; // 680 node-hours × €0.20 = 13 600
    const stagingHibernated = 180 * 2 * 2; // 360 node-hours × €0.02 = 720
    const egress = 12; // 12.345 GB × €0.01 = 12.345 → 12
    // middleware: 5 Oct → 1 Nov = 27 days = 648 h × €0.10 = 6 480.
    const middleware = 648 * 10;
    const analyticsTotal = analyticsControlPlane + analyticsNodes + monitoring + storage; // 51 412
    const stagingTotal = stagingControlPlane + stagingNodes + stagingHibernated + egress; // 19 532
    // Advances, in the order the orders were placed: analytics' 40 565 (PARIS included) is used up,
    // the middleware's 5 000 is used up, staging's covers its 19 532 (104.68 € left).
    const analyticsAdvance = Math.min(42_700 - 2_135, analyticsTotal);
    const stagingAdvance = Math.min(30_000, stagingTotal);
    const middlewareAdvance = Math.min(5_000, middleware);
    const subtotal = analyticsTotal + stagingTotal + middleware - analyticsAdvance - stagingAdvance - middlewareAdvance;
    expect(subtotal).toBe(12_327);
    // Credits: the one expiring 15 November first, then June 2027's; September's expired one is not used.
    const taxable = subtotal - 2_000 - 2_500;
    expect(taxable).toBe(7_827);

    expect(lines.map((line) => [line.kind, line.description, line.quantityMilli, line.unitPriceMillicents, line.amountCents])).toEqual([
      ['usage', 'analytics · Control plane, Economy (Green) tier (hours)', 744_000, 10_000, analyticsControlPlane],
      ['usage', 'analytics · Nodes, General purpose 2 vCPU, 8 GB (node-hours)', analyticsNodeHours * 1000, 14_000, analyticsNodes],
      ['usage', 'analytics · Add-on, Prometheus and Grafana (hours)', 744_000, 1_250, monitoring],
      ['usage', 'analytics · Storage, block storage (GB-hours)', 74_400_000, 14, storage],
      ['usage', 'staging · Control plane, Economy (Green) tier (hours)', 520_000, 10_000, stagingControlPlane],
      ['usage', 'staging · Nodes, General purpose 4 vCPU, 16 GB (node-hours)', 680_000, 20_000, stagingNodes],
      ['usage', 'staging · Hibernated nodes, General purpose 4 vCPU, 16 GB (node-hours)', 360_000, 2_000, stagingHibernated],
      ['usage', 'staging · Egress, to the internet (GB)', 12_345, 1_000, egress],
      ['usage', 'Managed service, PostgreSQL Starter (hours)', 648_000, 10_000, middleware],
      ['order', 'Advance for Economy cluster analytics in fr-par-1 (paid at checkout, promotion PARIS included). €0.00 of the advance left', 1000, -40_565_000, -40_565],
      ['order', 'Advance for PostgreSQL Small (paid at checkout). €0.00 of the advance left', 1000, -5_000_000, -5_000],
      ['order', 'Advance for Economy cluster staging in fr-par-1 (paid at checkout). €104.68 of the advance left', 1000, -19_532_000, -19_532],
      ['credit', 'Credit: Welcome credit', 1000, -2_000_000, -2_000],
      ['credit', 'Credit: Prepaid credit', 1000, -2_500_000, -2_500],
    ]);
    // What the customer reads: the catalogue's names and the month, never our ids (issue 30).
    for (const line of lines) expect(line.description).not.toMatch(/\b(tier|addon|mwp|mw|ord|clu|org|inv)_|\bgp-\d|block-storage/);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^KM-2026-\d{6}$/),
      periodStart: OCTOBER.start,
      periodEnd: OCTOBER.end,
      subtotalCents: 12_327,
      discountCents: 0,
      creditsCents: 4_500,
      taxableCents: 7_827,
      // Polish business with a VAT number: reverse charge, 0 %.
      vatRateBasisPoints: 0,
      taxCents: 0,
      reverseCharge: true,
      totalCents: 7_827,
      issuedAt: GENERATION_AT,
      billing: expect.objectContaining({ companyName: 'Łódź Analityka Sp. z o.o.', city: 'Łódź', vatNumber: 'PL5252344078' }),
      // The default sandbox card (4242) was charged at once.
      status: 'paid',
      paidAt: GENERATION_AT,
      paymentMethodId: lodz.cardId,
    });
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(invoice.taxableCents);

    const creditRows = await db.select().from(credits).where(eq(credits.organizationId, lodz.organizationId));
    expect(Object.fromEntries(creditRows.map((credit) => [credit.id, credit.remainingCents]))).toEqual({ [lodz.soonCredit]: 0, [lodz.laterCredit]: 0, [lodz.expiredCredit]: 3_000 });
    const applications = await db.select().from(creditApplications).where(eq(creditApplications.invoiceId, invoice.id));
    expect(applications.map((row) => [row.creditId, row.amountCents]).sort()).toEqual([[lodz.laterCredit, 2_500], [lodz.soonCredit, 2_000]].sort());

    // The cron run again (or late): nothing changes.
    const snapshot = async () => ({
      invoices: await db.select().from(invoices).orderBy(asc(invoices.number)),
      lines: (await db.select({ n: count() }).from(invoiceLines))[0]!.n,
      credits: await db.select().from(credits).orderBy(asc(credits.id)),
      applications: (await db.select({ n: count() }).from(creditApplications))[0]!.n,
      sequence: await lastNumber(db, 2026),
    });
    const first = await snapshot();
    const again = await generateInvoices(deps, GENERATION_AT + 3 * 60 * 60_000);
    expect(again.issued).toEqual([]);
    expect(again.skipped).toEqual(expect.arrayContaining([lodz.organizationId]));
    expect(await snapshot()).toEqual(first);
  });

  it('charges French VAT to a French business and leaves a bank-transfer invoice due in 30 days', async () => {
    const { db, deps, globex } = await setup();
    await generateInvoices(deps, GENERATION_AT);
    const { invoice, lines } = await invoiceOf(db, globex.organizationId);
    // 744 h × €0.10 + 1 488 node-hours × €0.14 = 7 440 + 20 832 = 28 272; minus the order's 10 000 advance.
    expect(lines.map((line) => line.amountCents)).toEqual([7_440, 20_832, -10_000]);
    const taxable = 28_272 - 10_000;
    const tax = 3_654; // 18 272 × 20 % = 3 654.4 → 3 654
    expect(invoice).toMatchObject({ subtotalCents: taxable, taxableCents: taxable, vatRateBasisPoints: 2000, taxCents: tax, reverseCharge: false, totalCents: taxable + tax, status: 'due', paidAt: null });
    expect(invoice.dueAt).toBe(GENERATION_AT + 30 * 24 * 60 * 60_000);
    expect(invoice.nextChargeAt).toBeNull();
    // The CSV's amounts (lines, then VAT) sum to the total.
    const csv = invoiceCsv(invoice, lines);
    // Read as a spreadsheet does (descriptions with commas are quoted).
    const amounts = parseCsv(csv)
      .slice(1)
      .map((row) => Math.round(Number(row[6]) * 100));
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(invoice.totalCents);
  });

  it('carries what an advance did not cover to the next month', async () => {
    const { db, deps, lodz } = await setup();
    await generateInvoices(deps, GENERATION_AT);
    // November: staging runs 720 h awake-or-not at 2 × €0.20 (no schedule this time) = 28 800; 10 468 of its advance is left.
    await db.delete(usageRecords).where(eq(usageRecords.organizationId, lodz.organizationId));
    const november = Date.UTC(2026, 10, 1);
    const rows = Array.from({ length: 720 }, (_, index) => ({
      id: `use_nov_${index}`,
      organizationId: lodz.organizationId,
      subjectId: lodz.staging,
      clusterId: lodz.staging,
      hour: november + index * 60 * 60_000,
      kind: 'node' as const,
      resourceId: 'gp-4-16',
      quantityMilli: 2000,
      unitPriceMillicents: 20_000,
      amountMillicents: 40_000,
      orderId: lodz.stagingOrder,
      createdAt: november,
    }));
    for (let index = 0; index < rows.length; index += 8) await db.insert(usageRecords).values(rows.slice(index, index + 8));
    const draft = await draftInvoice(db, lodz.organizationId, previousMonth(Date.UTC(2026, 11, 1, 2)));
    expect(draft!.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['usage', 28_800],
      ['order', -(30_000 - 19_532)],
    ]);
    // Both October credits are used up and September's expired: none applies.
    expect(draft!.creditsCents).toBe(0);
    expect(draft!.taxableCents).toBe(28_800 - 10_468);
  });
});

describe('invoice numbering', () => {
  it('gives two racing generations no gap and no duplicate', async () => {
    const { db, deps, lodz, globex } = await setup();
    const before = await lastNumber(db, 2026);
    const runs = await Promise.all([generateInvoices(deps, GENERATION_AT), generateInvoices(deps, GENERATION_AT)]);
    const mine = [lodz.organizationId, globex.organizationId];
    const issued = runs.flatMap((run) => run.issued).filter((row) => mine.includes(row.organizationId));
    expect(issued.map((row) => row.organizationId).sort()).toEqual([...mine].sort());
    const rows = await db.select().from(invoices).where(inArray(invoices.organizationId, mine));
    expect(rows).toHaveLength(2);
    const all = await db.select({ number: invoices.number }).from(invoices);
    const sequence = all.map((row) => Number(row.number.slice(-6))).sort((x, y) => x - y);
    // Every organisation billed (the seed's too) got exactly one number, and the numbers run from 1 without a hole.
    expect(await lastNumber(db, 2026)).toBe(before + new Set(runs.flatMap((run) => run.issued.map((row) => row.organizationId))).size);
    expect(sequence).toEqual(Array.from({ length: await lastNumber(db, 2026) }, (_, index) => index + 1));
    expect(new Set(all.map((row) => row.number)).size).toBe(all.length);
  });

  it('rolls the number back when the same period is issued twice at once', async () => {
    const { db, lodz, globex } = await setup();
    const before = await lastNumber(db, 2026);
    const lodzDraft = (await draftInvoice(db, lodz.organizationId, OCTOBER))!;
    const globexDraft = (await draftInvoice(db, globex.organizationId, OCTOBER))!;
    const results = await Promise.all([issueInvoice(db, lodzDraft, GENERATION_AT), issueInvoice(db, globexDraft, GENERATION_AT), issueInvoice(db, lodzDraft, GENERATION_AT), issueInvoice(db, globexDraft, GENERATION_AT)]);
    const issued = results.filter((row) => row !== null);
    expect(issued).toHaveLength(2);
    expect(issued.map((row) => row!.number).sort()).toEqual([`KM-2026-${String(before + 1).padStart(6, '0')}`, `KM-2026-${String(before + 2).padStart(6, '0')}`]);
    expect(await lastNumber(db, 2026)).toBe(before + 2);
    // The losing batches took nothing: the credits were decremented once.
    const [soon] = await db.select().from(credits).where(eq(credits.id, lodz.soonCredit));
    expect(soon!.remainingCents).toBe(0);
    expect((await db.select({ n: count() }).from(creditApplications).where(eq(creditApplications.creditId, lodz.soonCredit)))[0]!.n).toBe(1);
  });

  it('starts each year at 000001', async () => {
    const { db, deps, lodz } = await setup();
    // December 2026 usage invoiced on 1 January 2027 takes 2027's first number.
    await db.insert(usageRecords).values({
      id: 'use_dec',
      organizationId: lodz.organizationId,
      subjectId: lodz.analytics,
      clusterId: lodz.analytics,
      hour: Date.UTC(2026, 11, 31, 23),
      kind: 'control_plane',
      resourceId: 'tier_economy',
      quantityMilli: 1000,
      unitPriceMillicents: 10_000,
      amountMillicents: 10_000,
      orderId: null,
      createdAt: Date.UTC(2027, 0, 1),
    });
    const run = await generateInvoices(deps, Date.UTC(2027, 0, 1, 2));
    const [row] = await db.select().from(invoices).where(and(eq(invoices.organizationId, lodz.organizationId), eq(invoices.periodStart, Date.UTC(2026, 11, 1))));
    expect(row!.number).toMatch(/^KM-2027-\d{6}$/);
    expect(run.issued.map((issued) => issued.number).sort()[0]).toBe('KM-2027-000001');
  });
});
