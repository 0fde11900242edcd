/**
 * Test only: organisations with a month of metered use, as the hourly metering cron records it
 * (usage_records rows, one per resource and hour). Hours and prices are chosen so that every
 * amount can be computed by hand in the tests (see generate.test.ts).
 */
import { clusters, credits, invoiceLines, invoices, newId, orders, organizations, paymentMethods, usageRecords, users, type Database, type UsageKind } from '@kubemarket/db';
import { asc, eq } from 'drizzle-orm';
import type { BillingDetails, NewOrder } from '@kubemarket/db';
import { generateInvoices } from '../modules/invoices';
import { embeddedVatValidation } from '../platform/vat';
import { createTestCaller, manualClock } from './callers';

export const HOUR_MS = 60 * 60_000;
export const OCTOBER = { start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 10, 1) };
/** The monthly cron's run for October: 1 November, 02:00 UTC. */
export const GENERATION_AT = Date.UTC(2026, 10, 1, 2);

export const LODZ_BILLING: BillingDetails = {
  companyName: 'Łódź Analityka Sp. z o.o.',
  billingId: 'KM-LODZ01',
  vatNumber: 'PL5252344078',
  countryCode: 'PL',
  addressLine1: 'ul. Piotrkowska 104',
  addressLine2: null,
  postalCode: '90-926',
  city: 'Łódź',
};

export const GLOBEX_BILLING: BillingDetails = {
  companyName: 'Globex Logistique SAS',
  billingId: 'KM-GLBX01',
  vatNumber: 'FR40303265045',
  countryCode: 'FR',
  addressLine1: '8 quai de la Loire',
  addressLine2: null,
  postalCode: '75019',
  city: 'Paris',
};

/**
 * An active organisation and its owner. With billing details, they are its billing profile, as
 * its first order would have set them, its VAT number checked then (the embedded check).
 */
export async function insertOrganization(db: Database, name: string, billingId: string, username: string, billing?: BillingDetails) {
  const organizationId = newId('organization');
  const userId = newId('user');
  const createdAt = OCTOBER.start - 90 * 24 * HOUR_MS;
  const profile = billing
    ? { companyName: billing.companyName, countryCode: billing.countryCode, vatNumber: billing.vatNumber, addressLine1: billing.addressLine1, addressLine2: billing.addressLine2, postalCode: billing.postalCode, city: billing.city }
    : null;
  const vatCheck = billing?.vatNumber ? await embeddedVatValidation().check(billing.vatNumber, createdAt) : null;
  await db.insert(organizations).values({ id: organizationId, name, billingId, status: 'active', billingProfile: profile, vatCheck, createdAt, updatedAt: OCTOBER.start });
  await db.insert(users).values({ id: userId, organizationId, username, email: `${username}@example.eu`, name: `${username} owner`, organizationRole: 'owner', emailVerifiedAt: OCTOBER.start, createdAt: OCTOBER.start, updatedAt: OCTOBER.start });
  return { organizationId, userId };
}

export async function insertOrder(db: Database, values: Omit<NewOrder, 'id' | 'idempotencyKey' | 'currency' | 'userId'> & { userId: string }) {
  const id = newId('order');
  await db.insert(orders).values({ ...values, id, idempotencyKey: `${values.organizationId}:${id}`, currency: 'EUR' });
  return id;
}

export async function insertCluster(db: Database, organizationId: string, name: string, orderId: string, createdAt: number) {
  const id = newId('cluster');
  await db.insert(clusters).values({ id, organizationId, name, tierId: 'tier_economy', region: 'fr-par-1', status: 'running', kubernetesVersion: '1.37', nodeCount: 2, orderId, createdAt, updatedAt: createdAt });
  return id;
}

export interface UsageSpec {
  organizationId: string;
  subjectId: string;
  clusterId: string | null;
  orderId: string;
  kind: UsageKind;
  resourceId: string;
  unitPriceMillicents: number;
  /** Quantity (thousandths) for the hour starting at `hour`, or 0 for none. */
  quantityMilliAt(hour: number): number;
}

/** One usage record per hour of [from, to) where the quantity is not 0, like the metering cron. */
export async function meter(db: Database, spec: UsageSpec, from: number, to: number) {
  const rows = [];
  for (let hour = from; hour < to; hour += HOUR_MS) {
    const quantityMilli = spec.quantityMilliAt(hour);
    if (quantityMilli === 0) continue;
    rows.push({
      id: newId('usage'),
      organizationId: spec.organizationId,
      subjectId: spec.subjectId,
      clusterId: spec.clusterId,
      hour,
      kind: spec.kind,
      resourceId: spec.resourceId,
      quantityMilli,
      unitPriceMillicents: spec.unitPriceMillicents,
      amountMillicents: (quantityMilli * spec.unitPriceMillicents) / 1000,
      orderId: spec.orderId,
      createdAt: hour + HOUR_MS,
    });
  }
  // D1 (and createTestDb, which enforces its limit) binds at most 100 parameters: 8 rows of 12.
  for (let index = 0; index < rows.length; index += 8) await db.insert(usageRecords).values(rows.slice(index, index + 8));
  return rows.length;
}

