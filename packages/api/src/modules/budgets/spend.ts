import { clusters, clusterTiers, nodePools, type Budget, type Database } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { tierHibernates } from '../clusters';
import { forecastOf } from '../usage';

/** A cluster of the organisation as budgets see it: its tier and the labels of its node pools ("key=value"). */
export interface BudgetCluster {
  id: string;
  name: string;
  tierId: string;
  tierName: string;
  status: string;
  deleted: boolean;
  labels: Set<string>;
}

/** What the budgets of one organisation are matched against: its clusters. */
export interface OrganizationSpend {
  organizationId: string;
  clusters: BudgetCluster[];
}

export type BudgetTarget = Pick<Budget, 'scope' | 'clusterId' | 'tierId' | 'label'>;

/** Every cluster of the organisation (deleted ones too: what they spent this month still counts), with its tier and pool labels. */
export async function budgetClusters(db: Database, organizationId: string): Promise<BudgetCluster[]> {
  const rows = await db
    .select({ id: clusters.id, name: clusters.name, tierId: clusters.tierId, tierName: clusterTiers.name, status: clusters.status, deletedAt: clusters.deletedAt })
    .from(clusters)
    .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
    .where(eq(clusters.organizationId, organizationId));
  const pools = await db
    .select({ clusterId: nodePools.clusterId, labels: nodePools.labels })
    .from(nodePools)
    .innerJoin(clusters, eq(clusters.id, nodePools.clusterId))
    .where(eq(clusters.organizationId, organizationId));
  const labels = new Map<string, Set<string>>();
  for (const pool of pools) {
    const set = labels.get(pool.clusterId) ?? new Set<string>();
    for (const [key, value] of Object.entries(pool.labels ?? {})) set.add(`${key}=${value}`);
    labels.set(pool.clusterId, set);
  }
  return rows.map((row) => ({ id: row.id, name: row.name, tierId: row.tierId, tierName: row.tierName, status: row.status, deleted: row.deletedAt !== null || row.status === 'deleted', labels: labels.get(row.id) ?? new Set() }));
}

export async function organizationSpend(db: Database, organizationId: string): Promise<OrganizationSpend> {
  return { organizationId, clusters: await budgetClusters(db, organizationId) };
}

/** The clusters a budget watches (every one for the organisation scope). */
export function clustersOf(target: BudgetTarget, all: readonly BudgetCluster[]): BudgetCluster[] {
  switch (target.scope) {
    case 'organization':
      return [...all];
    case 'cluster':
      return all.filter((cluster) => cluster.id === target.clusterId);
    case 'tier':
      return all.filter((cluster) => cluster.tierId === target.tierId);
    case 'label':
      return all.filter((cluster) => target.label !== null && cluster.labels.has(target.label));
  }
}

/**
 * The scope's month-to-date actual and month-end forecast, by the reader /billing and /usage use
 * (forecastOf: the metered hours, the month to date, the last day's run rate), in cents and in
 * whole percent of the amount.
 */
export async function budgetStanding(db: Database, budget: BudgetTarget & Pick<Budget, 'amountCents'>, spend: OrganizationSpend, now: number) {
  const clusterIds = budget.scope === 'organization' ? undefined : clustersOf(budget, spend.clusters).map((cluster) => cluster.id);
  const forecast = await forecastOf(db, { organizationId: spend.organizationId, ...(clusterIds ? { clusterIds } : {}) }, now);
  const percent = (cents: number) => Math.floor((cents * 100) / budget.amountCents);
  return {
    actualCents: forecast.monthToDateCents,
    forecastCents: forecast.forecastCents,
    actualPercent: percent(forecast.monthToDateCents),
    forecastPercent: percent(forecast.forecastCents),
  };
}

export type BudgetStanding = Awaited<ReturnType<typeof budgetStanding>>;

/** Whether every live cluster of the scope is Dev/Test or Sandbox, or the first that is not. */
export function firstNonHibernating(target: BudgetTarget, all: readonly BudgetCluster[]): BudgetCluster | null {
  return clustersOf(target, all).find((cluster) => !cluster.deleted && !tierHibernates(cluster.tierName)) ?? null;
}
