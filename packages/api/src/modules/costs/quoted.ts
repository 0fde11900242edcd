import { clusterOperations, clusterQuotes, nodePools, orders, type Cluster, type ClusterQuoteReason, type Database, type OrderClusterLine } from '@kubemarket/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

type Autoscaling = { min: number; max: number } | null;

/** Node pools a quote priced, by pool name: each with its flavour, its nodes and bounds, and the count priced. */
export type QuotedPools = Map<string, { flavorId: string; nodes: number; autoscaling: Autoscaling; count: number }>;

/** The pricing engine prices an autoscaled pool at its minimum, any other at its count. */
const quotedPool = (flavorId: string, nodes: number, autoscaling: Autoscaling | undefined) => ({ flavorId, nodes, autoscaling: autoscaling ?? null, count: autoscaling ? autoscaling.min : nodes });

/** A price the cluster was quoted, with the nodes it priced. */
export interface QuoteInForce {
  effectiveAt: number;
  monthlyCents: number;
  reason: ClusterQuoteReason;
  pools: QuotedPools;
}

/** "Node pool workers: 3 nodes joining": how a provisioning step names the pool it creates. */
const POOL_STEP_LABEL = /^Node pool (.+?):/;

/**
 * The cluster's quotes, oldest first, each with the node counts it priced. The counts start from
 * the order's cluster line and follow the operations that carried a quote (a pool resized, added,
 * removed); an autoscaled pool is priced at its minimum, and the autoscaler's nodes above it, which
 * no quote reprices, are metered: the autoscaling line. A cluster from before quotes were recorded
 * (no row) is quoted as its order priced it, else at its monthly price, from its creation.
 */
export async function quoteTimeline(db: Database, cluster: Cluster): Promise<QuoteInForce[]> {
  const [rows, operations, pools, [order]] = await Promise.all([
    db.select().from(clusterQuotes).where(eq(clusterQuotes.clusterId, cluster.id)).orderBy(asc(clusterQuotes.effectiveAt), asc(clusterQuotes.createdAt)),
    db
      .select()
      .from(clusterOperations)
      .where(and(eq(clusterOperations.clusterId, cluster.id), inArray(clusterOperations.type, ['provision', 'scale_pool', 'add_pool', 'remove_pool']))),
    db.select({ id: nodePools.id, name: nodePools.name, flavorId: nodePools.flavorId, count: nodePools.count, autoscaling: nodePools.autoscaling }).from(nodePools).where(eq(nodePools.clusterId, cluster.id)),
    cluster.orderId ? db.select().from(orders).where(eq(orders.id, cluster.orderId)) : Promise.resolve([]),
  ]);
  // Pool ids to names: the pools there now, the pools added, and the pools the provisioning created (its steps name them).
  const poolNames = new Map(pools.map((pool) => [pool.id, pool.name]));
  for (const operation of operations) {
    if (operation.params.pool) poolNames.set(operation.params.pool.id, operation.params.pool.name);
    for (const step of operation.steps) {
      const name = step.key.startsWith('pool:') ? POOL_STEP_LABEL.exec(step.label)?.[1] : undefined;
      if (name && !poolNames.has(step.key.slice(5))) poolNames.set(step.key.slice(5), name);
    }
  }
  const line = order?.lines.find((candidate): candidate is OrderClusterLine => candidate.kind === 'cluster' && candidate.name === cluster.name) ?? order?.lines.find((candidate): candidate is OrderClusterLine => candidate.kind === 'cluster');
  let current: QuotedPools = new Map(
    line ? line.nodePools.map((pool) => [pool.name, quotedPool(pool.flavorId, pool.count, pool.autoscale)]) : pools.map((pool) => [pool.name, quotedPool(pool.flavorId, pool.count, pool.autoscaling)]),
  );
  const byId = new Map(operations.map((operation) => [operation.id, operation]));
  const quotes = rows.length > 0 ? rows : [{ effectiveAt: cluster.createdAt, monthlyCents: order?.quote?.lines[0]?.monthlyPriceCents ?? cluster.monthlyCents, reason: 'order' as const, operationId: null }];
  return quotes.map((row) => {
    const operation = row.operationId ? byId.get(row.operationId) : undefined;
    if (operation) {
      current = new Map(current);
      const { params } = operation;
      const name = params.poolId ? poolNames.get(params.poolId) : undefined;
      const before = name ? current.get(name) : undefined;
      if (operation.type === 'scale_pool' && name && before) current.set(name, quotedPool(before.flavorId, params.count ?? before.nodes, params.autoscaling === undefined ? before.autoscaling : params.autoscaling));
      if (operation.type === 'add_pool' && params.pool) current.set(params.pool.name, quotedPool(params.pool.flavorId, params.pool.count, params.pool.autoscaling));
      if (operation.type === 'remove_pool' && name) current.delete(name);
    }
    return { effectiveAt: row.effectiveAt, monthlyCents: row.monthlyCents, reason: row.reason, pools: current };
  });
}

/** The quote in force at `at`: the latest from before it, else the first (a cluster's first hour began before its order's quote). */
export function quoteAt(quotes: QuoteInForce[], at: number): QuoteInForce {
  let found = quotes[0]!;
  for (const quote of quotes) if (quote.effectiveAt <= at) found = quote;
  return found;
}

/** Nodes a quote priced. */
export const quotedNodeCount = (quote: QuoteInForce) => [...quote.pools.values()].reduce((sum, pool) => sum + pool.count, 0);
