import { compareKubernetesVersions } from '@kubemarket/shared';
import {
  addons,
  catalogPrices,
  clusterTiers,
  HOURS_PER_MONTH,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  priceHistories,
  priceHistoryKey,
  priceInEffect,
  promotions,
  supportPlans,
  type Addon,
  type CatalogPrice,
  type ClusterTier,
  type Database,
  type MiddlewarePlan,
  type NodeFlavor,
  type PricedItemKind,
  type SupportPlan,
} from '@kubemarket/db';
import type { PriceBook, PriceBookTier, SupportPricing } from '@kubemarket/shared';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';

/**
 * Catalogue prices as of a date: the catalog_prices row in effect then (priceInEffect), or the
 * item's own price columns when no row had started. Quotes and the public listings read prices
 * through here, so a screen never shows a price the quote would not charge.
 */

type PriceRow = Pick<CatalogPrice, 'effectiveFrom' | 'monthlyPriceCents' | 'yearlyPriceCents' | 'hourlyPriceMillicents' | 'percentOfSpendBasisPoints'>;

export interface CyclePrices {
  monthlyCents: number;
  /** Null: no yearly price of its own, the yearly cycle costs 12 months. */
  yearlyCents: number | null;
}

export interface CurrentPrices {
  tier(tier: ClusterTier): { monthlyCents: number; yearlyCents: number };
  /** The optional HA control plane's price; null when the tier's HA is not optional or has no price. */
  tierHa(tier: ClusterTier): CyclePrices | null;
  flavor(flavor: NodeFlavor): CyclePrices & { hourlyMillicents: number };
  addon(addon: Addon): CyclePrices;
  middlewarePlan(plan: MiddlewarePlan): CyclePrices;
  supportPlan(plan: SupportPlan): SupportPricing;
}

/** What the yearly cycle costs: the yearly price, never more than 12 months (as the engine reads it). */
export function yearlyCost(prices: CyclePrices): number {
  const twelveMonths = 12 * prices.monthlyCents;
  return prices.yearlyCents === null ? twelveMonths : Math.min(prices.yearlyCents, twelveMonths);
}

/** Every item's price in effect at `at` (UTC epoch ms), falling back to its columns. */
export async function loadCurrentPrices(db: Database, at: number): Promise<CurrentPrices> {
  const history = priceHistories(await db.select().from(catalogPrices).where(lte(catalogPrices.effectiveFrom, at)));
  const inEffect = (kind: PricedItemKind, id: string): PriceRow | undefined => priceInEffect(history.get(priceHistoryKey(kind, id)) ?? [], at);

  return {
    tier(tier) {
      const row = inEffect('cluster_tier', tier.id);
      // A tier always has a yearly price column; a history row without one means 12 months.
      if (row) return { monthlyCents: row.monthlyPriceCents, yearlyCents: row.yearlyPriceCents ?? 12 * row.monthlyPriceCents };
      return { monthlyCents: tier.monthlyPriceCents, yearlyCents: tier.yearlyPriceCents };
    },
    tierHa(tier) {
      if (tier.haControlPlane !== 'optional') return null;
      const row = inEffect('cluster_tier_ha', tier.id);
      if (row) return { monthlyCents: row.monthlyPriceCents, yearlyCents: row.yearlyPriceCents };
      return tier.haMonthlyPriceCents === null ? null : { monthlyCents: tier.haMonthlyPriceCents, yearlyCents: tier.haYearlyPriceCents };
    },
    flavor(flavor) {
      const row = inEffect('node_flavor', flavor.id);
      if (!row) return { monthlyCents: flavor.monthlyPriceCents, yearlyCents: null, hourlyMillicents: flavor.hourlyPriceMillicents };
      return {
        monthlyCents: row.monthlyPriceCents,
        yearlyCents: row.yearlyPriceCents,
        // A change scheduled without an hourly price: the month's price spread over its hours.
        hourlyMillicents: row.hourlyPriceMillicents ?? Math.round((row.monthlyPriceCents * 1000) / HOURS_PER_MONTH),
      };
    },
    addon(addon) {
      const row = inEffect('addon', addon.id);
      return row ? { monthlyCents: row.monthlyPriceCents, yearlyCents: row.yearlyPriceCents } : { monthlyCents: addon.monthlyPriceCents, yearlyCents: addon.yearlyPriceCents };
    },
    middlewarePlan(plan) {
      const row = inEffect('middleware_plan', plan.id);
      return row ? { monthlyCents: row.monthlyPriceCents, yearlyCents: row.yearlyPriceCents } : { monthlyCents: plan.monthlyPriceCents, yearlyCents: plan.yearlyPriceCents };
    },
    supportPlan(plan) {
      const row = inEffect('support_plan', plan.id);
      if (plan.pricingKind === 'share') {
        return {
          kind: 'share',
          percentOfSpendBasisPoints: row?.percentOfSpendBasisPoints ?? plan.percentOfSpendBasisPoints ?? 0,
          // A share plan's history row carries its monthly minimum as monthly_price_cents.
          minimumMonthlyCents: row?.monthlyPriceCents ?? plan.minimumMonthlyCents ?? 0,
        };
      }
      return row
        ? { kind: 'fixed', monthlyCents: row.monthlyPriceCents, yearlyCents: row.yearlyPriceCents }
        : { kind: 'fixed', monthlyCents: plan.monthlyPriceCents ?? 0, yearlyCents: null };
    },
  };
}