/** Weeknights 20:00 → 08:00 UTC (Monday to Friday evenings): the staging cluster's hibernation schedule. */
export function asleep(hour: number): boolean {
  const date = new Date(hour);
  const weekday = date.getUTCDay();
  const h = date.getUTCHours();
  return (weekday >= 1 && weekday <= 5 && h >= 20) || (weekday >= 2 && weekday <= 6 && h < 8);
}

/**
 * Łódź Analityka in October 2026:
 * - `analytics` (order 1, paid at checkout on 30 September with PARIS: 42 700 − 2 135 = 40 565 net)
 *   runs all month; its gp-2-8 pool scales from 3 to 5 nodes on 16 October 00:00.
 * - `staging` (order 2, paid at checkout on 10 October, 30 000 net) exists from 10 October 08:00
 *   and sleeps on weeknights (20:00 → 08:00).
 * - a middleware plan (order 3, paid at checkout on 5 October, 5 000 net) from 5 October 00:00.
 * - credits: 20 € expiring 15 November, 25 € expiring in June 2027 (older), 30 € expired in
 *   September; a default sandbox card that succeeds.
 */
export async function seedLodz(db: Database) {
  const { organizationId, userId } = await insertOrganization(db, 'Łódź Analityka Sp. z o.o.', LODZ_BILLING.billingId, 'lodz', LODZ_BILLING);
  const common = { organizationId, userId, status: 'completed' as const, paymentMethod: 'card' as const, billing: LODZ_BILLING, cycle: 'monthly' as const };
  const analyticsOrder = await insertOrder(db, {
    ...common,
    kind: 'cluster',
    summary: 'Economy cluster analytics in fr-par-1',
    subtotalCents: 42_700,
    discountCents: 2_135,
    taxCents: 0,
    totalCents: 40_565,
    promotionCode: 'PARIS',
    promotionApplied: true,
    createdAt: Date.UTC(2026, 8, 30, 10),
    paidAt: Date.UTC(2026, 8, 30, 10),
  });
  const stagingOrder = await insertOrder(db, { ...common, kind: 'cluster', summary: 'Economy cluster staging in fr-par-1', subtotalCents: 30_000, taxCents: 0, totalCents: 30_000, createdAt: Date.UTC(2026, 9, 10, 7), paidAt: Date.UTC(2026, 9, 10, 7) });
  const middlewareOrder = await insertOrder(db, { ...common, kind: 'middleware', summary: 'PostgreSQL Small', subtotalCents: 5_000, taxCents: 0, totalCents: 5_000, createdAt: Date.UTC(2026, 9, 4, 23), paidAt: Date.UTC(2026, 9, 4, 23) });
  const analytics = await insertCluster(db, organizationId, 'analytics', analyticsOrder, Date.UTC(2026, 8, 30, 11));
  const staging = await insertCluster(db, organizationId, 'staging', stagingOrder, Date.UTC(2026, 9, 10, 8));

  const scaleUpAt = Date.UTC(2026, 9, 16);
  const stagingFrom = Date.UTC(2026, 9, 10, 8);
  const middlewareFrom = Date.UTC(2026, 9, 5);
  const a = { organizationId, subjectId: analytics, clusterId: analytics, orderId: analyticsOrder };
  const s = { organizationId, subjectId: staging, clusterId: staging, orderId: stagingOrder };
  const { start, end } = OCTOBER;
  await meter(db, { ...a, kind: 'control_plane', resourceId: 'tier_economy', unitPriceMillicents: 10_000, quantityMilliAt: () => 1000 }, start, end);
  await meter(db, { ...a, kind: 'node', resourceId: 'gp-2-8', unitPriceMillicents: 14_000, quantityMilliAt: (hour) => (hour < scaleUpAt ? 3000 : 5000) }, start, end);
  await meter(db, { ...a, kind: 'addon', resourceId: 'addon_monitoring', unitPriceMillicents: 1_250, quantityMilliAt: () => 1000 }, start, end);
  await meter(db, { ...a, kind: 'storage', resourceId: 'block-storage', unitPriceMillicents: 14, quantityMilliAt: () => 100_000 }, start, end);
  await meter(db, { ...s, kind: 'control_plane', resourceId: 'tier_economy', unitPriceMillicents: 10_000, quantityMilliAt: () => 1000 }, stagingFrom, end);
  await meter(db, { ...s, kind: 'node', resourceId: 'gp-4-16', unitPriceMillicents: 20_000, quantityMilliAt: (hour) => (asleep(hour) ? 0 : 2000) }, stagingFrom, end);
  await meter(db, { ...s, kind: 'hibernated_node', resourceId: 'gp-4-16', unitPriceMillicents: 2_000, quantityMilliAt: (hour) => (asleep(hour) ? 2000 : 0) }, stagingFrom, end);
  const egressHour = Date.UTC(2026, 9, 20, 14);
  await meter(db, { ...s, kind: 'egress', resourceId: 'egress', unitPriceMillicents: 1_000, quantityMilliAt: (hour) => (hour === egressHour ? 12_345 : 0) }, stagingFrom, end);
  await meter(
    db,
    { organizationId, subjectId: middlewareOrder, clusterId: null, orderId: middlewareOrder, kind: 'middleware', resourceId: 'mwp_postgresql_starter', unitPriceMillicents: 10_000, quantityMilliAt: () => 1000 },
    middlewareFrom,
    end,
  );

  const soonCredit = newId('credit');
  const laterCredit = newId('credit');
  const expiredCredit = newId('credit');
  await db.insert(credits).values([
    { id: laterCredit, organizationId, origin: 'prepaid', description: 'Prepaid credit', amountCents: 2_500, remainingCents: 2_500, expiresAt: Date.UTC(2027, 5, 30), createdAt: Date.UTC(2026, 8, 1) },
    { id: soonCredit, organizationId, origin: 'promotion', description: 'Welcome credit', amountCents: 2_000, remainingCents: 2_000, expiresAt: Date.UTC(2026, 10, 15), createdAt: Date.UTC(2026, 9, 20) },
    { id: expiredCredit, organizationId, origin: 'goodwill', description: 'Goodwill credit', amountCents: 3_000, remainingCents: 3_000, expiresAt: Date.UTC(2026, 8, 30), createdAt: Date.UTC(2026, 6, 1) },
  ]);
  const cardId = await insertCard(db, organizationId, '4242');
  return { organizationId, userId, analytics, staging, analyticsOrder, stagingOrder, middlewareOrder, soonCredit, laterCredit, expiredCredit, cardId };
}

