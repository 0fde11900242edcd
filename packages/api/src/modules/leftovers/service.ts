import {
  clusterAddons,
  clusterLeftovers,
  clusters,
  middlewareBackups,
  middlewareInstances,
  newId,
  type Cluster,
  type ClusterLeftover,
  type Database,
} from '@kubemarket/db';
import { leftoverMonthlyCents, pick } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from '../../context';
import { audit } from '../../platform/audit';
import { insertRowsAsJson } from '../../platform/json-rows';
import { ProvisionerError, type ClusterSpec, type Leftover } from '../../platform/provisioner';
import type { SignedInContext } from '../../trpc';

/**
 * What a deleted cluster leaves billable (issue 34). Before a deletion, the provisioner reports
 * what the cluster holds (load balancers, volumes, snapshots) and our own records add the managed
 * middlewares' backups still kept for it; the customer keeps some, which become cluster_leftovers
 * rows in the same batch as the delete operation, and the rest goes with the cluster. A kept
 * resource is billed hourly by the metering (usage kind 'leftover') from the end of its cluster's
 * deletion until it is removed here.
 */

type Deps = Pick<Context, 'db' | 'ports'>;
type Statement = BatchItem<'sqlite'>;

/** A kept backup is no longer expired by the daily sweep: it stays until removed. */
const KEPT_BACKUP_EXPIRY = Date.UTC(9999, 0, 1);

export const LEFTOVER_NOT_FOUND = 'Nothing kept with this id in your organisation.';

/** The middlewares' backups (of instances of this cluster, deleted ones included) not expired yet, one leftover per instance. */
async function middlewareBackupLeftovers(db: Database, clusterId: string, now: number): Promise<Leftover[]> {
  const rows = await db
    .select({ instanceId: middlewareInstances.id, name: middlewareInstances.name, sizeMb: sql<number>`sum(${middlewareBackups.sizeMb})` })
    .from(middlewareBackups)
    .innerJoin(middlewareInstances, eq(middlewareInstances.id, middlewareBackups.instanceId))
    .where(and(eq(middlewareInstances.clusterId, clusterId), gt(middlewareBackups.expiresAt, now)))
    .groupBy(middlewareInstances.id, middlewareInstances.name)
    .orderBy(asc(middlewareInstances.name));
  return rows.map((row) => {
    const sizeGb = Math.ceil(Number(row.sizeMb) / 1024);
    const name = `backups/${row.name}`;
    return { id: `backup:${name}`, kind: 'backup', name, providerRef: row.instanceId, sizeGb, monthlyCents: leftoverMonthlyCents('backup', sizeGb) };
  });
}

/** What the cluster would leave billable now; `unavailable` says why the provider could not be asked. */
export async function reportLeftovers(deps: Deps, cluster: Pick<Cluster, 'id'>, spec: ClusterSpec): Promise<{ items: Leftover[]; unavailable: string | null }> {
  const now = deps.ports.clock.now();
  const addonIds = (await deps.db.select({ addonId: clusterAddons.addonId }).from(clusterAddons).where(eq(clusterAddons.clusterId, cluster.id))).map((row) => row.addonId);
  let held: Leftover[] = [];
  let unavailable: string | null = null;
  if (!deps.ports.provisioner.leftovers) unavailable = 'The provider does not report what a cluster holds.';
  else {
    try {
      held = await deps.ports.provisioner.leftovers({ cluster: spec, addonIds });
    } catch (error) {
      if (!(error instanceof ProvisionerError)) throw error;
      unavailable = error.message;
    }
  }
  return { items: [...held, ...(await middlewareBackupLeftovers(deps.db, cluster.id, now))], unavailable };
}

/**
 * The statements that keep `keep` (ids of the report) when the cluster is deleted, to commit with
 * the delete operation. Each id must be in what the cluster reports now; a repeated request keeps
 * each once (the unique index on cluster, kind and name, ON CONFLICT DO NOTHING).
 */
