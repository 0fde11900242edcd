/**
 * Issue 13's "done when", end to end: a month of the REAL metering for an organisation that orders
 * and pays as a customer does (quotes from the shared pricing engine, PARIS, fulfilment, the
 * operation engine), with a clock the test moves hour by hour and the Worker's crons run at each
 * hour, then the real invoice generation checked line by line against figures computed by hand.
 * generate.test.ts checks the invoice arithmetic on usage rows written by a fixture; this file
 * checks that the metering writes the rows that arithmetic expects, and that the invoice's PDF and
 * CSV, read back as a customer's software reads them, say the same.
 *
 * The same month runs for two customers: a French business (French VAT at 20 %) and a Polish
 * business with an EU VAT number (reverse charge, 0 % VAT, and a name the PDF must print in
 * Unicode). Lines are the same; the VAT and the totals differ.
 */
import {
  clusterHibernations,
  clusterOperations,
  creditApplications,
  credits,
  invoiceLines,
  invoices,
  invoiceSequences,
  meteredHours,
  nodePools,
  orders,
  payments,
  usageRecords,
  type Database,
} from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContext, type ClusterOperatorPort } from '../../context';
import { sandboxPayments, type ChargeRequest, type PaymentsPort } from '../../platform/payments';
import { simulatorProvisioner, type ProvisionerPort } from '../../platform/provisioner';
import { callerAs, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { grantCredit } from '../billing/credit-grants';
import { runOperationUntil } from '../clusters';
import { applyHibernationSchedules } from '../clusters/hibernation';
import { meterUpTo, meterHour, type MeteringDeps } from '../usage/metering';
import type { InvoiceDeps } from './dunning';
import { eurosText, quantityText, unitPriceText } from './pdf';
import { generateInvoices } from './service';
import { HOUR_MS, insertCard, insertOrganization } from '../../testing/invoices-fixtures';
import { parseCsv, pdfText } from '../../testing/pdf-read-back';

const MINUTE_MS = 60_000;
/** The demo data and PARIS (valid from the seed on) exist from 1 September 2026. */
const SEEDED_AT = Date.UTC(2026, 8, 1);
const OCTOBER = { start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 10, 1) };
/** The invoices cron for October: 1 November, 02:00 UTC. */
const GENERATION_AT = Date.UTC(2026, 10, 1, 2);
/** The housekeeping cron (which meters) runs at minute 17 of every hour. */
const METERING_MINUTE = 17;

// What the customer does, and when (October 2026 starts on a Thursday).
const ANALYTICS_ORDERED_AT = Date.UTC(2026, 8, 30, 22);
const MIDDLEWARE_ORDERED_AT = Date.UTC(2026, 9, 5);
/** A Saturday: its first night asleep is Monday 12 October. */
const STAGING_ORDERED_AT = Date.UTC(2026, 9, 10, 8);
const SCALE_UP_AT = Date.UTC(2026, 9, 16);
const CREDIT_GRANTED_AT = Date.UTC(2026, 9, 20, 11);

interface Customer {
  /** As the test's title says it. */
  label: string;
  billing: { companyName: string; countryCode: string; vatNumber: string; addressLine1: string; postalCode: string; city: string };
  billingId: string;
  /** The organisation's owner, who orders and pays. */
  username: string;
  cardHolder: string;
  /** VAT at checkout on the three orders' net amounts (analytics 20 425, the middleware 1 900, staging 16 300). */
  orderTax: { analytics: number; middleware: number; staging: number };
  /** What the first order charged at checkout, VAT included. */
  analyticsOrderTotal: number;
  /** The month's invoice: the VAT on its 44.64 € taxable amount, and the total. */
  invoice: { vatRateBasisPoints: number; reverseCharge: boolean; taxCents: number; totalCents: number };
  /** What the PDF prints: the customer block, line by line, and the VAT and total rows of the totals. */
  pdf: { billTo: string[]; vatRow: string; totalRow: string };
  /** The CSV's last row: the VAT, so that the amount column sums to the total. */
  csvVat: { description: string; amountCents: number };
}