/** A saved sandbox card; its last four digits pick the sandbox's test card (4242 succeeds, 0002 is declined). */
export async function insertCard(db: Database, organizationId: string, last4: string, isDefault = true) {
  const id = newId('paymentMethod');
  await db.insert(paymentMethods).values({ id, organizationId, kind: 'card', provider: 'sandbox', providerRef: `sbx_pm_${id}`, brand: 'visa', last4, expMonth: 12, expYear: 2030, holderName: 'Card Holder', isDefault, createdAt: OCTOBER.start });
  return id;
}

/**
 * Globex (France, French VAT number: 20 % VAT), paying by bank transfer: one cluster ordered in
 * September (paid at checkout, 10 000 net), 2 gp-2-8 nodes all October.
 */
export async function seedGlobex(db: Database) {
  const { organizationId, userId } = await insertOrganization(db, 'Globex Logistique SAS', GLOBEX_BILLING.billingId, 'globex', GLOBEX_BILLING);
  const order = await insertOrder(db, {
    organizationId,
    userId,
    status: 'completed',
    paymentMethod: 'card',
    billing: GLOBEX_BILLING,
    kind: 'cluster',
    summary: 'Economy cluster web in fr-par-1',
    subtotalCents: 10_000,
    taxCents: 2_000,
    totalCents: 12_000,
    createdAt: Date.UTC(2026, 8, 1),
    paidAt: Date.UTC(2026, 8, 1),
  });
  const web = await insertCluster(db, organizationId, 'web', order, Date.UTC(2026, 8, 1));
  const c = { organizationId, subjectId: web, clusterId: web, orderId: order };
  await meter(db, { ...c, kind: 'control_plane', resourceId: 'tier_economy', unitPriceMillicents: 10_000, quantityMilliAt: () => 1000 }, OCTOBER.start, OCTOBER.end);
  await meter(db, { ...c, kind: 'node', resourceId: 'gp-2-8', unitPriceMillicents: 14_000, quantityMilliAt: () => 2000 }, OCTOBER.start, OCTOBER.end);
  await db.insert(paymentMethods).values({ id: newId('paymentMethod'), organizationId, kind: 'bank_transfer', provider: 'bank', isDefault: true, createdAt: OCTOBER.start });
  return { organizationId, userId, web, order };
}

/** Lodz's October invoice as the monthly run issues it, with its lines in order, on a fresh database. */
export async function lodzInvoice() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(GENERATION_AT) } });
  const lodz = await seedLodz(db);
  await generateInvoices({ db, ports: ctx.ports, appUrl: 'https://console.example.eu' }, GENERATION_AT);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.organizationId, lodz.organizationId));
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id)).orderBy(asc(invoiceLines.position));
  return { invoice: invoice!, lines };
}
