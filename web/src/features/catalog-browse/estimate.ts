import { BILLING_CYCLES, CURRENCIES } from '@kubemarket/shared';
import type { BillingCycle, Currency, NodePoolInput, OrderLine, QuoteCustomer } from '@kubemarket/shared';
import { z } from 'zod';

/**
 * A price estimate: what the estimator page edits and what its address carries. Prices are not part
 * of it (they come from the catalogue when it is read), only choices, so an old link still prices
 * at today's catalogue.
 */

export interface EstimatePool {
  name: string;
  flavorId: string;
  count: number;
  /** Autoscaling between min and max; the pool starts at `count` (the minimum). */
  autoscale: { min: number; max: number } | null;
}

export interface EstimateCluster {
  tierId: string;
  regionId: string;
  kubernetesVersion: string;
  highAvailability: boolean;
  pools: EstimatePool[];
  addonIds: string[];
}

export interface Estimate {
  clusters: EstimateCluster[];
  /** One order line each; the same plan may appear twice (two databases). */
  middlewarePlanIds: string[];
  supportPlanId: string | null;
  promotionCode: string;
  /** ISO 3166-1 alpha-2 country of the organisation, for VAT. */
  countryCode: string;
  isBusiness: boolean;
  vatNumber: string;
  /** The currency and cycle the estimate was made in; the page applies them to the preferences when opened. */
  cycle: BillingCycle | null;
  currency: Currency | null;
}

export const DEFAULT_COUNTRY = 'FR';
/**
 * Limits of what an estimate may hold, those of POST /api/quotes: at most 20 lines (10 clusters, 9
 * middleware plans and a support plan), 10 node pools a cluster, 1,000 nodes a pool.
 */
export const ESTIMATE_LIMITS = { clusters: 10, pools: 10, nodes: 1000, addons: 50, services: 9, text: 64 } as const;

export function emptyEstimate(): Estimate {
  return {
    clusters: [],
    middlewarePlanIds: [],
    supportPlanId: null,
    promotionCode: '',
    countryCode: DEFAULT_COUNTRY,
    isBusiness: false,
    vatNumber: '',
    cycle: null,
    currency: null,
  };
}

export function isEmptyEstimate(estimate: Estimate): boolean {
  return estimate.clusters.length === 0 && estimate.middlewarePlanIds.length === 0 && estimate.supportPlanId === null;
}

/** A node pool as the pricing engine takes it (and an order, which adds its labels and taints). */
export function poolLine(pool: NodePoolInput): EstimatePool {
  return { name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscale ? { min: pool.autoscale.min, max: pool.autoscale.max } : null };
}

/** A cluster as the pricing engine takes it: the estimator's clusters and the configurator's draft. */
export function clusterLine(cluster: EstimateCluster): OrderLine {
  return {
    kind: 'cluster',
    tierId: cluster.tierId,
    regionId: cluster.regionId,
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    nodePools: cluster.pools.map(poolLine),
    addonIds: [...cluster.addonIds],
  };
}

/** The engine's order lines: clusters first, then middleware plans, then the support plan. */
export function estimateLines(estimate: Estimate): OrderLine[] {
  return [
    ...estimate.clusters.map(clusterLine),
    ...estimate.middlewarePlanIds.map((planId): OrderLine => ({ kind: 'middleware', planId })),
    ...(estimate.supportPlanId ? [{ kind: 'support', planId: estimate.supportPlanId } satisfies OrderLine] : []),
  ];
}