const CUSTOMERS: Customer[] = [
  {
    label: 'a French business (VAT 20 %)',
    billing: { companyName: 'Lumière Analytique SAS', countryCode: 'FR', vatNumber: 'FR40303265045', addressLine1: '4 place Bellecour', postalCode: '69002', city: 'Lyon' },
    billingId: 'KM-LUMI01',
    username: 'lea',
    cardHolder: 'Léa Fontaine',
    // 20 % of 20 425 = 4 085; of 1 900 = 380; of 16 300 = 3 260.
    orderTax: { analytics: 4_085, middleware: 380, staging: 3_260 },
    analyticsOrderTotal: 24_510,
    // A French business: French VAT at 20 %. 20 % of 4 464 = 892.8 → 893 (half up); 4 464 + 893 = 5 357.
    invoice: { vatRateBasisPoints: 2000, reverseCharge: false, taxCents: 893, totalCents: 5_357 },
    pdf: {
      billTo: ['Lumière Analytique SAS', '4 place Bellecour', '69002 Lyon', 'France', 'VAT number: FR40303265045', 'Billing ID: KM-LUMI01'],
      vatRow: 'VAT 20%\n€8.93',
      totalRow: 'Total\n€53.57',
    },
    csvVat: { description: 'VAT 20%', amountCents: 893 },
  },
  {
    label: 'a Polish business (EU VAT number: reverse charge)',
    billing: { companyName: 'Łódź Analityka Sp. z o.o.', countryCode: 'PL', vatNumber: 'PL5252344078', addressLine1: 'ul. Piotrkowska 104', postalCode: '90-926', city: 'Łódź' },
    billingId: 'KM-LODZ01',
    username: 'kasia',
    cardHolder: 'Katarzyna Wójcik',
    // An EU business outside France: reverse charge at checkout too.
    orderTax: { analytics: 0, middleware: 0, staging: 0 },
    analyticsOrderTotal: 20_425,
    // Reverse charge: 0 % VAT; the total is the taxable amount, 4 464.
    invoice: { vatRateBasisPoints: 0, reverseCharge: true, taxCents: 0, totalCents: 4_464 },
    pdf: {
      billTo: ['Łódź Analityka Sp. z o.o.', 'ul. Piotrkowska 104', '90-926 Łódź', 'Poland', 'VAT number: PL5252344078', 'Billing ID: KM-LODZ01'],
      vatRow: 'VAT reverse-charged (0%)\n€0.00',
      totalRow: 'Total\n€44.64',
    },
    csvVat: { description: 'VAT reverse-charged (0%)', amountCents: 0 },
  },
];

/**
 * Volumes and egress as a provider would report them, fixed per node so that every figure can be
 * computed by hand: 25 GB of volumes per node, 0.125 GB out per node and hour.
 */
const STORAGE_GB_PER_NODE = 25;
const EGRESS_GB_PER_NODE_HOUR = 0.125;
const meteringProvisioner: Pick<ProvisionerPort, 'usageMetrics'> = {
  usageMetrics(cluster) {
    const nodes = cluster.pools.reduce((sum, pool) => sum + pool.count, 0);
    return { storageGb: nodes * STORAGE_GB_PER_NODE, egressGb: nodes * EGRESS_GB_PER_NODE_HOUR };
  },
};

