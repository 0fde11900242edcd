import { compareKubernetesVersions, formatMoney, quote, type PriceBook, type Quote } from '@kubemarket/shared';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from './client';
import {
  orderEvents,
  orders,
  payments,
  type BillingDetails,
  type NewOrder,
} from './schema';
import {
  ADDON_SEED,
  CATALOG_PRICE_SEED,
  CLUSTER_TIER_SEED,
  KUBERNETES_VERSION_SEED,
  MIDDLEWARE_PLAN_SEED,
  MIDDLEWARE_SEED,
  NODE_FLAVOR_SEED,
  SUPPORT_PLAN_SEED,
} from './seed-catalog';
import { ACME, DAY_MS, DEMO_ACME_BILLING, DEMO_BANK_TRANSFER_ORDERS, DEMO_GLOBEX_BILLING, DEMO_ORDERS, GLOBEX, MINUTE_MS, TRANSFER_DUE_DAYS, type DemoOrder, type EventSeed } from './seed-orders-data';

// Quotes of the seeded orders

/**
 * The seeded catalogue as the pricing engine reads it (the API's loader does the same from the
 * database; an API test checks both quote the seeded orders alike).
 */
export function seedPriceBook(): PriceBook {
  const price = (itemKind: string, itemId: string) => CATALOG_PRICE_SEED.find((row) => row.itemKind === itemKind && row.itemId === itemId);
  const offered = KUBERNETES_VERSION_SEED.map((version) => version.version);
  return {
    tiers: CLUSTER_TIER_SEED.map((tier) => ({
      id: tier.id,
      name: tier.name,
      monthlyCents: tier.monthlyPriceCents,
      yearlyCents: tier.yearlyPriceCents,
      haControlPlane:
        tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null
          ? { mode: 'optional', monthlyCents: tier.haMonthlyPriceCents, yearlyCents: tier.haYearlyPriceCents }
          : { mode: tier.haControlPlane === 'optional' ? 'unavailable' : tier.haControlPlane, monthlyCents: 0, yearlyCents: 0 },
      maxNodes: tier.maxNodes,
      maxPools: tier.maxPools,
      flavorIds: tier.allowedFlavorIds,
      regionIds: tier.allowedRegionIds,
    })),
    flavors: NODE_FLAVOR_SEED.map((flavor) => ({
      id: flavor.id,
      name: flavor.name,
      hourlyCents: flavor.hourlyPriceMillicents / 1000,
      monthlyCents: flavor.monthlyPriceCents,
      yearlyCents: price('node_flavor', flavor.id)?.yearlyPriceCents ?? null,
    })),
    addons: ADDON_SEED.map((addon) => {
      const { minKubernetesVersion: min, maxKubernetesVersion: max } = addon;
      return {
        id: addon.id,
        name: addon.name,
        monthlyCents: addon.monthlyPriceCents,
        yearlyCents: addon.yearlyPriceCents ?? null,
        tierIds: addon.compatibleTierIds,
        kubernetesVersions:
          min == null && max == null
            ? null
            : offered.filter((version) => (min == null || compareKubernetesVersions(version, min) >= 0) && (max == null || compareKubernetesVersions(version, max) <= 0)),
        requires: addon.requires ?? [],
        conflicts: addon.conflicts ?? [],
      };
    }),
    middlewarePlans: MIDDLEWARE_PLAN_SEED.map((plan) => ({
      id: plan.id,
      middlewareId: plan.middlewareId,
      name: plan.name,
      middlewareName: MIDDLEWARE_SEED.find((middleware) => middleware.id === plan.middlewareId)?.name ?? null,
      monthlyCents: plan.monthlyPriceCents,
      yearlyCents: plan.yearlyPriceCents ?? null,
    })),
    supportPlans: SUPPORT_PLAN_SEED.map((plan) => {
      const row = price('support_plan', plan.id);
      return {
        id: plan.id,
        name: plan.name,
        pricing:
          plan.pricingKind === 'share'
            ? { kind: 'share' as const, percentOfSpendBasisPoints: row?.percentOfSpendBasisPoints ?? 0, minimumMonthlyCents: row?.monthlyPriceCents ?? 0 }
            : { kind: 'fixed' as const, monthlyCents: row?.monthlyPriceCents ?? plan.monthlyPriceCents ?? 0, yearlyCents: row?.yearlyPriceCents ?? null },
      };
    }),
    promotions: [],
  };
}

/** The quote a seeded order was placed with: its organisation's billing details (Acme's unless given), no promotion code. */
export function demoOrderQuote(order: DemoOrder, createdAt: number, priceBook: PriceBook = seedPriceBook(), billing: BillingDetails = DEMO_ACME_BILLING): Quote {
  return quote(
    order.lines,
    {
      cycle: order.cycle,
      now: createdAt,
      promotionCode: null,
      customer: { countryCode: billing.countryCode, vatNumber: billing.vatNumber, isBusiness: true, hasPurchased: false },
    },
    priceBook,
  );
}

// Rows

export type Statement = BatchItem<'sqlite'>;

/** Columns a database seeded before orders kept their details gets filled in. */
const DETAIL_COLUMNS = [
  'status',
  'totalCents',
  'cycle',
  'subtotalCents',
  'discountCents',
  'taxCents',
  'lines',
  'quote',
  'billing',
  'summary',
  'targetClusterId',
  'createdClusterId',
  'paymentMethod',
  'failureReason',
  'paidAt',
  'cancelledAt',
  'updatedAt',
] as const satisfies readonly (keyof NewOrder)[];

