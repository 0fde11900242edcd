import { pick, type ClusterLineInput, type CniPlugin, type NodePoolInput, type OrderLine, type QuoteCustomer, type TaintEffect, type Weekday } from '@kubemarket/shared';
import { clusterLine, decodeEstimate, ESTIMATE_LIMITS, estimateCustomer, flavorsFor, newCluster, newPool, normalizeCluster, poolLine, regionsFor, toggleAddon } from '../catalog-browse';
import type { Catalog, CatalogTier } from '../catalog';
import type { Estimate, EstimateCluster, EstimatePool } from '../catalog-browse';
import { STEP_COUNT } from './steps';


/**
 * The cluster being configured: what the steps edit, what the browser keeps between reloads, and
 * what becomes the cluster line of `orders.create`. The catalogue rules (tier limits, flavours a
 * region offers, add-on requirements) are the price estimator's (catalog-browse's estimate-editing).
 */

export interface DraftLabel {
  key: string;
  value: string;
}

export interface DraftTaint {
  key: string;
  value: string;
  effect: TaintEffect;
}

export interface DraftPool extends EstimatePool {
  /** Edited as rows; the order carries them as a key → value map. */
  labels: DraftLabel[];
  taints: DraftTaint[];
}

export interface DraftNetworking {
  cni: CniPlugin;
  podCidr: string;
  serviceCidr: string;
  /** Networks that may reach the API server; none: anywhere. */
  apiAllowList: string[];
}

export interface DraftMaintenance {
  day: Weekday;
  /** UTC hour the window starts. */
  startHour: number;
  /** Apply new Kubernetes patch releases in the window. */
  autoUpgrade: boolean;
}

/** Who is billed, besides the country and VAT number (shared with the price panel). */
export interface DraftBilling {
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
}

export interface ClusterDraft {
  /** Null until a tier is chosen (step 1); the other cluster fields are then filled for it. */
  tierId: string | null;
  regionId: string;
  /** Zones of the region the nodes are spread over. */
  zones: string[];
  kubernetesVersion: string;
  highAvailability: boolean;
  pools: DraftPool[];
  addonIds: string[];
  networking: DraftNetworking;
  maintenance: DraftMaintenance;
  name: string;
  /**
   * The price panel's choices, the estimator's: they decide the promotion and the VAT shown. The
   * country and VAT number are also the billing details' (the order's VAT follows them).
   */
  promotionCode: string;
  countryCode: string;
  isBusiness: boolean;
  vatNumber: string;
  billing: DraftBilling;
  /** One per draft: a repeated "Continue to checkout" (double click, retry) places one order. */
  idempotencyKey: string;
  /** The furthest step reached (1-based), so that the stepper lets the customer jump back to it. */
  furthestStep: number;
  /** The order placed for this draft, and what it ordered (order-input.ts's fingerprint). */
  placedOrder: { id: string; fingerprint: string } | null;
  /** The estimate or tier this draft was preloaded from (preloadKey), so that a reload does not preload it again. */
  preloadedFrom: string | null;
}