async function setup(customer: Customer) {
  const db = await createTestDb();
  await seed(db, SEEDED_AT);
  const clock = manualClock(ANALYTICS_ORDERED_AT);
  // The ClusterOperator Durable Object's part: operations handed over are run by runOperators below.
  const handedOver: string[] = [];
  const operator: ClusterOperatorPort = {
    async start(_clusterId, operationId) {
      handedOver.push(operationId);
    },
  };
  const realtime = { async publish() {}, async closeSessions() {} };
  const mailer = memoryMailer();
  const sandbox = sandboxPayments({ clock });
  // Every charge asked of the payment provider, orders' and invoices' alike.
  const charges: ChargeRequest[] = [];
  const payments: PaymentsPort = {
    ...sandbox,
    charge(request) {
      charges.push(request);
      return sandbox.charge(request);
    },
  };
  const ctx = createContext({
    db,
    config: { appVersion: '1.16.0', environment: 'development' },
    ports: { clock, mailer, realtime, payments, operator, provisioner: simulatorProvisioner({ speed: 60 }) },
    request: { appUrl: 'https://console.example.eu' },
  });
  const metering: MeteringDeps = { db, provisioner: meteringProvisioner };
  const invoicing: InvoiceDeps = { db, ports: { clock, mailer, payments, realtime }, appUrl: 'https://console.example.eu' };

  const { organizationId } = await insertOrganization(db, customer.billing.companyName, customer.billingId, customer.username);
  const owner = callerAs(ctx, await sessionUserOf(db, customer.username));
  const cardId = await insertCard(db, organizationId, '4242');

  const ended: Array<{ id: string; status: string }> = [];
  /** Runs every operation handed over (and those they hand over) to its end, moving the clock as it goes. */
  const runOperators = async () => {
    while (handedOver.length > 0) {
      const id = handedOver.shift()!;
      const result = await runOperationUntil(ctx, id, { advanceClock: (to) => clock.advance(to - clock.now()) });
      ended.push({ id, status: result.status });
    }
  };

  let keys = 0;
  const key = (prefix: string) => `${prefix}-${(keys += 1).toString().padStart(6, '0')}`;
  const card = { kind: 'card' as const, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: customer.cardHolder } };
  /** Places and pays an order as the owner, at the clock's time. */
  const orderAndPay = async (input: Omit<Parameters<typeof owner.orders.create>[0], 'idempotencyKey' | 'billing'>) => {
    const placed = await owner.orders.create({ idempotencyKey: key('order'), billing: customer.billing, ...input });
    const paid = await owner.orders.pay({ id: placed.id, paymentIdempotencyKey: key('pay'), method: card });
    if (paid.result !== 'succeeded') throw new Error(`Order ${placed.id} was not paid: ${paid.result}`);
    await runOperators();
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    return row!;
  };

  return { db, ctx, clock, owner, metering, invoicing, organizationId, cardId, runOperators, orderAndPay, ended, charges };
}

async function snapshot(db: Database) {
  const n = async (table: typeof usageRecords | typeof meteredHours | typeof invoiceLines | typeof creditApplications | typeof payments) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    usageRecords: await n(usageRecords),
    meteredHours: await n(meteredHours),
    invoices: await db.select().from(invoices).orderBy(asc(invoices.number)),
    invoiceLines: await n(invoiceLines),
    credits: await db.select().from(credits).orderBy(asc(credits.id)),
    creditApplications: await n(creditApplications),
    payments: await n(payments),
    sequence: await db.select().from(invoiceSequences).orderBy(asc(invoiceSequences.year)),
  };
}

/** Hourly prices of a monthly order: the quote's monthly unit price × 1 000 ÷ 730 h, in millicents, rounded. */
const PER_HOUR = {
  economyControlPlane: 12_192, // 8 900 → 12 191.78
  gp28: 3_973, // 2 900 → 3 972.60
  monitoring: 5_342, // 3 900 → 5 342.47
  devtestControlPlane: 6_712, // 4 900 → 6 712.33
  gp416: 7_808, // 5 700 → 7 808.22
  gp416Asleep: 781, // 10 % of 7 808 = 780.8
  postgresStarter: 2_603, // 1 900 → 2 602.74
};
/** Storage and egress are priced by the platform, not the order (14 millicents per GB-hour, 1 000 per GB). */
const STORAGE_MILLICENTS = 14;
const EGRESS_MILLICENTS = 1_000;

