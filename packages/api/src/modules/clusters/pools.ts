import {
  clusterAddons,
  clusters,
  newId,
  nodeFlavors,
  nodePools,
  orders,
  organizations,
  type Database,
  type NodePool,
} from '@kubemarket/db';
import { isQuoteError, quote, type OrderLine } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertMayGrow } from '../../platform/growth';
import type { ClusterSpec } from '../../platform/provisioner';
import { loadPriceBook } from '../catalog';
import { startOperation, type ClusterState } from './engine';
import { operationView, type OperationView } from './progress';
import type {
  addNodePoolInputSchema,
  scaleNodePoolInputSchema,
} from './schemas';
import { badRequest, changeableState, notFound, type OrgContext } from './service-common';

// Prices and quotas of a changed cluster

interface PoolShape {
  name: string;
  flavorId: string;
  count: number;
  autoscaling: { min: number; max: number } | null;
}

/**
 * What the cluster would cost per month with these pools, by the same engine that priced its order;
 * the engine also refuses what the tier does not allow (node limits, flavours, pools). `monthlyCents`
 * is billed monthly (clusters.monthly_cents); `quotedCents` per month for the cycle its order was
 * paid for (a yearly order's discount kept), the price its new quote records (cluster_quotes).
 */
export async function priceWithPools(ctx: OrgContext, state: ClusterState, pools: PoolShape[]): Promise<{ monthlyCents: number; quotedCents: number }> {
  const now = ctx.ports.clock.now();
  const [priceBook, installed, [order]] = await Promise.all([
    loadPriceBook(ctx.db, now),
    ctx.db.select({ addonId: clusterAddons.addonId }).from(clusterAddons).where(eq(clusterAddons.clusterId, state.cluster.id)),
    state.cluster.orderId ? ctx.db.select({ cycle: orders.cycle }).from(orders).where(eq(orders.id, state.cluster.orderId)) : Promise.resolve([]),
  ]);
  const line = {
    kind: 'cluster',
    tierId: state.cluster.tierId,
    regionId: state.cluster.region,
    kubernetesVersion: state.cluster.kubernetesVersion,
    highAvailability: state.cluster.highAvailability,
    nodePools: pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscaling })),
    addonIds: installed.map((row) => row.addonId),
  } as OrderLine;
  try {
    const result = quote([line], { cycle: order?.cycle ?? 'monthly', now, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } }, priceBook);
    const priced = result.lines[0];
    return { monthlyCents: priced?.monthlyPriceCents ?? state.cluster.monthlyCents, quotedCents: priced?.monthlyEquivalentCents ?? state.cluster.monthlyCents };
  } catch (error) {
    if (isQuoteError(error)) badRequest(error.message);
    throw error;
  }
}

/** Nodes the organisation's live clusters ask for, this cluster excluded. */
async function organizationNodes(db: Database, organizationId: string, exceptClusterId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'), ne(clusters.id, exceptClusterId)));
  return row?.total ?? 0;
}

async function checkNodeQuota(ctx: OrgContext, state: ClusterState, nodes: number): Promise<void> {
  const [org] = await ctx.db.select({ maxNodes: organizations.maxNodes }).from(organizations).where(eq(organizations.id, state.cluster.organizationId));
  const others = await organizationNodes(ctx.db, state.cluster.organizationId, state.cluster.id);
  const limit = org?.maxNodes ?? 200;
  if (others + nodes > limit) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${limit} nodes and its other clusters already use ${others}; this change needs ${nodes}. Remove nodes elsewhere or ask support to raise the quota.`,
    });
  }
}

/** Checked when a cluster is ordered: the organisation's cluster and node quotas. */
export async function checkNewClusterQuota(db: Database, organizationId: string, nodes: number): Promise<void> {
  const [[org], [live]] = await Promise.all([
    db.select({ maxClusters: organizations.maxClusters, maxNodes: organizations.maxNodes }).from(organizations).where(eq(organizations.id, organizationId)),
    db
      .select({ clusters: count(), nodes: sql<number>`COALESCE(SUM(${clusters.nodeCount}), 0)`.mapWith(Number) })
      .from(clusters)
      .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'))),
  ]);
  const maxClusters = org?.maxClusters ?? 20;
  const maxNodes = org?.maxNodes ?? 200;
  if ((live?.clusters ?? 0) >= maxClusters) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your organisation's quota is ${maxClusters} clusters and all are in use. Delete a cluster or ask support to raise the quota.` });
  }
  if ((live?.nodes ?? 0) + nodes > maxNodes) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `Your organisation's quota is ${maxNodes} nodes and its clusters already use ${live?.nodes ?? 0}; this cluster needs ${nodes}. Remove nodes elsewhere or ask support to raise the quota.`,
    });
  }
}

