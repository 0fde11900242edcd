import {
  addons as addonsTable,
  clusterAddons,
  clusterEvents,
  clusterOperations,
  clusters,
  clusterTiers,
  middlewareInstances,
  newId,
  type Cluster,
  type ClusterOperation,
  type Database,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import { assertMayGrow } from '../../platform/growth';
import { compareKubernetesVersions } from '../catalog';
import { keepStatements, reportLeftovers } from '../leftovers';
import { retryOperation, startOperation, type ClusterState } from './engine';
import { operationView, type OperationView } from './progress';
import { describeActor } from './pools';
import { availableUpgrades, getOperation, tierHibernates } from './reads';
import { badRequest, changeableState, notFound, ownState, type OrgContext } from './service-common';

// Upgrades, maintenance, deletion, retries

export async function upgradeCluster(ctx: OrgContext, input: { id: string; version: string }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const current = state.cluster.kubernetesVersion;
  if (compareKubernetesVersions(input.version, current) <= 0) badRequest(`The cluster runs ${current}; Kubernetes cannot be downgraded, choose a newer version.`);
  const allowed = await availableUpgrades(ctx.db, current);
  if (!allowed.includes(input.version)) {
    badRequest(allowed.length === 0 ? `No upgrade is available for ${current} yet.` : `${current} can be upgraded to ${allowed.join(' or ')}; minor versions are upgraded one at a time.`);
  }
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'upgrade',
    params: { fromVersion: current, toVersion: input.version },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} started the upgrade from ${current} to ${input.version}.`,
    change: { before: { kubernetesVersion: current }, after: { kubernetesVersion: input.version } },
  });
  return operationView(operation, now);
}

export async function updateMaintenance(ctx: OrgContext, input: { id: string; maintenance: NonNullable<Cluster['maintenance']> }): Promise<{ success: true }> {
  const state = await ownState(ctx, input.id);
  if (state.cluster.status === 'deleted') throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${state.cluster.name} is deleted.` });
  const now = ctx.ports.clock.now();
  const { day, startHour, autoUpgrade } = input.maintenance;
  await ctx.db.batch([
    ctx.db.update(clusters).set({ maintenance: { day, startHour, autoUpgrade }, updatedAt: now }).where(eq(clusters.id, input.id)),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: input.id,
      operationId: null,
      type: 'settings_changed',
      message: `${describeActor(ctx)} set the maintenance window to ${day}s at ${String(startHour).padStart(2, '0')}:00 UTC, automatic upgrades ${autoUpgrade ? 'on' : 'off'}.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  ]);
  return { success: true };
}

/**
 * Deletes the cluster with what it holds, but for `keep`: ids of what it would leave billable
 * (clusters.leftovers), each checked against what the provisioner reports now and kept as a
 * cluster_leftovers row written in the same batch as the delete operation, so a refused or
 * repeated request keeps nothing twice.
 */
export async function deleteCluster(ctx: OrgContext, input: { id: string; confirmName: string; keep?: string[] }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id, ['running', 'failed', 'hibernated']);
  if (input.confirmName !== state.cluster.name) badRequest(`Type the cluster's name, ${state.cluster.name}, exactly to confirm its deletion.`);
  // Managed middlewares run inside it (issue 31): their data goes first, deliberately.
  const hosted = await ctx.db
    .select({ name: middlewareInstances.name })
    .from(middlewareInstances)
    .where(and(eq(middlewareInstances.clusterId, state.cluster.id), ne(middlewareInstances.status, 'deleted')))
    .orderBy(asc(middlewareInstances.name));
  if (hosted.length > 0) {
    const names = hosted.map((row) => row.name);
    badRequest(`${state.cluster.name} runs the middleware${names.length > 1 ? 's' : ''} ${names.join(', ')}; delete ${names.length > 1 ? 'them' : 'it'} from ${names.length > 1 ? 'their pages' : 'its page'} first.`);
  }
  const keep = [...new Set(input.keep ?? [])];
  const kept = await keepStatements(ctx, state.cluster, state.spec, keep);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'delete',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} deleted the cluster ${state.cluster.name}${keep.length > 0 ? `, keeping ${keep.length === 1 ? 'one resource' : `${keep.length} resources`} it held` : ''}.`,
    with: kept,
  });
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'cluster.delete', targetType: 'cluster', targetId: state.cluster.id, ipAddress: ctx.request.ipAddress, metadata: { name: state.cluster.name, ...(keep.length > 0 ? { kept: keep } : {}) } }, now);
  return operationView(operation, now);
}

/** What deleting the cluster would leave billable if kept, with each item's monthly price, for the delete dialog. */
export async function leftoverReport(ctx: OrgContext, id: string) {
  const state = await ownState(ctx, id);
  if (state.cluster.status === 'deleted' || state.cluster.status === 'deleting') {
    throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${state.cluster.name} is ${state.cluster.status === 'deleted' ? 'deleted' : 'being deleted'}; what it kept is on the billing page.` });
  }
  return reportLeftovers(ctx, state.cluster, state.spec);
}

/** Whether retrying would add nodes: a provisioning, a new pool, a wake-up, or a scale-up still short of its nodes. */
function retryGrows(state: ClusterState, operation: ClusterOperation): boolean {
  if (operation.type === 'provision' || operation.type === 'add_pool' || operation.type === 'wake') return true;
  if (operation.type !== 'scale_pool') return false;
  const { poolId, count } = operation.params;
  return count !== undefined && count > state.nodes.filter((node) => node.poolId === poolId).length;
}