export async function keepStatements(ctx: SignedInContext, cluster: Cluster, spec: ClusterSpec, keep: readonly string[]): Promise<Statement[]> {
  const wanted = [...new Set(keep)];
  if (wanted.length === 0) return [];
  const report = await reportLeftovers(ctx, cluster, spec);
  const byId = new Map(report.items.map((item) => [item.id, item]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    const why = report.unavailable ? ` (${report.unavailable})` : '';
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${cluster.name} holds nothing called ${unknown.map((id) => `"${id}"`).join(', ')} now${why}; keep only ids its list of leftovers gives.`,
    });
  }
  const now = ctx.ports.clock.now();
  const rows = wanted.map((id): typeof clusterLeftovers.$inferInsert => {
    const item = byId.get(id)!;
    return {
      id: newId('leftover'),
      organizationId: cluster.organizationId,
      clusterId: cluster.id,
      clusterName: cluster.name,
      region: cluster.region,
      kind: item.kind,
      name: item.name,
      providerRef: item.providerRef,
      sizeGb: item.sizeGb,
      monthlyCents: item.monthlyCents,
      status: 'kept',
      keptByUserId: ctx.user.id,
      removedAt: null,
      removedByUserId: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const statements: Statement[] = [insertRowsAsJson(ctx.db, clusterLeftovers, rows).onConflictDoNothing()];
  const backupInstances = wanted.flatMap((id) => (byId.get(id)!.kind === 'backup' && byId.get(id)!.providerRef ? [byId.get(id)!.providerRef!] : []));
  if (backupInstances.length > 0) statements.push(ctx.db.update(middlewareBackups).set({ expiresAt: KEPT_BACKUP_EXPIRY }).where(inArray(middlewareBackups.instanceId, backupInstances)));
  return statements;
}

function keptView(row: ClusterLeftover, deletedAt: number | null) {
  return {
    ...pick(row, ['id', 'clusterId', 'clusterName', 'region', 'kind', 'name', 'providerRef', 'sizeGb', 'monthlyCents']),
    keptAt: row.createdAt,
    billedSince: deletedAt,
  };
}

/** What the organisation kept after deleting clusters and has not removed, by cluster, kind and name. */
export async function listKept(ctx: SignedInContext) {
  const rows = await ctx.db
    .select({ leftover: clusterLeftovers, deletedAt: clusters.deletedAt })
    .from(clusterLeftovers)
    .leftJoin(clusters, eq(clusters.id, clusterLeftovers.clusterId))
    .where(and(eq(clusterLeftovers.organizationId, ctx.user.organizationId), eq(clusterLeftovers.status, 'kept')))
    .orderBy(asc(clusterLeftovers.clusterName), asc(clusterLeftovers.kind), asc(clusterLeftovers.name));
  const items = rows.map((row) => keptView(row.leftover, row.deletedAt));
  return { items, monthlyCents: items.reduce((sum, item) => sum + item.monthlyCents, 0) };
}

/**
 * Removes a kept resource: its billing stops at this hour. The conditional UPDATE … WHERE
 * status = 'kept' RETURNING lets one of two concurrent removals act; the other is told it is gone.
 */
export async function removeKept(ctx: SignedInContext, id: string) {
  const now = ctx.ports.clock.now();
  const [removed] = await ctx.db
    .update(clusterLeftovers)
    .set({ status: 'deleted', removedAt: now, removedByUserId: ctx.user.id, updatedAt: now })
    .where(and(eq(clusterLeftovers.id, id), eq(clusterLeftovers.organizationId, ctx.user.organizationId), eq(clusterLeftovers.status, 'kept')))
    .returning();
  if (!removed) {
    const [existing] = await ctx.db
      .select({ name: clusterLeftovers.name })
      .from(clusterLeftovers)
      .where(and(eq(clusterLeftovers.id, id), eq(clusterLeftovers.organizationId, ctx.user.organizationId)));
    if (!existing) throw new TRPCError({ code: 'NOT_FOUND', message: LEFTOVER_NOT_FOUND });
    throw new TRPCError({ code: 'CONFLICT', message: `${existing.name} was already removed.` });
  }
  // Kept backups go back to the daily sweep, which deletes them now that they are past their week.
  if (removed.kind === 'backup' && removed.providerRef) await ctx.db.update(middlewareBackups).set({ expiresAt: now }).where(eq(middlewareBackups.instanceId, removed.providerRef));
  await audit(
    ctx.db,
    { actorUserId: ctx.user.id, action: 'leftover.remove', targetType: 'cluster', targetId: removed.clusterId, ipAddress: ctx.request.ipAddress, metadata: { leftoverId: removed.id, kind: removed.kind, name: removed.name, clusterName: removed.clusterName } },
    now,
  );
  const [cluster] = await ctx.db.select({ deletedAt: clusters.deletedAt }).from(clusters).where(eq(clusters.id, removed.clusterId));
  return { ...keptView(removed, cluster?.deletedAt ?? null), removedAt: now };
}
