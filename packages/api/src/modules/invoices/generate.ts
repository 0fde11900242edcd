/**
 * Monthly invoices (issue 13): on the 1st, one invoice per organisation for the previous UTC month.
 *
 * What an invoice holds, in this order:
 * - Usage lines: the month's usage_records summed per cluster × kind × resource (and per agreed
 *   unit price and order, so quantity × unit price is always the line's amount). Amounts are summed
 *   in millicents and rounded half up to the cent once per line.
 * - Subscription lines: each support plan of a settled order (paid, provisioning or completed),
 *   for every calendar month from the one it was settled in, at the plan's monthly price as quoted
 *   in the order (a yearly commitment's monthly equivalent).
 * - Orders settled at ordering time (card at checkout, or bank transfer against the order's own
 *   invoice): what was paid then is an ADVANCE on that order's charges, never a second charge.
 *   Its net amount (order subtotal − promotion, before VAT, so a promotion such as PARIS is
 *   already in it) is consumed by the charges of the order's own lines (usage records carrying
 *   its orderId, its subscription lines): each invoice shows one negative 'order' line
 *   "Paid with order …" of what it consumed, never more than those charges, and the rest carries
 *   to the next month. What was consumed earlier is read back from earlier invoice lines, so the
 *   advance is never spent twice (a credit note's negated lines give it back). A yearly commitment paid at checkout is thus consumed month
 *   after month until the year's amount is used.
 * - Credits: applied before any charge, the soonest expiring first (then the oldest), up to the
 *   amount left after the advances: one negative 'credit' line and a credit_applications row each,
 *   and the credit's remaining amount decremented in the same batch.
 * Then VAT by the pricing engine's rules (vatRateFor): taxable = subtotal − discount − credits,
 * tax rounded half up to the cent, reverse charge for an EU business outside France.
 *
 * Issuing is one batch: the yearly number (numbering.ts), the invoice, its lines, the credit
 * applications and decrements. An organisation's period already invoiced is skipped, and the
 * partial unique index makes a racing second generation fail as a whole, so running generation
 * twice changes nothing. Nothing of an invoice is updated afterwards but its payment state.
 */
import {
  addons,
  clusterLeftovers,
  clusterTiers,
  clusters,
  creditApplications,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  credits,
  invoiceLines,
  invoices,
  newId,
  orders,
  organizations,
  usageRecords,
  USAGE_KINDS,
  type Credit,
  type Database,
  type Invoice,
  type InvoiceBillingDetails,
  type InvoiceLineKind,
  type Order,
  type UsageKind,
  type VatCheck,
} from '@kubemarket/db';
import { convertFromEurCents, formatMoney, LEFTOVER_KIND_LABELS, pick, USAGE_KIND_UNITS, vatRateFor } from '@kubemarket/shared';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { vatNumberVerified } from '../billing';
import { invoiceReference } from './creditor-reference';
import { numberJustTaken, takeNextNumber, invoiceYear } from './numbering';

export const DAY_MS = 24 * 60 * 60_000;
/** Orders whose price was agreed and settled: their advance and subscriptions count. */
export const SETTLED_ORDER_STATUSES = ['paid', 'provisioning', 'completed'] as const;

export interface BillingPeriod {
  start: number;
  end: number;
}

/** The UTC month before the one `now` falls in. */
export function previousMonth(now: number): BillingPeriod {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
}

/** How an invoice line names each kind (singular, as a line prices one resource); units are the usage page's. */
const INVOICE_KIND_LABELS: Record<UsageKind, string> = {
  control_plane: 'Control plane',
  node: 'Nodes',
  hibernated_node: 'Hibernated nodes',
  addon: 'Add-on',
  middleware: 'Managed service',
  storage: 'Storage',
  egress: 'Egress',
  leftover: 'Kept after cluster deletion',
};
const KIND_LABELS = Object.fromEntries(
  USAGE_KINDS.map((kind) => [kind, { label: INVOICE_KIND_LABELS[kind], unit: USAGE_KIND_UNITS[kind] }]),
) as Record<UsageKind, { label: string; unit: string }>;
/** Resources metered under a fixed id rather than a catalogue entry. */
const FIXED_RESOURCE_NAMES: Record<string, string> = { 'block-storage': 'block storage', egress: 'to the internet' };

