import { BUDGET_SCOPE_VALUES, type BudgetScopeValue } from '@kubemarket/shared';
import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { clusterRef } from './clusters';
import { timestamps, created } from './columns';
import { organizationRef } from './organizations';

/**
 * Cost control (issue 34): what each cluster was quoted, the budgets an organisation sets and the
 * alerts they raised, what a deleted cluster left billable, and the factors of the carbon model.
 */

/**
 * The monthly price a cluster was quoted: once when its order provisioned it, and again after each
 * change that reprices it (pools, autoscaling bounds, add-ons). The latest row at or before an hour
 * is the quote in force then; /usage and the cluster page set the metered actual against it.
 */
export const CLUSTER_QUOTE_REASONS = ['order', 'pool_resized', 'pool_added', 'pool_removed', 'pools_changed', 'addons_changed'] as const;
export type ClusterQuoteReason = (typeof CLUSTER_QUOTE_REASONS)[number];

export const clusterQuotes = sqliteTable(
  'cluster_quotes',
  {
    id: text('id').primaryKey(),
    clusterId: clusterRef(),
    organizationId: organizationRef('cascade'),
    /** From when this price applies, epoch ms. */
    effectiveAt: integer('effective_at').notNull(),
    /** The whole cluster's monthly price, EUR cents, VAT excluded, from the pricing engine. */
    monthlyCents: integer('monthly_cents').notNull(),
    reason: text('reason', { enum: CLUSTER_QUOTE_REASONS }).notNull(),
    /** The order that priced it (reason 'order'), or the operation that changed it. */
    orderId: text('order_id'),
    operationId: text('operation_id'),
    ...created,
  },
  (table) => [index('cluster_quotes_cluster_idx').on(table.clusterId, table.effectiveAt)],
);

export type ClusterQuote = typeof clusterQuotes.$inferSelect;

/** What a budget watches: the whole organisation, one cluster, every cluster of a tier, or every cluster with a label (defined in shared, with their labels). */
export const BUDGET_SCOPES = BUDGET_SCOPE_VALUES;
export type BudgetScope = BudgetScopeValue;

/** A monthly spending limit with the thresholds (percent of the amount) that raise an alert. */
export const budgets = sqliteTable(
  'budgets',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    name: text('name').notNull(),
    scope: text('scope', { enum: BUDGET_SCOPES }).notNull(),
    /** scope 'cluster': the cluster. */
    clusterId: text('cluster_id'),
    /** scope 'tier': the tier id. */
    tierId: text('tier_id'),
    /** scope 'label': a node-pool label "key=value" the clusters carry. */
    label: text('label'),
    /** Per calendar month (UTC), EUR cents, VAT excluded. */
    amountCents: integer('amount_cents').notNull(),
    /** Percent of the amount, ascending, e.g. [50, 80, 100]; each is checked against actual and forecast. */
    thresholds: text('thresholds', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[50,80,100]'`),
    /** Hibernate the budget's Dev/Test and Sandbox clusters when actual spend reaches 100 %. */
    hibernateOnReach: integer('hibernate_on_reach', { mode: 'boolean' }).notNull().default(false),
    createdByUserId: text('created_by_user_id'),
    ...timestamps,
  },
  (table) => [uniqueIndex('budgets_organization_name_idx').on(table.organizationId, table.name)],
);

export type Budget = typeof budgets.$inferSelect;

export const BUDGET_BASES = ['actual', 'forecast'] as const;
export type BudgetBasis = (typeof BUDGET_BASES)[number];

/**
 * A threshold a budget crossed in a month. The unique index is the "alerted once per month"
 * rule: the hourly cron inserts with ON CONFLICT DO NOTHING and only the run that inserted the
 * row notifies, mails and emits the webhook.
 */
export const budgetAlerts = sqliteTable(
  'budget_alerts',
  {
    id: text('id').primaryKey(),
    budgetId: text('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    organizationId: organizationRef('cascade'),
    /** Start of the UTC month, epoch ms. */
    month: integer('month').notNull(),
    thresholdPercent: integer('threshold_percent').notNull(),
    basis: text('basis', { enum: BUDGET_BASES }).notNull(),
    /** The spend (actual, or forecast month-end) that crossed it, and the budget then, EUR cents. */
    spendCents: integer('spend_cents').notNull(),
    budgetCents: integer('budget_cents').notNull(),
    ...created,
  },
  (table) => [
    uniqueIndex('budget_alerts_once_idx').on(table.budgetId, table.month, table.thresholdPercent, table.basis),
    index('budget_alerts_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

export type BudgetAlert = typeof budgetAlerts.$inferSelect;

/** What deleting a cluster may leave billable. */
export const LEFTOVER_KINDS = ['load_balancer', 'volume', 'backup', 'snapshot'] as const;
export type LeftoverKind = (typeof LEFTOVER_KINDS)[number];
export const LEFTOVER_STATUSES = ['kept', 'deleted'] as const;
export type LeftoverStatus = (typeof LEFTOVER_STATUSES)[number];

/**
 * A resource the customer chose to keep when deleting its cluster: billed hourly by the metering
 * (usage kind 'leftover') until removed, and listed on /billing.
 */
export const clusterLeftovers = sqliteTable(
  'cluster_leftovers',
  {
    id: text('id').primaryKey(),
    organizationId: organizationRef('cascade'),
    /** The deleted cluster it came from; its row stays (clusters.deleted_at). */
    clusterId: text('cluster_id').notNull(),
    clusterName: text('cluster_name').notNull(),
    region: text('region').notNull(),
    kind: text('kind', { enum: LEFTOVER_KINDS }).notNull(),
    /** As the provisioner names it, e.g. "pvc-orders-db-0" or "ingress-nginx". */
    name: text('name').notNull(),
    /** The provisioner's id for it (the simulator's, or the IaaS volume / load balancer id). */
    providerRef: text('provider_ref'),
    sizeGb: integer('size_gb'),
    monthlyCents: integer('monthly_cents').notNull(),
    status: text('status', { enum: LEFTOVER_STATUSES }).notNull().default('kept'),
    keptByUserId: text('kept_by_user_id'),
    removedAt: integer('removed_at'),
    removedByUserId: text('removed_by_user_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cluster_leftovers_cluster_name_idx').on(table.clusterId, table.kind, table.name),
    index('cluster_leftovers_organization_idx').on(table.organizationId, table.status),
  ],
);

export type ClusterLeftover = typeof clusterLeftovers.$inferSelect;

/**
 * The power side of the carbon model, edited by staff in the catalogue with the source of each
 * figure: 'vcpu' (watts per vCPU), 'memory_gb' (watts per GB of memory), 'gpu:<model>' (watts per
 * card). A flavour draws vCPU × W + GB × W + cards × W; the region's PUE and grid intensity turn
 * that into kg CO₂e (packages/shared/src/carbon.ts).
 */
export const powerFactors = sqliteTable('power_factors', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  /** Average draw in milliwatts per unit (vCPU, GB, card). */
  milliwatts: integer('milliwatts').notNull(),
  source: text('source').notNull(),
  year: integer('year').notNull(),
  ...timestamps,
});

export type PowerFactor = typeof powerFactors.$inferSelect;
