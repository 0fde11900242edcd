import { budgetAlerts, budgets, clusterTiers, newId, type Budget } from '@kubemarket/db';
import { BUDGET_SCOPE_LABELS, budgetInputSchema, pick, tierDisplayName, utcMonthStart, type BudgetChange, type BudgetInput } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { fieldRefusal } from '../../errors';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import type { MemberContext } from '../../trpc';
import { tierHibernates } from '../clusters';
import type { BudgetView } from './schemas';
import { budgetClusters, budgetStanding, firstNonHibernating, organizationSpend, type BudgetCluster } from './spend';

/**
 * Budgets (issue 34): read by every member (usage:read), set by those who manage billing
 * (billing:write). Another organisation's budget is a 404 with the same sentence as a missing one.
 */
export const BUDGET_NOT_FOUND = 'No budget with this id in your organisation.';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: BUDGET_NOT_FOUND });

async function ownBudget(ctx: MemberContext, id: string): Promise<Budget> {
  const [row] = await ctx.db
    .select()
    .from(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.organizationId, ctx.organizationId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** What the scope names, as people read it. */
function targetOf(budget: Pick<Budget, 'scope' | 'clusterId' | 'tierId' | 'label'>, clusters: readonly BudgetCluster[], tierNames: Map<string, string>): string {
  if (budget.scope === 'cluster') return clusters.find((cluster) => cluster.id === budget.clusterId)?.name ?? 'A deleted cluster';
  if (budget.scope === 'tier') return `${tierDisplayName(tierNames.get(budget.tierId ?? '') ?? 'Unknown')} clusters`;
  if (budget.scope === 'label') return `Clusters labelled ${budget.label}`;
  return BUDGET_SCOPE_LABELS.organization;
}

/**
 * The organisation's budgets (or the one `onlyId`) with this month's actual, forecast and alerts,
 * and what a new one can watch.
 */
export async function listBudgets(ctx: MemberContext, onlyId?: string) {
  const now = ctx.ports.clock.now();
  const month = utcMonthStart(now);
  const own = onlyId ? and(eq(budgets.organizationId, ctx.organizationId), eq(budgets.id, onlyId)) : eq(budgets.organizationId, ctx.organizationId);
  const ownAlerts = onlyId ? eq(budgetAlerts.budgetId, onlyId) : undefined;
  const [rows, alerts, spend, tiers] = await Promise.all([
    ctx.db.select().from(budgets).where(own).orderBy(asc(budgets.name)),
    ctx.db
      .select()
      .from(budgetAlerts)
      .where(and(eq(budgetAlerts.organizationId, ctx.organizationId), eq(budgetAlerts.month, month), ownAlerts))
      .orderBy(asc(budgetAlerts.createdAt), asc(budgetAlerts.thresholdPercent)),
    organizationSpend(ctx.db, ctx.organizationId),
    ctx.db.select({ id: clusterTiers.id, name: clusterTiers.name }).from(clusterTiers).orderBy(asc(clusterTiers.sortOrder)),
  ]);
  const tierNames = new Map(tiers.map((tier) => [tier.id, tier.name]));
  const standings = await Promise.all(rows.map((budget) => budgetStanding(ctx.db, budget, spend, now)));
  const views: BudgetView[] = rows.map((budget, index) => ({
    ...pick(budget, ['id', 'name', 'scope', 'clusterId', 'tierId', 'label', 'amountCents', 'thresholds', 'hibernateOnReach']),
    target: targetOf(budget, spend.clusters, tierNames),
    ...standings[index]!,
    alerts: alerts
      .filter((alert) => alert.budgetId === budget.id)
      .map(({ thresholdPercent, basis, spendCents, budgetCents, createdAt }) => ({ thresholdPercent, basis, spendCents, budgetCents, createdAt })),
    createdAt: budget.createdAt,
    updatedAt: budget.updatedAt,
  }));
  const live = spend.clusters.filter((cluster) => !cluster.deleted);
  return {
    month,
    budgets: views,
    choices: {
      clusters: live.map((cluster) => ({ id: cluster.id, name: cluster.name, tierId: cluster.tierId, hibernates: tierHibernates(cluster.tierName), labels: [...cluster.labels].sort() })).sort((a, b) => a.name.localeCompare(b.name)),
      tiers: tiers.map((tier) => ({ id: tier.id, name: tier.name, hibernates: tierHibernates(tier.name) })),
      labels: [...new Set(live.flatMap((cluster) => [...cluster.labels]))].sort(),
    },
  };
}

/**
 * Checks what the schema cannot: the cluster or tier exists (in this organisation), and "hibernate
 * when reached" only where every live cluster of the scope is Dev/Test or Sandbox. Returns the
 * budget's columns with the other scopes' targets cleared.
 */
async function checkedTarget(ctx: MemberContext, input: BudgetInput) {
  const clusters = await budgetClusters(ctx.db, ctx.organizationId);
  const target = {
    scope: input.scope,
    clusterId: input.scope === 'cluster' ? input.clusterId! : null,
    tierId: input.scope === 'tier' ? input.tierId! : null,
    label: input.scope === 'label' ? input.label! : null,
  };
  if (target.clusterId && !clusters.some((cluster) => cluster.id === target.clusterId && !cluster.deleted)) throw fieldRefusal('clusterId', 'No cluster with this id in your organisation.');
  let tierName: string | null = null;
  if (target.tierId) {
    const [tier] = await ctx.db.select({ name: clusterTiers.name }).from(clusterTiers).where(eq(clusterTiers.id, target.tierId)).limit(1);
    if (!tier) throw fieldRefusal('tierId', 'No such tier in the catalogue.');
    tierName = tier.name;
  }
  if (input.hibernateOnReach) {
    if (tierName !== null && !tierHibernates(tierName)) {
      throw fieldRefusal('hibernateOnReach', `Hibernating when the budget is reached is only for Dev/Test and Sandbox clusters; ${tierDisplayName(tierName)} clusters keep running.`);
    }
    const running = firstNonHibernating(target, clusters);
    if (running) {
      throw fieldRefusal('hibernateOnReach', `Hibernating when the budget is reached is only for Dev/Test and Sandbox clusters; ${running.name} is a ${tierDisplayName(running.tierName)} cluster, which keeps running.`);
    }
  }
  return {
    ...target,
    name: input.name,
    amountCents: input.amountCents,
    thresholds: input.thresholds,
    hibernateOnReach: input.hibernateOnReach,
  };
}

function nameTaken(name: string) {
  return new TRPCError({ code: 'CONFLICT', message: `A budget named "${name}" already exists; choose another name.` });
}

async function viewOf(ctx: MemberContext, id: string): Promise<BudgetView> {
  const [view] = (await listBudgets(ctx, id)).budgets;
  if (!view) throw notFound();
  return view;
}

export async function createBudget(ctx: MemberContext, input: BudgetInput): Promise<BudgetView> {
  const values = await checkedTarget(ctx, input);
  const now = ctx.ports.clock.now();
  const id = newId('budget');
  try {
    await ctx.db.batch([
      ctx.db.insert(budgets).values({ id, organizationId: ctx.organizationId, ...values, createdByUserId: ctx.user.id, createdAt: now, updatedAt: now }),
      auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'budget.created', targetType: 'budget', targetId: id, ipAddress: ctx.request.ipAddress, metadata: values }, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
  return viewOf(ctx, id);
}

/** Changes any field; the budget as changed is checked as a whole, by the schema a new one is. */
export async function updateBudget(ctx: MemberContext, id: string, change: BudgetChange): Promise<BudgetView> {
  const current = await ownBudget(ctx, id);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const merged = budgetInputSchema.safeParse({ ...current, ...defined });
  if (!merged.success) {
    const [issue] = merged.error.issues;
    throw fieldRefusal(issue!.path.join('.'), issue!.message);
  }
  const values = await checkedTarget(ctx, merged.data);
  const now = ctx.ports.clock.now();
  try {
    await ctx.db.batch([
      ctx.db
        .update(budgets)
        .set({ ...values, updatedAt: now })
        .where(and(eq(budgets.id, id), eq(budgets.organizationId, ctx.organizationId))),
      auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'budget.updated', targetType: 'budget', targetId: id, ipAddress: ctx.request.ipAddress, metadata: defined }, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
  return viewOf(ctx, id);
}

/** Deletes the budget and its alerts; a second delete at once finds nothing (404). */
export async function deleteBudget(ctx: MemberContext, id: string) {
  const now = ctx.ports.clock.now();
  const deleted = await ctx.db
    .delete(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.organizationId, ctx.organizationId)))
    .returning({ id: budgets.id, name: budgets.name });
  if (deleted.length === 0) throw notFound();
  await auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'budget.deleted', targetType: 'budget', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { name: deleted[0]!.name } }, now);
  return { id, deleted: true as const };
}