function poolShapes(pools: NodePool[]): PoolShape[] {
  return pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscaling: pool.autoscaling }));
}

export function describeActor(ctx: OrgContext): string {
  return ctx.user.name || ctx.user.username;
}

// Node pools

export async function scaleNodePool(ctx: OrgContext, input: z.output<typeof scaleNodePoolInputSchema>): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const pool = state.pools.find((candidate) => candidate.id === input.poolId);
  if (!pool) notFound('No node pool with this id in this cluster.');
  const autoscaling = input.autoscaling === undefined ? pool.autoscaling : input.autoscaling;
  let count = input.count ?? pool.count;
  if (autoscaling) {
    if (input.count === undefined) count = Math.min(Math.max(pool.count, autoscaling.min), autoscaling.max);
    else if (count < autoscaling.min || count > autoscaling.max) badRequest(`The node count must be between the autoscaling limits (${autoscaling.min} to ${autoscaling.max}).`);
    if (autoscaling.min < 1) badRequest('A node pool keeps at least 1 node; set the autoscaling minimum to 1 or more.');
  }
  if (count === pool.count && JSON.stringify(autoscaling) === JSON.stringify(pool.autoscaling)) badRequest(`The node pool ${pool.name} already has ${count} nodes and these limits.`);
  // More nodes now, or room for more (a larger autoscaling maximum), is growth: an active organisation's.
  if (count > pool.count || (autoscaling?.max ?? count) > (pool.autoscaling?.max ?? pool.count)) await assertMayGrow(ctx.db, state.cluster.organizationId);
  const pools = poolShapes(state.pools).map((shape) => (shape.name === pool.name ? { ...shape, count, autoscaling } : shape));
  const { monthlyCents, quotedCents } = await priceWithPools(ctx, state, pools);
  const nodeCount = pools.reduce((sum, shape) => sum + shape.count, 0);
  await checkNodeQuota(ctx, state, nodeCount);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'scale_pool',
    params: { poolId: pool.id, count, autoscaling },
    requestedBy: ctx.user.id,
    message:
      count === pool.count
        ? `${describeActor(ctx)} changed the autoscaling limits of ${pool.name}.`
        : `${describeActor(ctx)} scaled ${pool.name} from ${pool.count} to ${count} nodes.`,
    change: {
      before: { pool: pool.name, count: pool.count, autoscaling: pool.autoscaling, nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pool: pool.name, count, autoscaling, nodeCount, monthlyCents },
    },
    spec: state.spec,
    requote: { monthlyCents: quotedCents, reason: 'pool_resized' },
    with: [
      ctx.db.update(nodePools).set({ count, autoscaling, updatedAt: now }).where(eq(nodePools.id, pool.id)),
      ctx.db.update(clusters).set({ nodeCount, monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
    ],
  });
  return operationView(operation, now);
}

