import { isQuoteError, quote } from '@kubemarket/shared';
import type { ClusterLineInput, NodePoolInput, PriceBook } from '@kubemarket/shared';
import type { ClusterDetail, NewNodePool } from './cluster-types';

/**
 * What a change of node pools costs per month, priced before it is confirmed with the shared
 * engine over the catalogue's price book (the configurator's), exactly as the server prices the
 * change (clusters service, priceWithPools): the cluster line with its tier, region, version, HA,
 * installed add-ons and the new pools, billed monthly.
 */

export type PoolChange =
  | { kind: 'scale'; poolId: string; count?: number; autoscaling?: { min: number; max: number } | null }
  | { kind: 'add'; pool: Pick<NewNodePool, 'name' | 'flavorId' | 'count' | 'autoscale'> }
  | { kind: 'remove'; poolId: string };

/** The customer the server prices changes for: the price of a line does not depend on it (VAT is apart). */
const CUSTOMER = { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true };

export function currentPools(detail: Pick<ClusterDetail, 'nodePools'>): NodePoolInput[] {
  return detail.nodePools.map((pool) => ({ name: pool.name, flavorId: pool.flavor.id, count: pool.count, autoscale: pool.autoscaling }));
}

/**
 * The pools after the change, as the server computes them: new autoscaling limits without a
 * count keep the current count within the limits.
 */
export function poolsAfter(detail: Pick<ClusterDetail, 'nodePools'>, change: PoolChange): NodePoolInput[] {
  const pools = currentPools(detail);
  if (change.kind === 'add') return [...pools, { name: change.pool.name, flavorId: change.pool.flavorId, count: change.pool.count, autoscale: change.pool.autoscale ?? null }];
  const target = detail.nodePools.find((candidate) => candidate.id === change.poolId);
  if (!target) return pools;
  if (change.kind === 'remove') return pools.filter((pool) => pool.name !== target.name);
  const autoscale = change.autoscaling === undefined ? target.autoscaling : change.autoscaling;
  let count = change.count ?? target.count;
  if (autoscale && change.count === undefined) count = Math.min(Math.max(target.count, autoscale.min), autoscale.max);
  return pools.map((pool) => (pool.name === target.name ? { ...pool, count, autoscale } : pool));
}

export function clusterLine(detail: ClusterDetail, pools: readonly NodePoolInput[]): ClusterLineInput {
  return {
    kind: 'cluster',
    tierId: detail.tier.id,
    regionId: detail.region.id,
    kubernetesVersion: detail.kubernetesVersion,
    highAvailability: detail.highAvailability,
    nodePools: pools,
    addonIds: detail.addons.map((addon) => addon.id),
  };
}

export type PriceChange =
  | {
      kind: 'priced';
      /** What the cluster costs per month now. */
      currentMonthlyCents: number;
      /** What it will cost with the change (autoscaling pools at their minimum). */
      newMonthlyCents: number;
      deltaCents: number;
      /** With every autoscaling pool at its maximum, when there is one. */
      maxMonthlyCents: number | null;
    }
  | { kind: 'refused'; message: string };

export function priceChange(detail: ClusterDetail, change: PoolChange, priceBook: PriceBook, now: number): PriceChange {
  const pools = poolsAfter(detail, change);
  try {
    const quoted = quote([clusterLine(detail, pools)], { cycle: 'monthly', now, customer: CUSTOMER }, priceBook);
    const line = quoted.lines[0];
    if (!line) return { kind: 'refused', message: 'This change could not be priced.' };
    return {
      kind: 'priced',
      currentMonthlyCents: detail.monthlyCents,
      newMonthlyCents: line.monthlyPriceCents,
      deltaCents: line.monthlyPriceCents - detail.monthlyCents,
      maxMonthlyCents: line.maxTotalCents !== undefined && line.maxTotalCents !== line.amountCents ? line.maxTotalCents : null,
    };
  } catch (error) {
    if (isQuoteError(error)) return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** "+€32.00 a month", "−€64.00 a month", "no change", with a formatter of EUR cents. */
export function deltaLabel(deltaCents: number, format: (cents: number) => string): string {
  if (deltaCents === 0) return 'no change';
  return `${deltaCents > 0 ? '+' : '−'}${format(Math.abs(deltaCents))} a month`;
}