const COLUMN_NAMES: Record<(typeof DETAIL_COLUMNS)[number], string> = {
  status: 'status',
  totalCents: 'total_cents',
  cycle: 'cycle',
  subtotalCents: 'subtotal_cents',
  discountCents: 'discount_cents',
  taxCents: 'tax_cents',
  lines: 'lines',
  quote: 'quote',
  billing: 'billing',
  summary: 'summary',
  targetClusterId: 'target_cluster_id',
  createdClusterId: 'created_cluster_id',
  paymentMethod: 'payment_method',
  failureReason: 'failure_reason',
  paidAt: 'paid_at',
  cancelledAt: 'cancelled_at',
  updatedAt: 'updated_at',
};

/**
 * One statement per row (D1 binds at most 100 parameters per query). Orders, payments and events
 * are inserted once; an order row an older seed wrote without its details (no quote) gets them.
 */
export function demoOrderStatements(db: Database, now: number): Statement[] {
  const priceBook = seedPriceBook();
  return DEMO_ORDERS.flatMap((order) => orderStatements(db, order, now, priceBook, ACME, DEMO_ACME_BILLING));
}

/** Globex's orders confirmed by bank transfer, their transfers awaited (DEMO_BANK_TRANSFER_ORDERS); inserted once. */
export function demoBankTransferStatements(db: Database, now: number): Statement[] {
  const priceBook = seedPriceBook();
  return DEMO_BANK_TRANSFER_ORDERS.flatMap((order) => orderStatements(db, order, now, priceBook, GLOBEX, DEMO_GLOBEX_BILLING));
}

function orderStatements(db: Database, order: DemoOrder, now: number, priceBook: PriceBook, organizationId: string, billing: BillingDetails): Statement[] {
  const statements: Statement[] = [];
  const createdAt = now - order.ageMs;
  const at = (minutes: number) => createdAt + minutes * MINUTE_MS;
  const snapshot = demoOrderQuote(order, createdAt, priceBook, billing);
  const invoiced = order.events.find((event) => event.type === 'invoiced');
  const dueAt = invoiced ? at(invoiced.atMinutes) + TRANSFER_DUE_DAYS * DAY_MS : null;
  const paid = order.events.find((event) => event.type === 'paid');
  const cancelled = order.events.find((event) => event.type === 'cancelled');
  const last = order.events.at(-1);
  const row = {
    id: order.id,
    organizationId,
    userId: order.userId,
    kind: order.lines[0]!.kind,
    status: order.status,
    totalCents: snapshot.totalCents,
    currency: 'EUR',
    idempotencyKey: `seed:${order.id}`,
    createdAt,
    cycle: order.cycle,
    subtotalCents: snapshot.subtotalCents,
    discountCents: snapshot.discount?.amountCents ?? 0,
    taxCents: snapshot.tax.amountCents,
    promotionCode: null,
    promotionApplied: false,
    lines: order.lines,
    quote: snapshot,
    billing,
    summary: order.summary,
    targetClusterId: order.targetClusterId ?? null,
    createdClusterId: order.createdClusterId ?? null,
    paymentMethod: order.paymentMethod,
    failureReason: order.failureReason ?? null,
    paidAt: paid ? at(paid.atMinutes) : null,
    cancelledAt: cancelled ? at(cancelled.atMinutes) : null,
    updatedAt: last ? at(last.atMinutes) : createdAt,
  } satisfies NewOrder;
  statements.push(
    db
      .insert(orders)
      .values(row)
      .onConflictDoUpdate({
        target: orders.id,
        set: Object.fromEntries(DETAIL_COLUMNS.map((column) => [column, sql.raw(`excluded.${COLUMN_NAMES[column]}`)])),
        setWhere: sql`${orders.quote} IS NULL`,
      }),
  );
  for (const payment of order.payments) {
    const { atMinutes, amountCents, ...rest } = payment;
    statements.push(
      db
        .insert(payments)
        .values({
          ...rest,
          orderId: order.id,
          organizationId,
          idempotencyKey: `seed:${payment.id}`,
          amountCents: amountCents ?? snapshot.totalCents,
          createdAt: at(atMinutes),
          updatedAt: at(atMinutes),
          succeededAt: payment.status === 'succeeded' ? at(atMinutes) : null,
          dueAt: payment.provider === 'bank_transfer' ? dueAt : null,
        })
        .onConflictDoNothing(),
    );
  }
  const events: EventSeed[] = [{ type: 'placed', message: `Order placed: ${order.summary}.`, atMinutes: 0 }, ...order.events];
  events.forEach(({ atMinutes, ...event }, index) => {
    statements.push(
      db
        .insert(orderEvents)
        .values({
          ...event,
          id: `oev_demo_${order.id.slice('ord_demo_'.length)}_${index + 1}`,
          orderId: order.id,
          // As orders/payment.ts words a confirmation by bank transfer, with the invoice's amount and due day.
          ...(event.type === 'invoiced' && dueAt !== null
            ? {
                message: `Order confirmed for payment by bank transfer: an invoice of ${formatMoney(snapshot.totalCents / 100, 'EUR')} is due on ${new Date(dueAt).toISOString().slice(0, 10)}.`,
                data: { amountCents: snapshot.totalCents, dueAt },
              }
            : {
                data: event.type === 'paid' || event.type === 'payment_started' ? { ...event.data, amountCents: snapshot.totalCents } : (event.data ?? null),
              }),
          createdAt: at(atMinutes),
        })
        .onConflictDoNothing(),
    );
  });
  return statements;
}
