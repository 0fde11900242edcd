import { addonSupportsVersion } from '../catalog';
import type { Catalog, CatalogAddon, CatalogMiddleware, CatalogSupportPlan } from '../catalog';
import { emptyEstimate, encodeEstimate } from './estimate';
import type { Estimate } from './estimate';
import { newCluster, toggleAddon } from './estimate-editing';

export type MarketKind = 'addon' | 'middleware' | 'support';

export const MARKET_KIND_LABELS: Record<MarketKind, string> = {
  addon: 'Add-on',
  middleware: 'Middleware',
  support: 'Support plan',
};

interface MarketItemBase {
  key: string;
  id: string;
  name: string;
  category: string;
  description: string;
  /** Tiers it works with; null: every tier (it does not run on a cluster). */
  tierIds: readonly string[] | null;
  /** Regions it can be ordered in; null: every region. */
  regionIds: readonly string[] | null;
}

export type MarketItem =
  | (MarketItemBase & { kind: 'addon'; addon: CatalogAddon })
  | (MarketItemBase & { kind: 'middleware'; middleware: CatalogMiddleware })
  | (MarketItemBase & { kind: 'support'; plan: CatalogSupportPlan });

/** What an item takes from its catalogue entry as it is: its key (kind and id), name and description. */
function listed<K extends MarketKind>(kind: K, entry: { id: string; name: string; description: string }) {
  return { kind, key: `${kind}:${entry.id}`, id: entry.id, name: entry.name, description: entry.description };
}

/** Everything the marketplace lists: add-ons, middlewares and support plans, in catalogue order. */
export function marketItems(catalog: Catalog): MarketItem[] {
  const tierRegions = new Map(catalog.tiers.map((tier) => [tier.id, tier.regionIds]));
  return [
    ...catalog.addons.map(
      (addon): MarketItem => ({
        ...listed('addon', addon),
        category: addon.category,
        tierIds: addon.compatibleTierIds,
        // An add-on runs wherever a tier that can run it is placed.
        regionIds: [...new Set(addon.compatibleTierIds.flatMap((id) => tierRegions.get(id) ?? []))],
        addon,
      }),
    ),
    ...catalog.middlewares.map((middleware): MarketItem => ({ ...listed('middleware', middleware), category: middleware.category, tierIds: null, regionIds: middleware.regionIds, middleware })),
    ...catalog.supportPlans.map((plan): MarketItem => ({ ...listed('support', plan), category: 'support', tierIds: null, regionIds: null, plan })),
  ];
}

export interface MarketFilters {
  search: string;
  kind: MarketKind | null;
  category: string | null;
  tierId: string | null;
  regionId: string | null;
}

export const NO_FILTERS: MarketFilters = { search: '', kind: null, category: null, tierId: null, regionId: null };

function searchable(item: MarketItem): string {
  const extra =
    item.kind === 'middleware'
      ? [item.middleware.engine, ...item.middleware.plans.map((plan) => plan.name)]
      : item.kind === 'addon'
        ? [item.addon.version]
        : [];
  return [item.name, item.description, item.category, ...extra].join(' ').toLocaleLowerCase('en');
}

/** The items matching every filter; the search matches all its words, in any order. */
export function filterMarketItems(items: readonly MarketItem[], filters: MarketFilters): MarketItem[] {
  const words = filters.search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (filters.kind && item.kind !== filters.kind) return false;
    if (filters.category && item.category !== filters.category) return false;
    if (filters.tierId && item.tierIds && !item.tierIds.includes(filters.tierId)) return false;
    if (filters.regionId && item.regionIds && !item.regionIds.includes(filters.regionId)) return false;
    if (words.length > 0) {
      const text = searchable(item);
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
}

/**
 * An estimate holding one marketplace item, for "Order": an add-on on a new cluster of the first
 * tier that can run it (preferring `tierId`), with what it requires; a middleware plan; a support plan.
 */
export function estimateFor(catalog: Catalog, item: { kind: 'addon'; addonId: string; tierId?: string | null } | { kind: 'middleware'; planId: string } | { kind: 'support'; planId: string }): Estimate {
  const estimate = emptyEstimate();
  if (item.kind === 'middleware') return { ...estimate, middlewarePlanIds: [item.planId] };
  if (item.kind === 'support') return { ...estimate, supportPlanId: item.planId };
  const addon = catalog.addons.find((candidate) => candidate.id === item.addonId);
  if (!addon) return estimate;
  const tierId = item.tierId && addon.compatibleTierIds.includes(item.tierId) ? item.tierId : catalog.tiers.find((tier) => addon.compatibleTierIds.includes(tier.id))?.id;
  let cluster = newCluster(catalog, tierId);
  if (!cluster) return estimate;
  // The default version may be one the add-on does not support: then a supported one it does.
  if (!addonSupportsVersion(addon, cluster.kubernetesVersion)) {
    const fitting = [...catalog.kubernetesVersions]
      .sort((a, b) => Number(b.classification === 'supported') - Number(a.classification === 'supported'))
      .find((version) => addonSupportsVersion(addon, version.version));
    if (fitting) cluster = { ...cluster, kubernetesVersion: fitting.version };
  }
  return { ...estimate, clusters: [{ ...cluster, addonIds: toggleAddon(catalog, cluster, addon.id, true) }] };
}

export function encodedEstimateFor(...args: Parameters<typeof estimateFor>): string {
  return encodeEstimate(estimateFor(...args));
}