/**
 * What customers call each metered resource: the catalogue's names (tiers, flavours, add-ons,
 * managed-service plans), never our ids. Archived entries keep their names, so old months still read.
 */
export async function catalogueNames(db: Database): Promise<Map<string, string>> {
  const [tiers, flavors, addonRows, plans, leftovers] = await Promise.all([
    db.select({ id: clusterTiers.id, name: clusterTiers.name }).from(clusterTiers),
    db.select({ id: nodeFlavors.id, name: nodeFlavors.name }).from(nodeFlavors),
    db.select({ id: addons.id, name: addons.name }).from(addons),
    db.select({ id: middlewarePlans.id, name: middlewarePlans.name, service: middlewares.name }).from(middlewarePlans).innerJoin(middlewares, eq(middlewares.id, middlewarePlans.middlewareId)),
    // What deleted clusters left and were kept is metered under its own id (issue 34).
    db.select({ id: clusterLeftovers.id, kind: clusterLeftovers.kind, name: clusterLeftovers.name, sizeGb: clusterLeftovers.sizeGb }).from(clusterLeftovers),
  ]);
  const names = new Map<string, string>(Object.entries(FIXED_RESOURCE_NAMES));
  for (const tier of tiers) {
    names.set(tier.id, `${tier.name} tier`);
    names.set(`${tier.id}:ha`, `${tier.name} tier, high availability`);
  }
  for (const flavor of flavors) names.set(flavor.id, flavor.name);
  for (const addon of addonRows) names.set(addon.id, addon.name);
  for (const plan of plans) names.set(plan.id, `${plan.service} ${plan.name}`);
  for (const leftover of leftovers) names.set(leftover.id, `${LEFTOVER_KIND_LABELS[leftover.kind].toLowerCase()} ${leftover.name}${leftover.sizeGb === null ? '' : `, ${leftover.sizeGb} GB`}`);
  return names;
}

const KIND_ORDER = Object.keys(KIND_LABELS) as UsageKind[];

/** Millicents to cents, half up (amounts are never negative here). */
export function millicentsToCents(millicents: number): number {
  return Math.floor((millicents + 500) / 1000);
}

/** amount × basisPoints / 10 000 rounded half up to the cent, as the pricing engine taxes. */
export function taxOf(amountCents: number, basisPoints: number): number {
  const sign = amountCents < 0 ? -1n : 1n;
  const magnitude = (2n * BigInt(Math.abs(amountCents)) * BigInt(basisPoints) + 10_000n) / 20_000n;
  return Number(sign * magnitude);
}

export interface DraftLine {
  kind: InvoiceLineKind;
  description: string;
  quantityMilli: number;
  unitPriceMillicents: number;
  amountCents: number;
  clusterId: string | null;
  orderId: string | null;
}

export interface DraftInvoice {
  organizationId: string;
  period: BillingPeriod;
  billing: InvoiceBillingDetails;
  lines: DraftLine[];
  creditsUsed: Array<{ creditId: string; amountCents: number }>;
  subtotalCents: number;
  discountCents: number;
  creditsCents: number;
  taxableCents: number;
  vatRateBasisPoints: number;
  taxCents: number;
  reverseCharge: boolean;
  vatCheck: VatCheck | null;
  totalCents: number;
}