export async function retryClusterOperation(ctx: OrgContext, input: { id: string; operationId: string }): Promise<OperationView> {
  const state = await ownState(ctx, input.id);
  const [operation] = await ctx.db.select().from(clusterOperations).where(and(eq(clusterOperations.id, input.operationId), eq(clusterOperations.clusterId, state.cluster.id)));
  if (!operation) notFound('No such operation on this cluster.');
  if (operation.status !== 'failed') throw new TRPCError({ code: 'CONFLICT', message: operation.status === 'running' ? 'This operation is still running.' : 'This operation finished; there is nothing to retry.' });
  const [latest] = await ctx.db.select({ id: clusterOperations.id }).from(clusterOperations).where(eq(clusterOperations.clusterId, state.cluster.id)).orderBy(desc(clusterOperations.createdAt)).limit(1);
  if (latest?.id !== operation.id) throw new TRPCError({ code: 'CONFLICT', message: 'A later operation ran on this cluster since; start the change again instead.' });
  if (retryGrows(state, operation as ClusterOperation)) await assertMayGrow(ctx.db, state.cluster.organizationId);
  await retryOperation(ctx, operation as ClusterOperation, ctx.user.id);
  return getOperation(ctx, state.cluster.id, operation.id);
}

/** The add-ons the organisation's clusters (not deleted) run, each with its clusters, by add-on name. */
export async function addonsInUse(ctx: OrgContext) {
  const rows = await ctx.db
    .select({ addonId: clusterAddons.addonId, name: addonsTable.name, clusterId: clusters.id, clusterName: clusters.name, installedAt: clusterAddons.installedAt })
    .from(clusterAddons)
    .innerJoin(clusters, eq(clusters.id, clusterAddons.clusterId))
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusters.organizationId, ctx.user.organizationId), ne(clusters.status, 'deleted')))
    .orderBy(asc(addonsTable.name), asc(clusters.name));
  const byAddon = new Map<string, { addonId: string; name: string; clusters: Array<{ id: string; name: string; installedAt: number }> }>();
  for (const row of rows) {
    const entry = byAddon.get(row.addonId) ?? { addonId: row.addonId, name: row.name, clusters: [] };
    entry.clusters.push({ id: row.clusterId, name: row.clusterName, installedAt: row.installedAt });
    byAddon.set(row.addonId, entry);
  }
  return [...byAddon.values()];
}

export async function removeAddon(ctx: OrgContext, input: { id: string; addonId: string }): Promise<{ success: true }> {
  await changeableState(ctx, input.id);
  const [installed] = await ctx.db
    .select({ id: clusterAddons.id, name: addonsTable.name })
    .from(clusterAddons)
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusterAddons.clusterId, input.id), eq(clusterAddons.addonId, input.addonId)));
  if (!installed) notFound('This add-on is not installed on this cluster.');
  const others = await ctx.db
    .select({ name: addonsTable.name, requires: addonsTable.requires })
    .from(clusterAddons)
    .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
    .where(and(eq(clusterAddons.clusterId, input.id), ne(clusterAddons.addonId, input.addonId)));
  const dependents = others.filter((other) => (other.requires ?? []).includes(input.addonId)).map((other) => other.name);
  if (dependents.length > 0) badRequest(`${dependents.join(' and ')} ${dependents.length === 1 ? 'needs' : 'need'} ${installed.name}; remove ${dependents.length === 1 ? 'it' : 'them'} first.`);
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ctx.db.delete(clusterAddons).where(eq(clusterAddons.id, installed.id)),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: input.id,
      operationId: null,
      type: 'addon_removed',
      message: `${describeActor(ctx)} removed the ${installed.name} add-on.`,
      actorUserId: ctx.user.id,
      createdAt: now,
    }),
  ]);
  return { success: true };
}

// Hibernation now (schedules: hibernation.ts)

export async function hibernateNow(ctx: OrgContext, id: string): Promise<OperationView> {
  const state = await changeableState(ctx, id);
  await requireHibernatingTier(ctx.db, state);
  const operation = await startOperation(ctx, state, {
    clusterId: id,
    type: 'hibernate',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} put ${state.cluster.name} to sleep.`,
    change: { before: { status: state.cluster.status }, after: { status: 'hibernated' } },
  });
  return operationView(operation, ctx.ports.clock.now());
}

export async function wakeNow(ctx: OrgContext, id: string): Promise<OperationView> {
  const state = await changeableState(ctx, id, ['hibernated']);
  await assertMayGrow(ctx.db, state.cluster.organizationId);
  const operation = await startOperation(ctx, state, {
    clusterId: id,
    type: 'wake',
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} woke ${state.cluster.name} up.`,
    change: { before: { status: state.cluster.status }, after: { status: 'running' } },
  });
  return operationView(operation, ctx.ports.clock.now());
}

export async function requireHibernatingTier(db: Database, state: ClusterState): Promise<void> {
  const [tier] = await db.select({ name: clusterTiers.name }).from(clusterTiers).where(eq(clusterTiers.id, state.cluster.tierId));
  if (!tier || !tierHibernates(tier.name)) {
    const kind = tier?.name ?? 'production';
    badRequest(`Hibernation is for Dev/Test and Sandbox clusters; ${state.cluster.name} is ${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind} cluster, which keeps running.`);
  }
}