/** The one comparison of Kubernetes versions (@kubemarket/shared), for the modules that read it here. */
export { compareKubernetesVersions };

/**
 * The offered minors an add-on supports, for the engine (which matches a cluster's version against
 * a list): null when the add-on has no bounds. A cluster on a minor we no longer offer only gets
 * add-ons without bounds; we do not vouch for bounded ones there.
 */
function supportedVersions(addon: Addon, offered: readonly string[]): string[] | null {
  const { minKubernetesVersion: min, maxKubernetesVersion: max } = addon;
  if (min === null && max === null) return null;
  return offered.filter(
    (version) => (min === null || compareKubernetesVersions(version, min) >= 0) && (max === null || compareKubernetesVersions(version, max) <= 0),
  );
}

/** Tiers customers can order: listed (active) and not archived. */
export const onSaleTiers = and(eq(clusterTiers.active, true), isNull(clusterTiers.archivedAt));

/** The price book and the facts of the catalogue a quote checks beyond the engine. */
export interface OrderCatalogue {
  priceBook: PriceBook;
  /** Kubernetes minors new clusters can run, with the latest patch of each, newest first. */
  kubernetesVersions: ReadonlyArray<{ version: string; patch: number; isDefault: boolean; classification: string }>;
  /** Regions each node flavour can be ordered in. */
  flavorRegions: ReadonlyMap<string, readonly string[]>;
  /** What the price book was made from, for the listings that show more of it (catalog/service.ts). */
  tierRows: readonly ClusterTier[];
  flavorRows: readonly NodeFlavor[];
  prices: CurrentPrices;
}

