import {
  addons,
  catalogPrices,
  clusterTiers,
  dataCenters,
  powerFactors,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  promotions,
  supportPlans,
  type AddonCategory,
  type ClusterTier,
  type Database,
  type MiddlewareCategory,
  type NodeFlavorCategory,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, gt, inArray, isNull, lte, min, or, type SQL } from 'drizzle-orm';
import type { IsolateCache } from '../../platform/isolate-cache';
import { defaultKubernetesVersion, startingPrice, type StartingPrice } from '@kubemarket/shared';
import { compareKubernetesVersions, loadCurrentPrices, loadOrderCatalogue, onSaleTiers, yearlyCost, type CurrentPrices } from './price-book';

/** Public shape of a tier; docs/product/entities.md#cluster-tier names id and name, the rest feeds pricing, comparison and type pages. */
function toPublicTier(tier: ClusterTier, prices: CurrentPrices, listedFlavorIds: ReadonlySet<string>) {
  const price = prices.tier(tier);
  const ha = prices.tierHa(tier);
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    nodes: tier.nodes,
    vcpu: tier.vcpuPerNode,
    memoryGb: tier.memoryGbPerNode,
    storageGb: tier.storageGbPerNode,
    monthlyPriceCents: price.monthlyCents,
    yearlyPriceCents: price.yearlyCents,
    purpose: tier.purpose,
    slaBasisPoints: tier.slaBasisPoints,
    // As the price book reads it: an optional HA control plane without any price is not sold.
    haControlPlane: ha
      ? { mode: tier.haControlPlane, monthlyPriceCents: ha.monthlyCents, yearlyPriceCents: yearlyCost(ha) }
      : { mode: tier.haControlPlane === 'optional' ? ('unavailable' as const) : tier.haControlPlane, monthlyPriceCents: null, yearlyPriceCents: null },
    maxNodes: tier.maxNodes,
    maxPools: tier.maxPools,
    // Archived flavours stay in the tier's list (staff may restore them) but are not on sale.
    flavorIds: tier.allowedFlavorIds.filter((id) => listedFlavorIds.has(id)),
    regionIds: tier.allowedRegionIds,
  };
}

export type PublicClusterTier = ReturnType<typeof toPublicTier> & { startingPrice: StartingPrice | null };

/** When the next scheduled price takes effect after `now` (any item), or null. */
async function nextPriceChange(db: Database, now: number): Promise<number | null> {
  const [row] = await db.select({ at: min(catalogPrices.effectiveFrom) }).from(catalogPrices).where(gt(catalogPrices.effectiveFrom, now));
  return row?.at ?? null;
}

async function loadClusterTiers(db: Database, now: number) {
  // The order catalogue (the price book, and the rows and prices it was made from) prices each
  // tier's default cluster as an order is priced; the tier rows and prices are the same ones.
  const [catalogue, regionRows, changesAt] = await Promise.all([
    loadOrderCatalogue(db, now),
    db.select({ id: dataCenters.id }).from(dataCenters).orderBy(asc(dataCenters.sortOrder)),
    nextPriceChange(db, now),
  ]);
  const flavorIds = new Set(catalogue.flavorRows.map((flavor) => flavor.id));
  const regionIds = regionRows.map((region) => region.id);
  const version = defaultKubernetesVersion(catalogue.kubernetesVersions);
  const value = catalogue.tierRows.map((tier): PublicClusterTier => {
    const listed = toPublicTier(tier, catalogue.prices, flavorIds);
    // The default cluster the configurator opens on, priced by the engine the order is priced by.
    const haControlPlane = listed.haControlPlane.mode === 'optional' && listed.haControlPlane.monthlyPriceCents === null ? 'unavailable' : listed.haControlPlane.mode;
    return { ...listed, startingPrice: startingPrice({ ...listed, haControlPlane }, catalogue.flavorRows, regionIds, version, catalogue.priceBook) };
  });
  return { value, changesAt };
}

/** The tiers on sale at `now`, the same for every caller: read through the catalogue cache. */
export function listClusterTiers(db: Database, now: number, cache: IsolateCache): Promise<PublicClusterTier[]> {
  return cache.read('cluster-tiers', now, () => loadClusterTiers(db, now));
}

/** One tier on sale: the same answer as its entry in listClusterTiers. */
export async function getClusterTier(db: Database, id: string, now: number, cache: IsolateCache): Promise<PublicClusterTier> {
  const tier = (await listClusterTiers(db, now, cache)).find((candidate) => candidate.id === id);
  if (!tier) throw new TRPCError({ code: 'NOT_FOUND', message: `No cluster tier with id ${id}.` });
  return tier;
}

