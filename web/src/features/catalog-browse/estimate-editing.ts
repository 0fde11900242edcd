import { baselineFlavorId, defaultCluster, defaultKubernetesVersion as defaultVersionOf, tierFlavorsIn } from '@kubemarket/shared';
import { addonSupportsVersion, compatibleAddons } from '../catalog';
import type { Catalog, CatalogAddon, CatalogTier } from '../catalog';
import { ESTIMATE_LIMITS } from './estimate';
import type { EstimateCluster, EstimatePool } from './estimate';

/** The version new clusters get: the catalogue's default, else the newest supported one. */
export function defaultKubernetesVersion(catalog: Catalog): string {
  return defaultVersionOf(catalog.kubernetesVersions);
}

/** Flavours a tier offers in a region, in catalogue order. */
export function flavorsFor(catalog: Catalog, tier: CatalogTier, regionId: string) {
  return tierFlavorsIn(catalog.flavors, tier, regionId);
}

/** Regions a tier can be placed in, in catalogue order. */
export function regionsFor(catalog: Catalog, tier: CatalogTier) {
  return catalog.regions.filter((region) => tier.regionIds.includes(region.id));
}


/** A pool name not yet used in the cluster: pool-1, pool-2, ... */
export function nextPoolName(pools: readonly EstimatePool[]): string {
  const names = new Set(pools.map((pool) => pool.name));
  let index = pools.length + 1;
  while (names.has(`pool-${index}`)) index += 1;
  return `pool-${index}`;
}

export function newPool(catalog: Catalog, cluster: EstimateCluster): EstimatePool {
  const tier = catalog.tiers.find((candidate) => candidate.id === cluster.tierId);
  const flavorId = tier ? baselineFlavorId(tier, catalog.flavors, cluster.regionId) : (cluster.pools[0]?.flavorId ?? '');
  return { name: nextPoolName(cluster.pools), flavorId, count: 1, autoscale: null };
}

/**
 * A new cluster of a tier: its default cluster (@kubemarket/shared's defaultCluster, the one whose
 * price the listings advertise) at the default version.
 */
export function newCluster(catalog: Catalog, tierId?: string): EstimateCluster | null {
  const tier = catalog.tiers.find((candidate) => candidate.id === tierId) ?? catalog.tiers[0];
  if (!tier) return null;
  const cluster = defaultCluster(
    tier,
    catalog.flavors,
    catalog.regions.map((region) => region.id),
  );
  return {
    tierId: tier.id,
    regionId: cluster.regionId,
    kubernetesVersion: defaultKubernetesVersion(catalog),
    highAvailability: cluster.highAvailability,
    pools: [{ name: 'pool-1', flavorId: cluster.flavorId, count: cluster.nodes, autoscale: null }],
    addonIds: [],
  };
}

/** Add-ons and everything they require, transitively. */
function withRequirements(addons: readonly CatalogAddon[], ids: readonly string[]): string[] {
  const byId = new Map(addons.map((addon) => [addon.id, addon]));
  const result: string[] = [];
  const visit = (id: string) => {
    if (result.includes(id)) return;
    for (const required of byId.get(id)?.requires ?? []) visit(required);
    result.push(id);
  };
  ids.forEach(visit);
  return result;
}

/** Add-ons that (transitively) require one of `ids`. */
function dependentsOf(addons: readonly CatalogAddon[], ids: readonly string[]): Set<string> {
  const removed = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const addon of addons) {
      if (!removed.has(addon.id) && addon.requires.some((id) => removed.has(id))) {
        removed.add(addon.id);
        grew = true;
      }
    }
  }
  return removed;
}

function conflictsBetween(addons: readonly CatalogAddon[], a: string, b: string): boolean {
  const left = addons.find((addon) => addon.id === a);
  const right = addons.find((addon) => addon.id === b);
  return (left?.conflicts.includes(b) ?? false) || (right?.conflicts.includes(a) ?? false);
}