/** The catalogue on sale at `at` (UTC epoch ms), priced with the prices in effect then; archived items are left out. */
export async function loadOrderCatalogue(db: Database, at: number): Promise<OrderCatalogue> {
  const [prices, tierRows, flavorRows, addonRows, planRows, supportRows, promotionRows, versionRows] = await Promise.all([
    loadCurrentPrices(db, at),
    db.select().from(clusterTiers).where(onSaleTiers).orderBy(asc(clusterTiers.sortOrder)),
    db.select().from(nodeFlavors).where(isNull(nodeFlavors.archivedAt)).orderBy(asc(nodeFlavors.sortOrder)),
    db.select().from(addons).where(isNull(addons.archivedAt)).orderBy(asc(addons.sortOrder)),
    db
      .select({ plan: middlewarePlans, middlewareName: middlewares.name })
      .from(middlewarePlans)
      .innerJoin(middlewares, eq(middlewares.id, middlewarePlans.middlewareId))
      .where(and(isNull(middlewarePlans.archivedAt), isNull(middlewares.archivedAt)))
      .orderBy(asc(middlewarePlans.sortOrder)),
    db.select().from(supportPlans).where(isNull(supportPlans.archivedAt)).orderBy(asc(supportPlans.sortOrder)),
    db.select().from(promotions).where(isNull(promotions.archivedAt)),
    db.select().from(kubernetesVersions),
  ]);
  const offered = versionRows.map((row) => row.version);

  const tiers = tierRows.map((tier): PriceBookTier => {
    const ha = prices.tierHa(tier);
    return {
      id: tier.id,
      name: tier.name,
      ...prices.tier(tier),
      // An optional HA control plane without any price cannot be sold.
      haControlPlane:
        tier.haControlPlane === 'optional'
          ? ha
            ? { mode: 'optional', monthlyCents: ha.monthlyCents, yearlyCents: ha.yearlyCents }
            : { mode: 'unavailable', monthlyCents: 0 }
          : { mode: tier.haControlPlane, monthlyCents: 0, yearlyCents: 0 },
      maxNodes: tier.maxNodes,
      maxPools: tier.maxPools,
      flavorIds: tier.allowedFlavorIds,
      regionIds: tier.allowedRegionIds,
    };
  });

  const priceBook: PriceBook = {
    tiers,
    flavors: flavorRows.map((flavor) => {
      const price = prices.flavor(flavor);
      // Display only (quotes use monthly prices): thousandths of a cent as fractional cents.
      return { id: flavor.id, name: flavor.name, hourlyCents: price.hourlyMillicents / 1000, monthlyCents: price.monthlyCents, yearlyCents: price.yearlyCents };
    }),
    addons: addonRows.map((addon) => ({
      id: addon.id,
      name: addon.name,
      ...prices.addon(addon),
      tierIds: addon.compatibleTierIds,
      kubernetesVersions: supportedVersions(addon, offered),
      requires: addon.requires,
      conflicts: addon.conflicts,
    })),
    middlewarePlans: planRows.map(({ plan, middlewareName }) => ({
      id: plan.id,
      middlewareId: plan.middlewareId,
      name: plan.name,
      middlewareName,
      ...prices.middlewarePlan(plan),
    })),
    supportPlans: supportRows.map((plan) => ({ id: plan.id, name: plan.name, pricing: prices.supportPlan(plan) })),
    promotions: promotionRows.map((promotion) => ({
      code: promotion.code,
      kind: promotion.kind,
      value: promotion.value,
      validFrom: promotion.validFrom,
      validUntil: promotion.validUntil,
      firstPurchaseOnly: promotion.firstPurchaseOnly,
      minimumSubtotalCents: promotion.minimumSubtotalCents,
      appliesTo: promotion.appliesTo,
    })),
  };

  return {
    priceBook,
    kubernetesVersions: versionRows
      .map((row) => ({ version: row.version, patch: row.patch, isDefault: row.isDefault, classification: row.classification }))
      .sort((a, b) => compareKubernetesVersions(b.version, a.version)),
    flavorRegions: new Map(flavorRows.map((flavor) => [flavor.id, flavor.regionIds])),
    tierRows,
    flavorRows,
    prices,
  };
}

/**
 * The pricing engine's price book as of `at` (UTC epoch ms): what is on sale then, at the prices in
 * effect then. Quotes use it, and so does ordering, which must charge what was quoted.
 */
export async function loadPriceBook(db: Database, at: number): Promise<PriceBook> {
  return (await loadOrderCatalogue(db, at)).priceBook;
}