/** What /data-centers and /regions both say of a region. */
function regionView(row: typeof dataCenters.$inferSelect) {
  const { id, name, city, country, countryCode, certifications, status, operator, jurisdiction, euOnlyAccess, pueMilli, gridGramsPerKwh, gridSource, gridYear } = row;
  return { id, name, city, country, countryCode, certifications, status, operator, jurisdiction, euOnlyAccess, pueMilli, gridGramsPerKwh, gridSource, gridYear };
}

/** The carbon model's power factors, for the configurator's footprint per region (ADR 39). */
export async function listPowerFactors(db: Database) {
  const rows = await db.select().from(powerFactors).orderBy(asc(powerFactors.id));
  return rows.map(({ id, label, milliwatts, source, year }) => ({ id, label, milliwatts, source, year }));
}

/** Every region, planned ones included, for /data-centers and the region picker. */
export async function listDataCenters(db: Database) {
  const rows = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
  return rows.map((row) => ({ ...regionView(row), openedYear: row.openedYear }));
}

/** Regions with their availability zones, planned ones included (their status says so). */
export async function listRegions(db: Database) {
  const rows = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
  return rows.map((row) => ({ ...regionView(row), zones: row.zones }));
}

/** Kubernetes minors new clusters can run, newest first. */
export async function listKubernetesVersions(db: Database) {
  const rows = await db.select().from(kubernetesVersions);
  return rows
    .sort((a, b) => compareKubernetesVersions(b.version, a.version))
    .map((row) => ({
      version: row.version,
      patch: row.patch,
      classification: row.classification,
      endOfSupportAt: row.endOfSupportAt,
      isDefault: row.isDefault,
    }));
}

/** Case-insensitive search of `q` in any of `fields`; an empty search matches everything. */
function matches(q: string | undefined, ...fields: string[]): boolean {
  const wanted = q?.trim().toLocaleLowerCase('en') ?? '';
  return wanted === '' || fields.some((field) => field.toLocaleLowerCase('en').includes(wanted));
}

/** The tiers on sale with the flavours each offers, in display order. */
function tiersOnSale(db: Database) {
  return db.select({ id: clusterTiers.id, flavorIds: clusterTiers.allowedFlavorIds }).from(clusterTiers).where(onSaleTiers).orderBy(asc(clusterTiers.sortOrder));
}

/** Ids of the tiers on sale, in display order. */
async function onSaleTierIds(db: Database): Promise<string[]> {
  return (await tiersOnSale(db)).map((row) => row.id);
}

/** The items of a catalogue table that are on sale (not archived), of one category when asked, in display order. */
function onSaleItems<T extends typeof nodeFlavors | typeof addons | typeof middlewares>(db: Database, table: T, category: T['$inferSelect']['category'] | undefined): Promise<T['$inferSelect'][]> {
  // The three tables share their archivedAt, category and sortOrder columns: one table's builder types the query.
  const items = table as typeof addons;
  return db
    .select()
    .from(items)
    .where(and(isNull(items.archivedAt), category ? eq(items.category, category as AddonCategory) : undefined))
    .orderBy(asc(items.sortOrder));
}

export interface FlavorFilters {
  tierId?: string;
  regionId?: string;
  category?: NodeFlavorCategory;
}

/** Node flavours on sale, with the tiers that offer each; filters narrow by tier, region and category. */
export async function listFlavors(db: Database, now: number, filters: FlavorFilters = {}) {
  const [rows, tiers, prices] = await Promise.all([onSaleItems(db, nodeFlavors, filters.category), tiersOnSale(db), loadCurrentPrices(db, now)]);
  return rows
    .map((flavor) => {
      const price = prices.flavor(flavor);
      return {
        id: flavor.id,
        name: flavor.name,
        category: flavor.category,
        vcpu: flavor.vcpu,
        memoryGb: flavor.memoryGb,
        gpu: flavor.gpuModel === null ? null : { model: flavor.gpuModel, count: flavor.gpuCount, memoryGb: flavor.gpuMemoryGb },
        localDiskGb: flavor.localDiskGb,
        hourlyPriceMillicents: price.hourlyMillicents,
        monthlyPriceCents: price.monthlyCents,
        yearlyPriceCents: yearlyCost(price),
        regionIds: flavor.regionIds,
        tierIds: tiers.filter((tier) => tier.flavorIds.includes(flavor.id)).map((tier) => tier.id),
      };
    })
    .filter((flavor) => (!filters.tierId || flavor.tierIds.includes(filters.tierId)) && (!filters.regionId || flavor.regionIds.includes(filters.regionId)));
}