/** The customer the estimate is priced for; a screen cannot know purchases, so it assumes none. */
export function estimateCustomer(estimate: Estimate): QuoteCustomer {
  const vatNumber = estimate.vatNumber.trim();
  return {
    countryCode: estimate.countryCode,
    isBusiness: estimate.isBusiness,
    vatNumber: estimate.isBusiness && vatNumber !== '' ? vatNumber : null,
    hasPurchased: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Compact encoding for the address: positional JSON, base64url, with a version prefix.
// ---------------------------------------------------------------------------------------------

const ENCODING_VERSION = '1';

const text = z.string().trim().min(1).max(ESTIMATE_LIMITS.text);
const nodeCount = z.number().int().min(1).max(ESTIMATE_LIMITS.nodes);

/** [name, flavorId, count] or [name, flavorId, count, min, max]. */
const wirePool = z.union([
  z.tuple([text, text, nodeCount, nodeCount, nodeCount]),
  z.tuple([text, text, nodeCount]),
]);
/** [tierId, regionId, kubernetesVersion, highAvailability (0/1), pools, addonIds]. */
const wireCluster = z.tuple([
  text,
  text,
  text,
  z.union([z.literal(0), z.literal(1)]),
  z.array(wirePool).min(1).max(ESTIMATE_LIMITS.pools),
  z.array(text).max(ESTIMATE_LIMITS.addons),
]);
const wireEstimate = z.object({
  c: z.array(wireCluster).max(ESTIMATE_LIMITS.clusters).optional(),
  m: z.array(text).max(ESTIMATE_LIMITS.services).optional(),
  s: text.optional(),
  p: z.string().trim().max(ESTIMATE_LIMITS.text).optional(),
  t: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  b: z.literal(1).optional(),
  v: z.string().trim().max(ESTIMATE_LIMITS.text).optional(),
  y: z.enum(BILLING_CYCLES).optional(),
  k: z.enum(CURRENCIES).optional(),
});
type WireEstimate = z.infer<typeof wireEstimate>;

function toBase64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The estimate as a short, URL-safe string: "1." + base64url(positional JSON). */
export function encodeEstimate(estimate: Estimate): string {
  const wire: WireEstimate = {};
  if (estimate.clusters.length > 0) {
    wire.c = estimate.clusters.map((cluster) => [
      cluster.tierId,
      cluster.regionId,
      cluster.kubernetesVersion,
      cluster.highAvailability ? 1 : 0,
      cluster.pools.map((pool) =>
        pool.autoscale ? [pool.name, pool.flavorId, pool.count, pool.autoscale.min, pool.autoscale.max] : [pool.name, pool.flavorId, pool.count],
      ),
      cluster.addonIds,
    ]);
  }
  if (estimate.middlewarePlanIds.length > 0) wire.m = estimate.middlewarePlanIds;
  if (estimate.supportPlanId) wire.s = estimate.supportPlanId;
  if (estimate.promotionCode.trim() !== '') wire.p = estimate.promotionCode.trim();
  if (estimate.countryCode !== DEFAULT_COUNTRY) wire.t = estimate.countryCode;
  if (estimate.isBusiness) wire.b = 1;
  if (estimate.vatNumber.trim() !== '') wire.v = estimate.vatNumber.trim();
  if (estimate.cycle) wire.y = estimate.cycle;
  if (estimate.currency) wire.k = estimate.currency;
  return `${ENCODING_VERSION}.${toBase64Url(JSON.stringify(wire))}`;
}

export type DecodedEstimate = { ok: true; estimate: Estimate } | { ok: false; estimate: Estimate };

/** Reads an address's estimate; anything unreadable gives an empty estimate and ok: false. */
export function decodeEstimate(encoded: string | undefined): DecodedEstimate {
  if (encoded === undefined || encoded === '') return { ok: true, estimate: emptyEstimate() };
  const [version, payload] = encoded.split('.', 2);
  if (version !== ENCODING_VERSION || !payload) return { ok: false, estimate: emptyEstimate() };
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(payload));
  } catch {
    return { ok: false, estimate: emptyEstimate() };
  }
  const parsed = wireEstimate.safeParse(json);
  if (!parsed.success) return { ok: false, estimate: emptyEstimate() };
  const wire = parsed.data;
  return {
    ok: true,
    estimate: {
      clusters: (wire.c ?? []).map(([tierId, regionId, kubernetesVersion, ha, pools, addonIds]) => ({
        tierId,
        regionId,
        kubernetesVersion,
        highAvailability: ha === 1,
        pools: pools.map((pool) => ({
          name: pool[0],
          flavorId: pool[1],
          count: pool[2],
          autoscale: pool.length === 5 ? { min: pool[3], max: pool[4] } : null,
        })),
        addonIds: [...new Set(addonIds)],
      })),
      middlewarePlanIds: wire.m ?? [],
      supportPlanId: wire.s ?? null,
      promotionCode: wire.p ?? '',
      countryCode: (wire.t ?? DEFAULT_COUNTRY).toUpperCase(),
      isBusiness: wire.b === 1,
      vatNumber: wire.v ?? '',
      cycle: wire.y ?? null,
      currency: wire.k ?? null,
    },
  };
}
