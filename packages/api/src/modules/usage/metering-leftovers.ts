import { clusterLeftovers, clusters, newId, type Database, type usageRecords } from '@kubemarket/db';
import { leftoverHourlyMillicents } from '@kubemarket/shared';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';

/**
 * What deleted clusters left and their organisations kept (issue 34), metered each hour from the
 * first hour that starts after the cluster's deletion finished (the hour it ended in is the
 * cluster's own, storage included) to the hour it was removed in, at the monthly price shown when
 * it was kept ÷ 730 h. Each is its own subject, so its hours are written once like any other.
 */

type UsageRow = typeof usageRecords.$inferInsert;

export interface MeteredLeftover {
  id: string;
  organizationId: string;
  clusterId: string;
  kind: string;
  monthlyCents: number;
  deletedAt: number;
  removedAt: number | null;
}

/** The kept leftovers billable at some point of [from, to). */
export async function loadLeftovers(db: Database, from: number, to: number): Promise<MeteredLeftover[]> {
  const rows = await db
    .select({
      id: clusterLeftovers.id,
      organizationId: clusterLeftovers.organizationId,
      clusterId: clusterLeftovers.clusterId,
      kind: clusterLeftovers.kind,
      monthlyCents: clusterLeftovers.monthlyCents,
      deletedAt: clusters.deletedAt,
      removedAt: clusterLeftovers.removedAt,
    })
    .from(clusterLeftovers)
    .innerJoin(clusters, eq(clusters.id, clusterLeftovers.clusterId))
    .where(and(isNotNull(clusters.deletedAt), lt(clusters.deletedAt, to), or(isNull(clusterLeftovers.removedAt), gt(clusterLeftovers.removedAt, from))));
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt! }));
}

/** The usage rows of the hour starting at `hourStart`: one per leftover kept through it. */
export function leftoverRows(leftovers: readonly MeteredLeftover[], hourStart: number, now: number): UsageRow[] {
  return leftovers
    .filter((leftover) => leftover.deletedAt <= hourStart && (leftover.removedAt === null || leftover.removedAt > hourStart))
    .map((leftover) => {
      const hourly = leftoverHourlyMillicents(leftover.monthlyCents);
      return {
        id: newId('usage'),
        organizationId: leftover.organizationId,
        subjectId: leftover.id,
        clusterId: leftover.clusterId,
        hour: hourStart,
        kind: 'leftover',
        // The leftover itself, so the invoice line names it (invoices' catalogueNames).
        resourceId: leftover.id,
        quantityMilli: 1000,
        unitPriceMillicents: hourly,
        amountMillicents: hourly,
        orderId: null,
        createdAt: now,
      };
    });
}