/** Why an add-on cannot be chosen on this cluster right now, or null when it can. */
export function addonBlockedReason(catalog: Catalog, cluster: EstimateCluster, addon: CatalogAddon): string | null {
  if (cluster.addonIds.includes(addon.id)) return null;
  for (const id of withRequirements(catalog.addons, [addon.id])) {
    const clash = cluster.addonIds.find((selected) => conflictsBetween(catalog.addons, id, selected));
    if (clash) {
      const other = catalog.addons.find((candidate) => candidate.id === clash)?.name ?? clash;
      return `Cannot run alongside ${other}.`;
    }
    const required = catalog.addons.find((candidate) => candidate.id === id);
    if (!required || !required.compatibleTierIds.includes(cluster.tierId) || !addonSupportsVersion(required, cluster.kubernetesVersion)) {
      return `Requires ${required?.name ?? id}, which this cluster cannot run.`;
    }
  }
  return null;
}

/** Checks or unchecks an add-on: checking adds what it requires, unchecking removes what requires it. */
export function toggleAddon(catalog: Catalog, cluster: EstimateCluster, addonId: string, checked: boolean): string[] {
  if (checked) {
    const addon = catalog.addons.find((candidate) => candidate.id === addonId);
    if (!addon || addonBlockedReason(catalog, cluster, addon)) return cluster.addonIds;
    return withRequirements(catalog.addons, [...cluster.addonIds, addonId]);
  }
  const removed = dependentsOf(catalog.addons, [addonId]);
  return cluster.addonIds.filter((id) => !removed.has(id));
}

/**
 * Keeps a cluster valid for its tier after the tier, region or version changed: a region the tier
 * offers, flavours it offers there, no more pools than it allows, HA as the tier has it, and only
 * add-ons it can run (with their requirements). With `tierChanged`, node counts shrink to the new
 * tier's limit and an optional HA control plane starts off; otherwise a count above the limit stays,
 * and the estimate says why it cannot be priced.
 */
export function normalizeCluster(catalog: Catalog, cluster: EstimateCluster, tierChanged = false): EstimateCluster {
  const tier = catalog.tiers.find((candidate) => candidate.id === cluster.tierId);
  if (!tier) return cluster;
  const regions = regionsFor(catalog, tier);
  const regionId = regions.some((region) => region.id === cluster.regionId) ? cluster.regionId : (regions[0]?.id ?? cluster.regionId);
  const offered = flavorsFor(catalog, tier, regionId).map((flavor) => flavor.id);
  const fallbackFlavor = baselineFlavorId(tier, catalog.flavors, regionId);
  const maxPools = Math.min(tier.maxPools ?? ESTIMATE_LIMITS.pools, ESTIMATE_LIMITS.pools);
  let pools = cluster.pools.slice(0, Math.max(1, maxPools)).map((pool) => ({
    ...pool,
    flavorId: offered.includes(pool.flavorId) ? pool.flavorId : fallbackFlavor,
  }));
  if (tierChanged && tier.maxNodes !== null) {
    // Each pool keeps at least one node; later pools get what the earlier ones left.
    let left = tier.maxNodes - pools.length;
    pools = pools.map((pool) => {
      const wanted = pool.autoscale ? pool.autoscale.max : pool.count;
      const size = 1 + Math.max(0, Math.min(wanted - 1, left));
      left -= size - 1;
      if (!pool.autoscale) return { ...pool, count: size };
      const min = Math.min(pool.autoscale.min, size);
      return { ...pool, count: min, autoscale: { min, max: size } };
    });
  }
  const versions = catalog.kubernetesVersions.map((version) => version.version);
  const kubernetesVersion = versions.includes(cluster.kubernetesVersion) ? cluster.kubernetesVersion : defaultKubernetesVersion(catalog);
  const fits = new Set(compatibleAddons(catalog.addons, tier.id, kubernetesVersion).map((addon) => addon.id));
  const unfit = cluster.addonIds.filter((id) => !fits.has(id));
  const dropped = dependentsOf(catalog.addons, unfit);
  return {
    ...cluster,
    regionId,
    kubernetesVersion,
    highAvailability: tier.haControlPlane === 'included' || (tier.haControlPlane === 'optional' && !tierChanged && cluster.highAvailability),
    pools,
    addonIds: cluster.addonIds.filter((id) => !dropped.has(id)),
  };
}

/** Nodes a cluster may reach: fixed pools at their count, autoscaling pools at their maximum. */
export function nodesAtMost(cluster: EstimateCluster): number {
  return cluster.pools.reduce((sum, pool) => sum + (pool.autoscale ? pool.autoscale.max : pool.count), 0);
}