export const DEFAULT_NETWORKING: DraftNetworking = { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] };
export const DEFAULT_MAINTENANCE: DraftMaintenance = { day: 'sunday', startHour: 3, autoUpgrade: true };
export const EMPTY_BILLING: DraftBilling = { companyName: '', addressLine1: '', addressLine2: '', postalCode: '', city: '' };

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function emptyDraft(idempotencyKey: string = newIdempotencyKey()): ClusterDraft {
  return {
    tierId: null,
    regionId: '',
    zones: [],
    kubernetesVersion: '',
    highAvailability: false,
    pools: [],
    addonIds: [],
    networking: { ...DEFAULT_NETWORKING, apiAllowList: [] },
    maintenance: { ...DEFAULT_MAINTENANCE },
    name: '',
    promotionCode: '',
    countryCode: 'FR',
    isBusiness: false,
    vatNumber: '',
    billing: { ...EMPTY_BILLING },
    idempotencyKey,
    furthestStep: 1,
    placedOrder: null,
    preloadedFrom: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue's view of the draft

export function draftTier(catalog: Catalog, draft: ClusterDraft): CatalogTier | null {
  return catalog.tiers.find((tier) => tier.id === draft.tierId) ?? null;
}

/** Most node pools a cluster of the tier may have (the tier's limit, within what an order carries). */
export function maxPoolsFor(tier: CatalogTier): number {
  return Math.min(tier.maxPools ?? ESTIMATE_LIMITS.pools, ESTIMATE_LIMITS.pools);
}

/** The zones of a region; an empty list is a single-zone region. */
export function regionZones(catalog: Catalog, regionId: string): readonly string[] {
  return catalog.regions.find((region) => region.id === regionId)?.zones ?? [];
}

function asEstimateCluster(draft: ClusterDraft & { tierId: string }): EstimateCluster {
  return pick(draft, ['tierId', 'regionId', 'kubernetesVersion', 'highAvailability', 'pools', 'addonIds']);
}

function withPoolSettings(pool: EstimatePool, settings?: Pick<DraftPool, 'labels' | 'taints'>): DraftPool {
  return { ...pool, labels: settings?.labels ?? [], taints: settings?.taints ?? [] };
}

/**
 * Applies the estimator's rules after the tier, region or version changed (normalizeCluster), keeping
 * each pool's labels and taints, and the zones that the region still has (all of them for a new region).
 */
function normalized(catalog: Catalog, draft: ClusterDraft, tierChanged: boolean, previousRegionId: string = draft.regionId): ClusterDraft {
  if (draft.tierId === null) return draft;
  const cluster = normalizeCluster(catalog, asEstimateCluster({ ...draft, tierId: draft.tierId }), tierChanged);
  const zones = regionZones(catalog, cluster.regionId);
  const keptZones = cluster.regionId === previousRegionId ? draft.zones.filter((zone) => zones.includes(zone)) : [...zones];
  return {
    ...draft,
    regionId: cluster.regionId,
    zones: keptZones,
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    pools: cluster.pools.map((pool, index) => withPoolSettings(pool, draft.pools[index])),
    addonIds: cluster.addonIds,
  };
}

// ---------------------------------------------------------------------------------------------
// Editing

export type DraftAction =
  | { type: 'chooseTier'; tierId: string }
  | { type: 'setRegion'; regionId: string }
  | { type: 'setZones'; zones: string[] }
  | { type: 'setVersion'; version: string }
  | { type: 'addPool' }
  | { type: 'removePool'; index: number }
  | { type: 'updatePool'; index: number; changes: Partial<DraftPool> }
  | { type: 'setHighAvailability'; enabled: boolean }
  | { type: 'toggleAddon'; addonId: string; checked: boolean };

/** One edit of the draft under the catalogue's rules; an edit the rules refuse leaves the draft as it is. */
export function applyDraftAction(catalog: Catalog, draft: ClusterDraft, action: DraftAction): ClusterDraft {
  if (action.type === 'chooseTier') {
    if (action.tierId === draft.tierId) return draft;
    if (!catalog.tiers.some((tier) => tier.id === action.tierId)) return draft;
    if (draft.tierId === null) {
      const cluster = newCluster(catalog, action.tierId);
      if (!cluster) return draft;
      return normalized(catalog, { ...draft, ...cluster, zones: [], pools: cluster.pools.map((pool) => withPoolSettings(pool)) }, false, '');
    }
    return normalized(catalog, { ...draft, tierId: action.tierId }, true);
  }
  const tier = draftTier(catalog, draft);
  if (!tier || draft.tierId === null) return draft;
  switch (action.type) {
    case 'setRegion':
      return action.regionId === draft.regionId ? draft : normalized(catalog, { ...draft, regionId: action.regionId }, false, draft.regionId);
    case 'setZones': {
      const zones = regionZones(catalog, draft.regionId);
      return { ...draft, zones: zones.filter((zone) => action.zones.includes(zone)) };
    }
    case 'setVersion':
      return normalized(catalog, { ...draft, kubernetesVersion: action.version }, false);
    case 'addPool': {
      if (draft.pools.length >= maxPoolsFor(tier)) return draft;
      const pool = newPool(catalog, asEstimateCluster({ ...draft, tierId: draft.tierId }));
      return { ...draft, pools: [...draft.pools, withPoolSettings(pool)] };
    }
    case 'removePool':
      if (draft.pools.length <= 1 || action.index < 0 || action.index >= draft.pools.length) return draft;
      return { ...draft, pools: draft.pools.filter((_, index) => index !== action.index) };
    case 'updatePool':
      return { ...draft, pools: draft.pools.map((pool, index) => (index === action.index ? { ...pool, ...action.changes } : pool)) };
    case 'setHighAvailability':
      return { ...draft, highAvailability: tier.haControlPlane === 'included' || (tier.haControlPlane === 'optional' && action.enabled) };
    case 'toggleAddon':
      return { ...draft, addonIds: toggleAddon(catalog, asEstimateCluster({ ...draft, tierId: draft.tierId }), action.addonId, action.checked) };
  }
}

/** The add-ons an edit added that the customer did not tick themselves: what the ticked one requires. */
export function autoAddedAddons(before: ClusterDraft, after: ClusterDraft, ticked: string): string[] {
  return after.addonIds.filter((id) => id !== ticked && !before.addonIds.includes(id));
}

/** The add-ons an edit removed besides the one unticked: those that require it. */
export function alsoRemovedAddons(before: ClusterDraft, after: ClusterDraft, unticked: string): string[] {
  return before.addonIds.filter((id) => id !== unticked && !after.addonIds.includes(id));
}

// ---------------------------------------------------------------------------------------------
// Preloading: an estimate from /price-estimator, a tier from /cluster-selection

export type Preload = { kind: 'estimate'; encoded: string } | { kind: 'tier'; tierId: string };

/** What identifies a preload: the same estimate or tier, asked for again (a reload), is not applied twice. */
export function preloadKey(preload: Preload): string {
  return preload.kind === 'estimate' ? `estimate:${preload.encoded}` : `tier:${preload.tierId}`;
}

export type PreloadResult = { ok: true; draft: ClusterDraft; estimate: Estimate | null } | { ok: false; reason: string };

/**
 * The draft another page asks for. A tier from /cluster-selection becomes the current draft's tier
 * (what was already configured is kept where the tier allows it) and the next step is the region.
 * An estimate's first cluster starts a new draft, with the estimate's promotion code and VAT
 * choices (its other lines are not part of a cluster order), open on the review step.
 */
export function preloadDraft(catalog: Catalog, preload: Preload, current: ClusterDraft): PreloadResult {
  if (preload.kind === 'tier') {
    if (!catalog.tiers.some((tier) => tier.id === preload.tierId)) {
      return { ok: false, reason: 'The tier you chose is no longer on sale; choose another one.' };
    }
    const draft = applyDraftAction(catalog, current, { type: 'chooseTier', tierId: preload.tierId });
    return { ok: true, draft: { ...draft, furthestStep: Math.max(draft.furthestStep, 2), preloadedFrom: preloadKey(preload) }, estimate: null };
  }
  const decoded = decodeEstimate(preload.encoded);
  if (!decoded.ok) return { ok: false, reason: 'The estimate link could not be read, so the configuration starts empty. Links are read in full: check that it was not cut short.' };
  const { estimate } = decoded;
  const cluster = estimate.clusters[0];
  if (!cluster) return { ok: false, reason: 'The estimate has no cluster to configure: start with a tier.' };
  if (!catalog.tiers.some((tier) => tier.id === cluster.tierId)) {
    return { ok: false, reason: "The estimate's cluster tier is no longer on sale: choose another one." };
  }
  const draft = draftFromClusterLine(
    catalog,
    {
      kind: 'cluster',
      tierId: cluster.tierId,
      regionId: cluster.regionId,
      kubernetesVersion: cluster.kubernetesVersion,
      highAvailability: cluster.highAvailability,
      nodePools: cluster.pools,
      addonIds: cluster.addonIds,
    },
    emptyDraft(),
  );
  return {
    ok: true,
    draft: {
      ...draft,
      promotionCode: estimate.promotionCode,
      countryCode: estimate.countryCode,
      isBusiness: estimate.isBusiness,
      vatNumber: estimate.vatNumber,
      furthestStep: STEP_COUNT,
      preloadedFrom: preloadKey(preload),
    },
    estimate,
  };
}

// ---------------------------------------------------------------------------------------------
// Draft ↔ order line

/** What the orders API reads for a cluster (clusterOrderLineSchema of @kubemarket/shared, `orders.create`). */
export interface DraftOrderLine {
  kind: 'cluster';
  name: string;
  tierId: string;
  regionId: string;
  kubernetesVersion: string;
  highAvailability: boolean;
  nodePools: {
    name: string;
    flavorId: string;
    count: number;
    autoscale: { min: number; max: number } | null;
    labels: Record<string, string>;
    taints: DraftTaint[];
  }[];
  addonIds: string[];
  zones: string[];
  networking: DraftNetworking;
  maintenance: DraftMaintenance;
}

/** The cluster line of `orders.create` for a draft whose tier is chosen. */
export function draftToOrderLine(draft: ClusterDraft & { tierId: string }): DraftOrderLine {
  return {
    kind: 'cluster',
    name: draft.name.trim(),
    tierId: draft.tierId,
    regionId: draft.regionId,
    kubernetesVersion: draft.kubernetesVersion,
    highAvailability: draft.highAvailability,
    nodePools: draft.pools.map((pool) => ({
      ...poolLine({ ...pool, name: pool.name.trim() }),
      labels: Object.fromEntries(pool.labels.map((label) => [label.key.trim(), label.value.trim()])),
      taints: pool.taints.map((taint) => ({ key: taint.key.trim(), value: taint.value.trim(), effect: taint.effect })),
    })),
    addonIds: [...draft.addonIds],
    zones: [...draft.zones],
    networking: {
      cni: draft.networking.cni,
      podCidr: draft.networking.podCidr.trim(),
      serviceCidr: draft.networking.serviceCidr.trim(),
      apiAllowList: draft.networking.apiAllowList.map((cidr) => cidr.trim()),
    },
    maintenance: { ...draft.maintenance },
  };
}

/** A cluster line of a quote (the estimator's) or of an order, whose build settings are then kept. */
export type ClusterLineLike = Omit<ClusterLineInput, 'nodePools'> & {
  nodePools: readonly (NodePoolInput & { labels?: Record<string, string>; taints?: readonly DraftTaint[] })[];
} & Partial<Pick<DraftOrderLine, 'name' | 'zones' | 'networking' | 'maintenance'>>;

/** A draft from a cluster line; the catalogue's rules then apply, as if each choice had been made here. */
export function draftFromClusterLine(catalog: Catalog, line: ClusterLineLike, base: ClusterDraft = emptyDraft()): ClusterDraft {
  const draft: ClusterDraft = {
    ...base,
    tierId: line.tierId,
    regionId: line.regionId,
    zones: line.zones ? [...line.zones] : [...regionZones(catalog, line.regionId)],
    kubernetesVersion: line.kubernetesVersion,
    highAvailability: line.highAvailability,
    pools: line.nodePools.map((pool) => ({
      ...poolLine(pool),
      labels: Object.entries(pool.labels ?? {}).map(([key, value]) => ({ key, value })),
      taints: (pool.taints ?? []).map((taint) => ({ ...taint })),
    })),
    addonIds: [...line.addonIds],
    networking: line.networking ? { ...line.networking, apiAllowList: [...line.networking.apiAllowList] } : base.networking,
    maintenance: line.maintenance ? { ...line.maintenance } : base.maintenance,
    name: line.name ?? base.name,
  };
  return normalized(catalog, draft, false);
}

// ---------------------------------------------------------------------------------------------
// Pricing

/** The engine's order line of the draft (what the price panel and POST /api/quotes price). */
export function draftQuoteLines(draft: ClusterDraft): OrderLine[] {
  if (draft.tierId === null || draft.pools.length === 0) return [];
  return [clusterLine({ ...draft, tierId: draft.tierId, pools: draft.pools.map((pool) => ({ ...pool, name: pool.name.trim() })) })];
}

/** The price panel's choices as the estimator's summary reads them. */
export function draftEstimate(draft: ClusterDraft): Estimate {
  return {
    clusters: [],
    middlewarePlanIds: [],
    supportPlanId: null,
    promotionCode: draft.promotionCode,
    countryCode: draft.countryCode,
    isBusiness: draft.isBusiness,
    vatNumber: draft.vatNumber,
    cycle: null,
    currency: null,
  };
}

export function draftCustomer(draft: ClusterDraft): QuoteCustomer {
  return estimateCustomer(draftEstimate(draft));
}

export interface PoolMonthlyCost {
  /** What the pool costs a month at its node count (an autoscaling pool at its minimum), EUR cents. */
  cents: number;
  /** An autoscaling pool at its maximum; null for a fixed pool. */
  maxCents: number | null;
}

const isNodeCount = (count: number) => Number.isInteger(count) && count >= 1;

/**
 * A node pool's monthly cost, as the engine prices it (flavour's monthly price × nodes); null when
 * the pool cannot be priced (an unknown flavour, a count below 1, a minimum above the maximum): the
 * step then shows the field's error, never a price for other figures than those typed.
 */
export function poolMonthlyCost(catalog: Catalog, pool: EstimatePool): PoolMonthlyCost | null {
  const flavor = catalog.flavors.find((candidate) => candidate.id === pool.flavorId);
  if (!flavor) return null;
  if (pool.autoscale) {
    if (!isNodeCount(pool.autoscale.min) || !isNodeCount(pool.autoscale.max) || pool.autoscale.max < pool.autoscale.min) return null;
    return { cents: flavor.monthlyPriceCents * pool.autoscale.min, maxCents: flavor.monthlyPriceCents * pool.autoscale.max };
  }
  if (!isNodeCount(pool.count)) return null;
  return { cents: flavor.monthlyPriceCents * pool.count, maxCents: null };
}

/** The flavours a pool may use: those the tier allows in the draft's region. */
export function poolFlavors(catalog: Catalog, draft: ClusterDraft) {
  const tier = draftTier(catalog, draft);
  return tier ? flavorsFor(catalog, tier, draft.regionId) : [];
}

export function draftRegions(catalog: Catalog, draft: ClusterDraft) {
  const tier = draftTier(catalog, draft);
  return tier ? regionsFor(catalog, tier) : [];
}