function monthLabel(period: BillingPeriod): string {
  return new Date(period.start).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

async function usageLines(db: Database, organizationId: string, period: BillingPeriod): Promise<DraftLine[]> {
  const rows = await db
    .select({
      clusterId: usageRecords.clusterId,
      clusterName: clusters.name,
      kind: usageRecords.kind,
      resourceId: usageRecords.resourceId,
      unitPriceMillicents: usageRecords.unitPriceMillicents,
      orderId: usageRecords.orderId,
      quantityMilli: sql<number>`sum(${usageRecords.quantityMilli})`,
      amountMillicents: sql<number>`sum(${usageRecords.amountMillicents})`,
    })
    .from(usageRecords)
    .leftJoin(clusters, eq(clusters.id, usageRecords.clusterId))
    .where(and(eq(usageRecords.organizationId, organizationId), gte(usageRecords.hour, period.start), lt(usageRecords.hour, period.end)))
    .groupBy(usageRecords.clusterId, usageRecords.kind, usageRecords.resourceId, usageRecords.unitPriceMillicents, usageRecords.orderId);
  rows.sort(
    (a, b) =>
      (a.clusterName ?? '\uffff').localeCompare(b.clusterName ?? '\uffff') ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      a.resourceId.localeCompare(b.resourceId) ||
      a.unitPriceMillicents - b.unitPriceMillicents,
  );
  const names = await catalogueNames(db);
  return rows.map((row) => {
    const { label, unit } = KIND_LABELS[row.kind];
    const where = row.clusterName ?? (row.clusterId ? 'a deleted cluster' : null);
    const resource = names.get(row.resourceId) ?? 'a resource no longer in the catalogue';
    return {
      kind: 'usage',
      description: `${where ? `${where} · ` : ''}${label}, ${resource} (${unit})`,
      quantityMilli: Number(row.quantityMilli),
      unitPriceMillicents: row.unitPriceMillicents,
      amountCents: millicentsToCents(Number(row.amountMillicents)),
      clusterId: row.clusterId,
      orderId: row.orderId,
    };
  });
}

/** Orders of the organisation settled before the period ended (advances and subscriptions). */
async function settledOrders(db: Database, organizationId: string, period: BillingPeriod): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.status, [...SETTLED_ORDER_STATUSES]), lt(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`, period.end)))
    .orderBy(asc(orders.createdAt));
}

function subscriptionLines(settled: Order[], period: BillingPeriod): DraftLine[] {
  const lines: DraftLine[] = [];
  for (const order of settled) {
    if (order.kind !== 'support' || !order.quote) continue;
    for (const line of order.quote.lines) {
      if (line.kind !== 'support') continue;
      lines.push({
        kind: 'subscription',
        description: `${line.label}, ${monthLabel(period)}${order.quote.cycle === 'yearly' ? ' (yearly commitment, monthly share)' : ''}`,
        quantityMilli: 1000,
        unitPriceMillicents: line.monthlyEquivalentCents * 1000,
        amountCents: line.monthlyEquivalentCents,
        clusterId: null,
        orderId: order.id,
      });
    }
  }
  return lines;
}

/** What paid orders' advances cover of this invoice's charges, net of what earlier invoices used. */
async function advanceLines(db: Database, settled: Order[], charges: DraftLine[]): Promise<DraftLine[]> {
  const paid = settled.filter((order) => order.paymentMethod !== null && order.paymentMethod !== 'none' && order.subtotalCents - order.discountCents > 0);
  if (paid.length === 0) return [];
  const ids = paid.map((order) => order.id);
  const used = await db
    .select({ orderId: invoiceLines.orderId, cents: sql<number>`sum(${invoiceLines.amountCents})` })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.kind, 'order'), inArray(invoiceLines.orderId, ids)))
    .groupBy(invoiceLines.orderId);
  const usedByOrder = new Map(used.map((row) => [row.orderId, -Number(row.cents)]));
  // Each order's own invoice, which billed the advance with its VAT: the line names it.
  const billed = await db
    .select({ orderId: invoices.orderId, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.kind, 'invoice'), inArray(invoices.orderId, ids)));
  const invoiceOf = new Map(billed.map((row) => [row.orderId, row.number]));
  const lines: DraftLine[] = [];
  for (const order of paid) {
    const advance = order.subtotalCents - order.discountCents;
    const left = advance - (usedByOrder.get(order.id) ?? 0);
    const charged = charges.filter((line) => line.orderId === order.id).reduce((sum, line) => sum + line.amountCents, 0);
    const consumed = Math.min(left, charged);
    if (consumed <= 0) continue;
    // An advance billed on the order's invoice (with its VAT), whether its transfer has arrived or not.
    const how = order.paymentMethod === 'bank_transfer' ? 'payable by bank transfer' : 'paid at checkout';
    const number = invoiceOf.get(order.id);
    const promotion = order.promotionApplied && order.promotionCode ? `, promotion ${order.promotionCode} included` : '';
    lines.push({
      kind: 'order',
      description: `Advance for ${order.summary || order.kind}${number ? `, invoiced on ${number}` : ''} (${how}${promotion}). ${formatMoney(convertFromEurCents(left - consumed, 1), 'EUR')} of the advance left`,
      quantityMilli: 1000,
      unitPriceMillicents: -consumed * 1000,
      amountCents: -consumed,
      clusterId: null,
      orderId: order.id,
    });
  }
  return lines;
}

/** Credits usable for the period, the soonest expiring first (never-expiring last), then the oldest. */
async function usableCredits(db: Database, organizationId: string, period: BillingPeriod): Promise<Credit[]> {
  return db
    .select()
    .from(credits)
    .where(and(eq(credits.organizationId, organizationId), gt(credits.remainingCents, 0), lt(credits.createdAt, period.end), or(isNull(credits.expiresAt), gt(credits.expiresAt, period.start))))
    .orderBy(sql`${credits.expiresAt} IS NULL`, asc(credits.expiresAt), asc(credits.createdAt));
}

/** Who is billed and how they are taxed: the billing profile (issue 30), else the latest order's details, else the name alone. */
async function billingDetailsOf(db: Database, organizationId: string): Promise<{ billing: InvoiceBillingDetails; vatCheck: VatCheck | null } | null> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!organization) return null;
  if (organization.billingProfile) {
    const { companyName, vatNumber, addressLine1, addressLine2, postalCode, city, countryCode } = organization.billingProfile;
    return { billing: { companyName, billingId: organization.billingId, vatNumber, addressLine1, addressLine2, postalCode, city, countryCode }, vatCheck: organization.vatCheck };
  }
  const [latest] = await db
    .select({ billing: orders.billing })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), sql`${orders.billing} IS NOT NULL`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (latest?.billing) {
    const { companyName, billingId, vatNumber, addressLine1, addressLine2, postalCode, city, countryCode, vatCheck } = latest.billing;
    return { billing: { companyName, billingId, vatNumber, addressLine1, addressLine2, postalCode, city, countryCode }, vatCheck: vatCheck ?? null };
  }
  return { billing: { companyName: organization.name, billingId: organization.billingId, vatNumber: null, addressLine1: '', addressLine2: null, postalCode: '', city: '', countryCode: 'FR' }, vatCheck: null };
}

/** The invoice the organisation would get for the period, or null when there is nothing to bill. */
export async function draftInvoice(db: Database, organizationId: string, period: BillingPeriod): Promise<DraftInvoice | null> {
  const settled = await settledOrders(db, organizationId, period);
  const charges = [...(await usageLines(db, organizationId, period)), ...subscriptionLines(settled, period)];
  if (charges.length === 0) return null;
  const billedTo = await billingDetailsOf(db, organizationId);
  if (!billedTo) return null;
  const { billing, vatCheck } = billedTo;
  const advances = await advanceLines(db, settled, charges);
  const lines = [...charges, ...advances];
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  // Promotions are agreed on orders, so they reach invoices through the order advances above.
  const discountCents = 0;

  let creditable = Math.max(0, subtotalCents - discountCents);
  const creditsUsed: DraftInvoice['creditsUsed'] = [];
  for (const credit of await usableCredits(db, organizationId, period)) {
    if (creditable === 0) break;
    const amountCents = Math.min(creditable, credit.remainingCents);
    creditable -= amountCents;
    creditsUsed.push({ creditId: credit.id, amountCents });
    lines.push({ kind: 'credit', description: `Credit: ${credit.description}`, quantityMilli: 1000, unitPriceMillicents: -amountCents * 1000, amountCents: -amountCents, clusterId: null, orderId: null });
  }
  const creditsCents = creditsUsed.reduce((sum, used) => sum + used.amountCents, 0);
  const taxableCents = subtotalCents - discountCents - creditsCents;
  // A reverse charge rests on a VAT number found valid (the check travels with the invoice as proof).
  const verified = vatNumberVerified(billing.vatNumber, vatCheck);
  const vat = vatRateFor({ countryCode: billing.countryCode, vatNumber: verified ? billing.vatNumber : null, isBusiness: verified, hasPurchased: true });
  const taxCents = taxOf(taxableCents, vat.rateBasisPoints);
  return {
    organizationId,
    period,
    billing,
    lines,
    creditsUsed,
    subtotalCents,
    discountCents,
    creditsCents,
    taxableCents,
    vatRateBasisPoints: vat.rateBasisPoints,
    taxCents,
    reverseCharge: vat.reverseCharge,
    vatCheck: verified ? vatCheck : null,
    totalCents: taxableCents + taxCents,
  };
}

/** D1 binds at most 100 parameters per statement; an invoice line binds one per column. */
const LINES_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(invoiceLines)).length);

/** The INSERT statements of an invoice's lines, for the batch that issues it. */
export function insertInvoiceLines(db: Database, lines: Array<typeof invoiceLines.$inferInsert>) {
  const statements = [];
  for (let index = 0; index < lines.length; index += LINES_PER_INSERT) statements.push(db.insert(invoiceLines).values(lines.slice(index, index + LINES_PER_INSERT)));
  return statements;
}

/** Card invoices are retried until day 14 of dunning; bank transfers are due in 30 days. */
export const CARD_DUE_DAYS = 14;
export const TRANSFER_DUE_DAYS = 30;

/**
 * Issues the draft in one batch. Null when the period was already invoiced (by an earlier run or a
 * racing one): that batch failed as a whole, so no number was taken.
 */
export async function issueInvoice(db: Database, draft: DraftInvoice, now: number): Promise<Invoice | null> {
  const id = newId('invoice');
  const year = invoiceYear(now);
  const settled = draft.totalCents <= 0;
  try {
    await db.batch([
      takeNextNumber(db, year),
      db.insert(invoices).values({
        id,
        organizationId: draft.organizationId,
        kind: 'invoice',
        number: numberJustTaken(year),
        periodStart: draft.period.start,
        periodEnd: draft.period.end,
        status: settled ? 'paid' : 'due',
        ...pick(draft, ['billing', 'subtotalCents', 'discountCents', 'creditsCents', 'taxableCents', 'vatRateBasisPoints', 'taxCents', 'reverseCharge', 'totalCents', 'vatCheck']),
        paymentReference: invoiceReference(id),
        receivedCents: settled ? draft.totalCents : 0,
        issuedAt: now,
        dueAt: now + CARD_DUE_DAYS * DAY_MS,
        paidAt: settled ? now : null,
        createdAt: now,
        updatedAt: now,
      }),
      ...insertInvoiceLines(
        db,
        draft.lines.map((line, position) => ({ id: newId('invoiceLine'), invoiceId: id, position, ...line })),
      ),
      ...draft.creditsUsed.flatMap((used) => [
        db.insert(creditApplications).values({ id: newId('creditApplication'), creditId: used.creditId, invoiceId: id, amountCents: used.amountCents, createdAt: now }),
        db
          .update(credits)
          .set({ remainingCents: sql`${credits.remainingCents} - ${used.amountCents}` })
          .where(eq(credits.id, used.creditId)),
      ]),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed: invoices\.organization_id, invoices\.period_start/i.test(messageChain(error))) return null;
    throw error;
  }
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    parts.push(current.message);
    current = (current as Error & { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

/** Organisations with something to bill for the period: usage, or a support plan. */
export async function organizationsToBill(db: Database, period: BillingPeriod): Promise<string[]> {
  const withUsage = await db
    .selectDistinct({ id: usageRecords.organizationId })
    .from(usageRecords)
    .where(and(gte(usageRecords.hour, period.start), lt(usageRecords.hour, period.end)));
  const withSupport = await db
    .selectDistinct({ id: orders.organizationId })
    .from(orders)
    .where(and(eq(orders.kind, 'support'), inArray(orders.status, [...SETTLED_ORDER_STATUSES]), lt(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`, period.end)));
  return [...new Set([...withUsage, ...withSupport].map((row) => row.id))].sort();
}

export async function alreadyInvoiced(db: Database, organizationId: string, period: BillingPeriod): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.periodStart, period.start), eq(invoices.kind, 'invoice'), isNull(invoices.orderId)))
    .limit(1);
  return row !== undefined;
}