describe.each(CUSTOMERS)('a month of metering for $label, then its invoice', (customer) => {
  it('meters October hour by hour through the real crons, invoices it to the cent, renders its PDF and CSV, and running the crons again changes nothing', { timeout: 120_000 }, async () => {
    const t = await setup(customer);
    const { db, clock } = t;

    // Ordered on 30 September with PARIS, the organisation's first purchase: 5 % off.
    const analyticsOrder = await t.orderAndPay({
      lines: [{ kind: 'cluster', name: 'analytics', tierId: 'tier_economy', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'workers', flavorId: 'gp-2-8', count: 3 }], addonIds: ['addon_monitoring'] }],
      promotionCode: 'PARIS',
    });
    // 8 900 + 3 × 2 900 + 3 900 = 21 500; PARIS 5 % = 1 075; 20 425 net, then the customer's VAT.
    expect(analyticsOrder).toMatchObject({ status: 'completed', subtotalCents: 21_500, discountCents: 1_075, taxCents: customer.orderTax.analytics, totalCents: customer.analyticsOrderTotal, promotionCode: 'PARIS', promotionApplied: true });
    const analytics = analyticsOrder.createdClusterId!;
    const [workers] = await db.select().from(nodePools).where(eq(nodePools.clusterId, analytics));
    let staging = '';
    const orderIds: string[] = [analyticsOrder.id];

    // Hour by hour, what the Worker's crons do (worker/src/scheduled.ts). The hibernation job runs
    // every 5 minutes in production; here it runs on the hour, where this schedule's transitions
    // are (the other eleven runs of an hour would find none), with the window of a 5-minute run.
    // The operator (a Durable Object in production) then runs what it was handed, and at minute 17
    // the housekeeping job meters every hour that has ended.
    let lastMeteredAt = 0;
    for (let hour = ANALYTICS_ORDERED_AT + HOUR_MS; hour <= GENERATION_AT; hour += HOUR_MS) {
      clock.advance(hour - clock.now());
      if (hour === MIDDLEWARE_ORDERED_AT) {
        const middlewareOrder = await t.orderAndPay({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter', name: 'pg', clusterId: analytics }] });
        expect(middlewareOrder).toMatchObject({ status: 'completed', subtotalCents: 1_900, discountCents: 0, taxCents: customer.orderTax.middleware, promotionApplied: false, paidAt: MIDDLEWARE_ORDERED_AT });
        orderIds.push(middlewareOrder.id);
      }
      if (hour === STAGING_ORDERED_AT) {
        const stagingOrder = await t.orderAndPay({
          lines: [{ kind: 'cluster', name: 'staging', tierId: 'tier_devtest', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-4-16', count: 2 }], addonIds: [] }],
        });
        // 4 900 + 2 × 5 700 = 16 300, no promotion (not the first purchase).
        expect(stagingOrder).toMatchObject({ status: 'completed', subtotalCents: 16_300, discountCents: 0, taxCents: customer.orderTax.staging });
        staging = stagingOrder.createdClusterId!;
        orderIds.push(stagingOrder.id);
        await t.owner.clusters.setHibernation({ id: staging, timezone: 'UTC', schedules: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], sleepAt: '20:00', wakeAt: '08:00' }] });
      }
      if (hour === SCALE_UP_AT) {
        await t.owner.clusters.scaleNodePool({ id: analytics, poolId: workers!.id, count: 5 });
        await t.runOperators();
      }
      if (hour === CREDIT_GRANTED_AT) {
        await grantCredit({ ...t.ctx, user: await sessionUserOf(db, 'adam') }, { id: t.organizationId, amountCents: 1_500, origin: 'goodwill', description: 'Migration assistance', expiresAt: Date.UTC(2027, 5, 30) });
      }
      await applyHibernationSchedules(t.ctx, hour, hour - 5 * MINUTE_MS);
      await t.runOperators();
      clock.advance(hour + METERING_MINUTE * MINUTE_MS - clock.now());
      await meterUpTo(t.metering, clock.now());
      lastMeteredAt = clock.now();
    }
    expect(t.ended.filter((operation) => operation.status !== 'succeeded')).toEqual([]);

    // What the hand count below rests on. The schedule's operations really ran: 15 weeknights
    // (12–16, 19–23 and 26–30 October), each hibernation done within minutes of 20:00 and each
    // wake-up within minutes of 08:00, so 20:00–08:00 is asleep (an hour counts as asleep when
    // hibernation covers half of it) and the 08:00 hour awake.
    const sleeps = await db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, staging)).orderBy(asc(clusterHibernations.startedAt));
    const nights = [12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 26, 27, 28, 29, 30];
    expect(sleeps).toHaveLength(nights.length);
    sleeps.forEach((sleep, index) => {
      const night = Date.UTC(2026, 9, nights[index]!, 20);
      expect(sleep.startedAt - night).toBeGreaterThanOrEqual(0);
      expect(sleep.startedAt - night).toBeLessThan(30 * MINUTE_MS);
      expect(sleep.endedAt! - (night + 12 * HOUR_MS)).toBeGreaterThanOrEqual(0);
      expect(sleep.endedAt! - (night + 12 * HOUR_MS)).toBeLessThan(30 * MINUTE_MS);
    });
    // The scale-up finished just after midnight: 5 nodes ran for most of the 00:00 hour, which is billed so
    // (a pool's size is the one it had for most of the hour, as sleep is).
    const [scale] = await db.select().from(clusterOperations).where(and(eq(clusterOperations.clusterId, analytics), eq(clusterOperations.type, 'scale_pool')));
    expect(scale).toMatchObject({ status: 'succeeded', createdAt: SCALE_UP_AT, params: { poolId: workers!.id, count: 5 } });
    expect(scale!.finishedAt! - SCALE_UP_AT).toBeGreaterThan(0);
    expect(scale!.finishedAt! - SCALE_UP_AT).toBeLessThan(HOUR_MS);

    clock.advance(GENERATION_AT - clock.now());
    const run = await generateInvoices(t.invoicing, GENERATION_AT);
    expect(run.period).toEqual(OCTOBER);
    const issued = await db.select().from(invoices).where(eq(invoices.organizationId, t.organizationId)).orderBy(asc(invoices.number));
    // Each order paid at checkout got its own invoice then, whose VAT is what the card was charged (issue 30).
    const orderInvoices = issued.filter((row) => row.orderId !== null);
    expect(orderInvoices.map((row) => row.orderId).sort()).toEqual([...orderIds].sort());
    for (const orderInvoice of orderInvoices) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderInvoice.orderId!));
      const charged = t.charges.find((charge) => charge.orderId === order!.id)!;
      expect(orderInvoice).toMatchObject({ kind: 'invoice', status: 'paid', totalCents: charged.amountCents, taxCents: order!.taxCents, receivedCents: charged.amountCents, vatRateBasisPoints: customer.invoice.vatRateBasisPoints });
      expect(orderInvoice.taxableCents + orderInvoice.taxCents).toBe(charged.amountCents);
      expect(orderInvoice.issuedAt).toBeLessThan(GENERATION_AT);
    }
    const numberOf = (orderId: string | undefined) => orderInvoices.find((row) => row.orderId === orderId)!.number;
    const [invoice, ...others] = issued.filter((row) => row.orderId === null);
    expect(others).toEqual([]);
    // Numbers follow issue dates: the order invoices came first.
    expect(orderInvoices.every((row) => row.number < invoice!.number)).toBe(true);
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id)).orderBy(asc(invoiceLines.position));

    // By hand. analytics runs all 744 hours of October; its pool has 3 nodes until the scale-up
    // (1 Oct 00:00 → 16 Oct 00:00 = 15 × 24 = 360 h), then 5 (744 − 360 = 384 h).
    const analyticsNodeHours = 360 * 3 + 384 * 5; // 3 000
    const analyticsControlPlane = 9_071; // 744 × 12 192 = 9 070 848 millicents → 9 070.848 → 9 071
    const analyticsNodes = 11_919; // 3 000 × 3 973 = 11 919 000 → 11 919
    const monitoring = 3_974; // 744 × 5 342 = 3 974 448 → 3 974.448 → 3 974
    const analyticsGbHours = 360 * 3 * 25 + 384 * 5 * 25; // 27 000 + 48 000 = 75 000 GB-hours
    const analyticsStorage = 1_050; // 75 000 × 14 = 1 050 000 → 1 050
    const analyticsEgressMilli = 360 * 3 * 125 + 384 * 5 * 125; // 135.000 + 240.000 = 375.000 GB
    const analyticsEgress = 375; // 375 × 1 000 = 375 000 → 375
    // staging: 10 Oct 08:00 → 1 Nov = 21 days 16 h = 520 h; asleep 15 nights × 12 h = 180 h, awake 340 h.
    const stagingControlPlane = 3_490; // 520 × 6 712 = 3 490 240 → 3 490
    const stagingNodes = 5_309; // 340 × 2 = 680 node-hours × 7 808 = 5 309 440 → 5 309
    const stagingAsleep = 281; // 180 × 2 = 360 node-hours × 781 = 281 160 → 281
    const stagingStorage = 364; // 520 h × 2 nodes × 25 GB = 26 000 GB-hours (volumes stay while asleep) × 14 = 364 000 → 364
    const stagingEgress = 85; // awake only: 340 h × 2 × 0.125 = 85 GB × 1 000 = 85 000 → 85
    // middleware: paid 5 Oct 00:00 → 1 Nov = 27 days = 648 h × 2 603 = 1 686 744 → 1 687.
    const middleware = 1_687;
    const analyticsTotal = analyticsControlPlane + analyticsNodes + monitoring + analyticsStorage + analyticsEgress; // 26 389
    const stagingTotal = stagingControlPlane + stagingNodes + stagingAsleep + stagingStorage + stagingEgress; // 9 529
    expect([analyticsTotal, stagingTotal]).toEqual([26_389, 9_529]);
    // The advances paid at checkout (net of VAT, PARIS included), in the order the orders were
    // placed: analytics' 20 425 is used up; the middleware's 1 900 covers 1 687 (2.13 € left);
    // staging's 16 300 covers 9 529 (67.71 € left).
    const analyticsAdvance = 20_425;
    const subtotal = analyticsTotal + stagingTotal + middleware - analyticsAdvance - middleware - stagingTotal;
    expect(subtotal).toBe(5_964);
    const credit = 1_500;
    const taxable = subtotal - credit; // 4 464
    expect(taxable).toBe(4_464);
    const vat = customer.invoice.taxCents; // French: 893; reverse charge: 0
    // The month's VAT is the rate on what is billed beyond the prepaid orders: 20 % of 4 464 for the French business.
    expect(vat).toBe(customer.invoice.reverseCharge ? 0 : Math.floor((taxable * customer.invoice.vatRateBasisPoints + 5_000) / 10_000));
    const total = taxable + vat;
    expect(total).toBe(customer.invoice.totalCents);

    const [analyticsOrderId, middlewareOrderId, stagingOrderId] = orderIds;
    const expectedLines: Array<[kind: string, description: string, quantityMilli: number, unitPriceMillicents: number, amountCents: number]> = [
      ['usage', 'analytics · Control plane, Economy (Green) tier (hours)', 744_000, PER_HOUR.economyControlPlane, analyticsControlPlane],
      ['usage', 'analytics · Nodes, General purpose 2 vCPU, 8 GB (node-hours)', analyticsNodeHours * 1000, PER_HOUR.gp28, analyticsNodes],
      ['usage', 'analytics · Add-on, Prometheus and Grafana (hours)', 744_000, PER_HOUR.monitoring, monitoring],
      ['usage', 'analytics · Storage, block storage (GB-hours)', analyticsGbHours * 1000, STORAGE_MILLICENTS, analyticsStorage],
      ['usage', 'analytics · Egress, to the internet (GB)', analyticsEgressMilli, EGRESS_MILLICENTS, analyticsEgress],
      ['usage', 'staging · Control plane, Dev/Test (Orange) tier (hours)', 520_000, PER_HOUR.devtestControlPlane, stagingControlPlane],
      ['usage', 'staging · Nodes, General purpose 4 vCPU, 16 GB (node-hours)', 680_000, PER_HOUR.gp416, stagingNodes],
      ['usage', 'staging · Hibernated nodes, General purpose 4 vCPU, 16 GB (node-hours)', 360_000, PER_HOUR.gp416Asleep, stagingAsleep],
      ['usage', 'staging · Storage, block storage (GB-hours)', 26_000_000, STORAGE_MILLICENTS, stagingStorage],
      ['usage', 'staging · Egress, to the internet (GB)', 85_000, EGRESS_MILLICENTS, stagingEgress],
      ['usage', 'Managed service, PostgreSQL Starter (hours)', 648_000, PER_HOUR.postgresStarter, middleware],
      ['order', `Advance for Economy (Green) cluster analytics in fr-par-1, invoiced on ${numberOf(analyticsOrderId)} (paid at checkout, promotion PARIS included). €0.00 of the advance left`, 1000, -analyticsAdvance * 1000, -analyticsAdvance],
      ['order', `Advance for PostgreSQL: Starter pg in analytics, invoiced on ${numberOf(middlewareOrderId)} (paid at checkout). €2.13 of the advance left`, 1000, -middleware * 1000, -middleware],
      ['order', `Advance for Dev/Test (Orange) cluster staging in fr-par-1, invoiced on ${numberOf(stagingOrderId)} (paid at checkout). €67.71 of the advance left`, 1000, -stagingTotal * 1000, -stagingTotal],
      ['credit', 'Credit: Migration assistance', 1000, -credit * 1000, -credit],
    ];
    expect(lines.map((line) => [line.kind, line.description, line.quantityMilli, line.unitPriceMillicents, line.amountCents])).toEqual(expectedLines);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^KM-2026-\d{6}$/),
      periodStart: OCTOBER.start,
      periodEnd: OCTOBER.end,
      subtotalCents: subtotal,
      discountCents: 0,
      creditsCents: credit,
      taxableCents: taxable,
      // French VAT at 20 % for the French business; reverse charge for the Polish one.
      vatRateBasisPoints: customer.invoice.vatRateBasisPoints,
      taxCents: vat,
      reverseCharge: customer.invoice.reverseCharge,
      totalCents: total,
      issuedAt: GENERATION_AT,
      billing: expect.objectContaining({ companyName: customer.billing.companyName, countryCode: customer.billing.countryCode, vatNumber: customer.billing.vatNumber }),
      // Charged at once to the default card.
      status: 'paid',
      paidAt: GENERATION_AT,
      paymentMethodId: t.cardId,
    });
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(taxable);
    const [grantedCredit] = await db.select().from(credits).where(eq(credits.organizationId, t.organizationId));
    expect(grantedCredit).toMatchObject({ amountCents: 1_500, remainingCents: 0 });

    // The PDF the owner downloads, read back as a viewer's copy-paste does: the number, the
    // customer in Unicode, every line (quantity, unit price, amount, description) and the totals.
    const pdfDownload = await t.owner.invoices.pdf({ id: invoice!.id });
    expect(pdfDownload.filename).toBe(`${invoice!.number}.pdf`);
    const pages = await pdfText(Buffer.from(pdfDownload.pdf, 'base64'));
    // The invoice, then its carbon annex (issue 34).
    expect(pages).toHaveLength(2);
    const strings = pages[0]!;
    const text = strings.join('\n');
    const flat = strings.join(' ');
    expect(strings).toContain('Invoice');
    expect(strings).toContain(invoice!.number);
    for (const value of customer.pdf.billTo) expect(strings).toContain(value);
    expect(text).toContain('Issued\n1 November 2026\nPaid\n1 November 2026\nPeriod\n1 October 2026 – 31 October 2026\nStatus\nPaid');
    for (const [, description, quantityMilli, unitPriceMillicents, amountCents] of expectedLines) {
      expect(flat).toContain(`${quantityText(quantityMilli)} ${unitPriceText(unitPriceMillicents)} ${eurosText(amountCents)} ${description}`);
    }
    expect(text).toContain('Subtotal\n€59.64\nDiscount\n€0.00\nCredits applied\n-€15.00\nTaxable amount\n€44.64');
    expect(text).toContain(customer.pdf.vatRow);
    expect(text).toContain(customer.pdf.totalRow);
    const reverseChargeMention = 'Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC).';
    if (customer.invoice.reverseCharge) expect(flat).toContain(reverseChargeMention);
    else expect(text).not.toContain('Reverse charge');
    expect(strings.at(-1)).toBe(`${invoice!.number} · Page 1 of 2`);
    // The annex, by hand: analytics ran 3 000 node-hours of gp-2-8 and 744 control-plane hours in Paris.
    // gp-2-8 = 2 × 2.12 + 8 × 0.392 = 7.376 W, the control plane's share too: 7.376 × (3 000 + 744) = 27 615.744 Wh
    // = 27.615744 kWh; × PUE 1.58 = 43.63287552 kWh; × 56 g/kWh ÷ 1000 = 2.443441029 kg.
    const annex = pages[1]!.join(' ');
    expect(annex).toContain('Estimated carbon footprint');
    expect(annex).toContain('not a measurement and not part of the amount due');
    expect(annex).toContain('analytics (fr-par-1) 3,000.0 43.6 2.44');
    expect(annex).toMatch(/staging \(fr-par-1\) [\d,.]+ [\d,.]+ [\d,.]+/);
    expect(annex).toContain('Cloud Carbon Footprint');
    expect(annex).toContain('Paris PAR1 (fr-par-1): grid 56 g CO₂e/kWh, Ember');
    expect(pages[1]!.at(-1)).toBe(`${invoice!.number} · Page 2 of 2`);

    // The CSV of its lines: one row per line, then the VAT row; the amount column sums to the total.
    const csvDownload = await t.owner.invoices.csv({ id: invoice!.id });
    expect(csvDownload.filename).toBe(`${invoice!.number}.csv`);
    const [header, ...rows] = parseCsv(csvDownload.csv);
    expect(header).toEqual(['invoice', 'position', 'kind', 'description', 'quantity', 'unit_price_eur', 'amount_eur', 'cluster_id', 'order_id']);
    const cents = (euros: string) => Math.round(Number(euros) * 100);
    expect(rows.map((row) => [row[0], Number(row[1]), row[2], row[3], Math.round(Number(row[4]) * 1000), Math.round(Number(row[5]) * 100_000), cents(row[6]!)])).toEqual([
      ...expectedLines.map(([kind, description, quantityMilli, unitPriceMillicents, amountCents], index) => [invoice!.number, index + 1, kind, description, quantityMilli, unitPriceMillicents, amountCents]),
      [invoice!.number, expectedLines.length + 1, 'vat', customer.csvVat.description, 1000, customer.csvVat.amountCents * 1000, customer.csvVat.amountCents],
    ]);
    expect(rows.slice(0, -1).map((row) => [row[7], row[8]])).toEqual(lines.map((line) => [line.clusterId ?? '', line.orderId ?? '']));
    expect(rows.reduce((sum, row) => sum + cents(row[6]!), 0)).toBe(customer.invoice.totalCents);

    // One record per resource and hour, never two: analytics 5 kinds × 744 h; staging control
    // plane, nodes (awake or asleep) and storage × 520 h, egress × 340 awake hours; middleware × 648 h.
    const [records] = await db
      .select({ n: count() })
      .from(usageRecords)
      .where(and(eq(usageRecords.organizationId, t.organizationId), gte(usageRecords.hour, OCTOBER.start), lt(usageRecords.hour, OCTOBER.end)));
    expect(records!.n).toBe(5 * 744 + 3 * 520 + 340 + 648);

    // The crons again, late or twice: the metering of the same time and of an October hour, the
    // invoice generation. Nothing changes: no usage row, no invoice, no number, no charge.
    const invoiceCharges = () => t.charges.filter((charge) => charge.organizationId === t.organizationId && !orderIds.includes(charge.orderId));
    expect(invoiceCharges().map((charge) => charge.amountCents)).toEqual([total]);
    const before = await snapshot(db);
    expect(await meterUpTo(t.metering, lastMeteredAt)).toEqual({ hours: [], records: 0 });
    expect(await meterHour(t.metering, Date.UTC(2026, 9, 20, 14))).toEqual({ hours: [], records: 0 });
    const again = await generateInvoices(t.invoicing, GENERATION_AT);
    expect(again.issued).toEqual([]);
    expect(again.skipped).toContain(t.organizationId);
    expect(await snapshot(db)).toEqual(before);
    expect(invoiceCharges()).toHaveLength(1);
    // The same invoice downloaded again says the same thing, to the byte.
    expect(await t.owner.invoices.pdf({ id: invoice!.id })).toEqual(pdfDownload);
    expect(await t.owner.invoices.csv({ id: invoice!.id })).toEqual(csvDownload);
  });
});