export async function addNodePool(ctx: OrgContext, input: z.output<typeof addNodePoolInputSchema>): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  if (state.pools.some((pool) => pool.name === input.pool.name)) badRequest(`This cluster already has a node pool named "${input.pool.name}"; choose another name.`);
  await assertMayGrow(ctx.db, state.cluster.organizationId);
  const autoscaling = input.pool.autoscale ?? null;
  const newPool = { name: input.pool.name, flavorId: input.pool.flavorId, count: input.pool.count, autoscaling };
  const pools = [...poolShapes(state.pools), newPool];
  const { monthlyCents, quotedCents } = await priceWithPools(ctx, state, pools);
  const nodeCount = pools.reduce((sum, shape) => sum + shape.count, 0);
  await checkNodeQuota(ctx, state, nodeCount);
  const now = ctx.ports.clock.now();
  const poolId = newId('nodePool');
  const [flavor] = await ctx.db.select().from(nodeFlavors).where(eq(nodeFlavors.id, newPool.flavorId));
  const spec: ClusterSpec = {
    ...state.spec,
    pools: [
      ...state.spec.pools,
      {
        id: poolId,
        name: newPool.name,
        machine: { flavorId: newPool.flavorId, vcpu: flavor?.vcpu ?? 0, memoryGb: flavor?.memoryGb ?? 0, gpuCount: flavor?.gpuCount ?? 0 },
        count: newPool.count,
        autoscaling,
        labels: input.pool.labels,
        taints: input.pool.taints,
        kubernetesVersion: state.cluster.kubernetesVersion,
      },
    ],
  };
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'add_pool',
    params: { pool: { id: poolId, name: newPool.name, flavorId: newPool.flavorId, count: newPool.count, autoscaling, labels: input.pool.labels, taints: input.pool.taints } },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} added the node pool ${newPool.name} (${newPool.count} × ${flavor?.name ?? newPool.flavorId}).`,
    change: {
      before: { pools: state.pools.map((pool) => pool.name), nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pools: pools.map((pool) => pool.name), nodeCount, monthlyCents },
    },
    spec,
    requote: { monthlyCents: quotedCents, reason: 'pool_added' },
    with: [
      ctx.db.insert(nodePools).values({
        id: poolId,
        clusterId: state.cluster.id,
        name: newPool.name,
        flavorId: newPool.flavorId,
        count: newPool.count,
        autoscaling,
        labels: input.pool.labels,
        taints: input.pool.taints,
        kubernetesVersion: state.cluster.kubernetesVersion,
        createdAt: now,
        updatedAt: now,
      }),
      ctx.db.update(clusters).set({ nodeCount, monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
    ],
  });
  return operationView(operation, now);
}

export async function removeNodePool(ctx: OrgContext, input: { id: string; poolId: string }): Promise<OperationView> {
  const state = await changeableState(ctx, input.id);
  const pool = state.pools.find((candidate) => candidate.id === input.poolId);
  if (!pool) notFound('No node pool with this id in this cluster.');
  if (state.pools.length === 1) badRequest(`${pool.name} is the cluster's only node pool; a cluster needs at least one. Delete the cluster instead.`);
  const pools = poolShapes(state.pools).filter((shape) => shape.name !== pool.name);
  const { monthlyCents, quotedCents } = await priceWithPools(ctx, state, pools);
  const now = ctx.ports.clock.now();
  const operation = await startOperation(ctx, state, {
    clusterId: state.cluster.id,
    type: 'remove_pool',
    params: { poolId: pool.id },
    requestedBy: ctx.user.id,
    message: `${describeActor(ctx)} removed the node pool ${pool.name}.`,
    change: {
      before: { pools: state.pools.map((candidate) => candidate.name), nodeCount: state.cluster.nodeCount, monthlyCents: state.cluster.monthlyCents },
      after: { pools: pools.map((shape) => shape.name), nodeCount: pools.reduce((sum, shape) => sum + shape.count, 0), monthlyCents },
    },
    requote: { monthlyCents: quotedCents, reason: 'pool_removed' },
    with: [ctx.db.update(clusters).set({ nodeCount: pools.reduce((sum, shape) => sum + shape.count, 0), monthlyCents, updatedAt: now }).where(eq(clusters.id, state.cluster.id))],
  });
  return operationView(operation, now);
}