export interface AddonFilters {
  tierId?: string;
  category?: AddonCategory;
  q?: string;
}

/** Add-ons on sale; filters narrow by compatible tier, category and a search in name and description. */
export async function listAddons(db: Database, now: number, filters: AddonFilters = {}) {
  const [rows, tierIds, prices] = await Promise.all([onSaleItems(db, addons, filters.category), onSaleTierIds(db), loadCurrentPrices(db, now)]);
  return rows
    .filter((addon) => (!filters.tierId || addon.compatibleTierIds.includes(filters.tierId)) && matches(filters.q, addon.name, addon.description))
    .map((addon) => {
      const price = prices.addon(addon);
      return {
        id: addon.id,
        name: addon.name,
        category: addon.category,
        description: addon.description,
        version: addon.version,
        monthlyPriceCents: price.monthlyCents,
        yearlyPriceCents: yearlyCost(price),
        tierIds: tierIds.filter((id) => addon.compatibleTierIds.includes(id)),
        minKubernetesVersion: addon.minKubernetesVersion,
        maxKubernetesVersion: addon.maxKubernetesVersion,
        requires: addon.requires,
        conflicts: addon.conflicts,
      };
    });
}

export interface MiddlewareFilters {
  category?: MiddlewareCategory;
  q?: string;
}

/** Middlewares on sale with their plans on sale; one without any plan left cannot be bought and is left out. */
export async function listMiddlewares(db: Database, now: number, filters: MiddlewareFilters = {}) {
  const rows = (await onSaleItems(db, middlewares, filters.category)).filter((middleware) => matches(filters.q, middleware.name, middleware.engine, middleware.description));
  if (rows.length === 0) return [];
  const [plans, prices] = await Promise.all([
    db
      .select()
      .from(middlewarePlans)
      .where(and(isNull(middlewarePlans.archivedAt), inArray(middlewarePlans.middlewareId, rows.map((row) => row.id))))
      .orderBy(asc(middlewarePlans.sortOrder)),
    loadCurrentPrices(db, now),
  ]);
  return rows
    .map((middleware) => ({
      id: middleware.id,
      name: middleware.name,
      engine: middleware.engine,
      category: middleware.category,
      description: middleware.description,
      versions: middleware.versions,
      regionIds: middleware.regionIds,
      plans: plans
        .filter((plan) => plan.middlewareId === middleware.id)
        .map((plan) => {
          const price = prices.middlewarePlan(plan);
          return {
            id: plan.id,
            name: plan.name,
            nodes: plan.nodes,
            vcpu: plan.vcpu,
            memoryGb: plan.memoryGb,
            storageGb: plan.storageGb,
            highAvailability: plan.highAvailability,
            monthlyPriceCents: price.monthlyCents,
            yearlyPriceCents: yearlyCost(price),
          };
        }),
    }))
    .filter((middleware) => middleware.plans.length > 0);
}

/** Support plans on sale, cheapest first. */
export async function listSupportPlans(db: Database, now: number) {
  const [rows, prices] = await Promise.all([
    db.select().from(supportPlans).where(isNull(supportPlans.archivedAt)).orderBy(asc(supportPlans.sortOrder)),
    loadCurrentPrices(db, now),
  ]);
  return rows.map((plan) => {
    const pricing = prices.supportPlan(plan);
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      responseMinutes: { p1: plan.p1ResponseMinutes, p2: plan.p2ResponseMinutes, p3: plan.p3ResponseMinutes, p4: plan.p4ResponseMinutes },
      channels: plan.channels,
      hours: plan.hours,
      namedEngineer: plan.namedEngineer,
      pricing:
        pricing.kind === 'fixed'
          ? { kind: 'fixed' as const, monthlyPriceCents: pricing.monthlyCents, yearlyPriceCents: yearlyCost({ monthlyCents: pricing.monthlyCents, yearlyCents: pricing.yearlyCents ?? null }) }
          : { kind: 'share' as const, percentOfSpendBasisPoints: pricing.percentOfSpendBasisPoints, minimumMonthlyCents: pricing.minimumMonthlyCents },
    };
  });
}

/** The promotion the banner announces: featured, not archived and valid at `now`; null when there is none. */
export async function featuredPromotion(db: Database, now: number) {
  const stillValid: SQL | undefined = or(isNull(promotions.validUntil), gt(promotions.validUntil, now));
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.featured, true), isNull(promotions.archivedAt), lte(promotions.validFrom, now), stillValid))
    .orderBy(desc(promotions.validFrom), asc(promotions.code))
    .limit(1);
  if (!row) return null;
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    validUntil: row.validUntil,
    firstPurchaseOnly: row.firstPurchaseOnly,
  };
}
