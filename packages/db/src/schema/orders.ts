import type { AddonLineInput, BillingCycle, ClusterLineInput, CniPlugin, MiddlewareLineInput, NodePoolInput, Quote, SupportLineInput, TaintEffect, Weekday } from '@kubemarket/shared';
import { BILLING_CYCLES } from '@kubemarket/shared';
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { clusters } from './clusters';
import { type VatCheck, organizationRef } from './organizations';
import { userRef } from './users';
import { created } from './columns';

export const ORDER_KINDS = ['cluster', 'addon', 'middleware', 'support'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * pending (awaiting payment) → paid → provisioning (clusters) → completed | failed; pending →
 * cancelled. Orders paid by bank transfer go from pending straight to fulfilment: the invoice is
 * due later, the order's payment row says so.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'provisioning', 'completed', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'stripe', 'bank_transfer', 'none'] as const;
/** card: the sandbox's card form; stripe: Stripe.js; bank_transfer: invoice; none: nothing to pay (a free plan). */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// How a cluster is built (network plugins, maintenance days, taint effects): shared with the screens.
export { CNI_PLUGINS, TAINT_EFFECTS, WEEKDAYS, type CniPlugin, type TaintEffect, type Weekday } from '@kubemarket/shared';

/** A node pool as ordered: what the engine prices, plus what provisioning applies to its nodes. */
export interface OrderNodePool extends NodePoolInput {
  labels: Record<string, string>;
  taints: Array<{ key: string; value: string; effect: TaintEffect }>;
}

/** What a cluster is built with beyond what is priced. */
export interface ClusterSettings {
  /** Availability zones of the region the nodes are spread over. */
  zones: string[];
  cni: CniPlugin;
  podCidr: string;
  serviceCidr: string;
  /** CIDRs that may reach the API server; empty: anywhere. */
  apiAllowList: string[];
  /** Weekly maintenance window, UTC. */
  maintenanceWindow: { day: Weekday; startHour: number };
  autoUpgrade: boolean;
}

export type OrderClusterLine = Omit<ClusterLineInput, 'nodePools' | 'addonIds'> & { name: string; nodePools: OrderNodePool[]; addonIds: string[]; settings: ClusterSettings };
/** An add-on for a cluster of the organisation: the tier, version and add-ons it runs are the cluster's at ordering time. */
export type OrderAddonLine = Omit<AddonLineInput, 'existingAddonIds'> & { existingAddonIds: string[]; clusterId: string; clusterName: string };

/**
 * A middleware plan with where it runs (issue 31): the instance's name, the cluster of the
 * organisation and its region, and the major version. Orders placed before instances existed
 * have the plan only.
 */
export type OrderMiddlewareLine = MiddlewareLineInput & {
  name?: string;
  clusterId?: string;
  clusterName?: string;
  regionId?: string;
  version?: string;
  /** The middleware of the plan and its software ("postgresql"). */
  middlewareId?: string;
  engine?: string;
};

/** The order lines as the customer sent them, after the server resolved and checked them. */
export type OrderLineRecord = OrderClusterLine | OrderMiddlewareLine | OrderAddonLine | SupportLineInput;

/** Who is billed, as given at checkout; billingId is the organisation's. */
export interface BillingDetails {
  companyName: string;
  billingId: string;
  vatNumber: string | null;
  countryCode: string;
  addressLine1: string;
  addressLine2: string | null;
  postalCode: string;
  city: string;
  /** The check of the VAT number the order was taxed with (the invoice keeps it as proof). */
  vatCheck?: VatCheck | null;
}

/** An organisation's purchase; the idempotency key makes a retried checkout create one order only. */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('restrict'),
    /** Who placed it. Restrict: an order is a financial record, so its author cannot vanish from under it. */
    userId: userRef('restrict'),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** Integer EUR cents, VAT included: what is charged. */
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** `<organizationId>:<key>`: keys are the organisation's own, so two organisations never collide. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    ...created,
    cycle: text('cycle', { enum: BILLING_CYCLES }).$type<BillingCycle>().notNull().default('monthly'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The code as the catalogue spells it; applied false once it was removed (or never applied). */
    promotionCode: text('promotion_code'),
    promotionApplied: integer('promotion_applied', { mode: 'boolean' }).notNull().default(false),
    lines: text('lines', { mode: 'json' }).$type<OrderLineRecord[]>().notNull().default([]),
    /** The engine's quote at ordering time: later catalogue prices never change what was ordered. */
    quote: text('quote', { mode: 'json' }).$type<Quote>(),
    billing: text('billing', { mode: 'json' }).$type<BillingDetails>(),
    /** One line for lists: "Standard (Blue) cluster prod-eu in fr-par-1". */
    summary: text('summary').notNull().default(''),
    /** SHA-256 of the request, so a reused idempotency key with another payload is refused. */
    requestHash: text('request_hash'),
    /** Add-on orders: the organisation's cluster they are for. */
    targetClusterId: text('target_cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    /** Cluster orders: the cluster created once paid. */
    createdClusterId: text('created_cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    /** Why a paid order failed (provisioning), in a sentence for the customer. */
    failureReason: text('failure_reason'),
    paidAt: integer('paid_at'),
    cancelledAt: integer('cancelled_at'),
    updatedAt: integer('updated_at'),
  },
  (table) => [
    index('orders_organization_idx').on(table.organizationId, table.createdAt),
    index('orders_organization_status_idx').on(table.organizationId, table.status),
    index('orders_target_cluster_idx').on(table.targetClusterId),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
