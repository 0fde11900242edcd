import { addonSupportsVersion, addonVersionRange } from '../catalog';
import { addonBlockedReason, toggleAddon } from '../catalog-browse';
import type { Catalog, CatalogAddon } from '../catalog';
import type { EstimateCluster } from '../catalog-browse';
import type { ClusterDetail } from './cluster-types';

/** An add-on of the catalogue as this cluster can order it (issue 31). */
export interface AddonOffer {
  addon: CatalogAddon;
  /** Why it cannot be ordered here, in words; null when it can. */
  reason: string | null;
  /** What ordering it adds: itself, and the add-ons it requires that the cluster does not run yet (ids). */
  adds: string[];
}

/** The cluster as the catalogue's add-on rules read it. */
function asEstimate(cluster: ClusterDetail): EstimateCluster {
  return {
    tierId: cluster.tier.id,
    regionId: cluster.region.id,
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    pools: [],
    addonIds: cluster.addons.map((addon) => addon.id),
  };
}

/**
 * Every add-on on sale, for this cluster: those it does not run yet, each orderable or with the
 * reason it is not (the tier, the Kubernetes version with the versions it supports, a conflict),
 * and with the required add-ons its order brings along.
 */
export function addonOffers(catalog: Catalog, cluster: ClusterDetail): AddonOffer[] {
  const estimate = asEstimate(cluster);
  const installed = new Set(estimate.addonIds);
  return catalog.addons
    .filter((addon) => !installed.has(addon.id))
    .map((addon): AddonOffer => {
      if (!addon.compatibleTierIds.includes(cluster.tier.id)) return { addon, reason: `Not offered on the ${cluster.tier.name} tier.`, adds: [] };
      if (!addonSupportsVersion(addon, cluster.kubernetesVersion)) {
        return { addon, reason: `Runs on Kubernetes versions ${addonVersionRange(addon)}; this cluster runs ${cluster.kubernetesVersion}.`, adds: [] };
      }
      const blocked = addonBlockedReason(catalog, estimate, addon);
      if (blocked) return { addon, reason: blocked, adds: [] };
      const adds = toggleAddon(catalog, estimate, addon.id, true).filter((id) => !installed.has(id));
      return { addon, reason: null, adds };
    });
}
