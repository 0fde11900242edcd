import type { AppRouter } from '@kubemarket/api';
import type { HaControlPlaneMode, Promotion, StartingPrice } from '@kubemarket/shared';
import type { inferRouterOutputs } from '@trpc/server';

/**
 * The catalogue as the customer screens read it, whatever the exact shape of the API's answers
 * (catalog-queries.ts maps them here). Every price is an integer number of EUR cents; a missing
 * yearly price means twelve months (no discount), as in the pricing engine.
 */

export interface CatalogTier {
  id: string;
  name: string;
  description: string;
  purpose: string;
  /** Baseline configuration the tier price is quoted for. */
  nodes: number;
  vcpu: number;
  memoryGb: number;
  storageGb: number;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  /** 9995 = 99.95 %; null: no SLA. */
  slaBasisPoints: number | null;
  haControlPlane: HaControlPlaneMode;
  haMonthlyPriceCents: number | null;
  haYearlyPriceCents: number | null;
  maxNodes: number | null;
  maxPools: number | null;
  flavorIds: readonly string[];
  regionIds: readonly string[];
  /** What the tier's default cluster costs, nodes included (the price to advertise); null when it cannot be ordered. */
  startingPrice: StartingPrice | null;
}

export interface CatalogRegion {
  id: string;
  name: string;
  city: string;
  country: string;
  countryCode: string;
  certifications: readonly string[];
  status: string;
  zones: readonly string[];
  /** Jurisdiction (issue 34): who operates it, the law it is under, whether only people in the EU reach its data. */
  operator: string;
  jurisdiction: string;
  euOnlyAccess: boolean;
  /** Carbon (ADR 39): PUE in thousandths and the grid's g CO₂e/kWh, with its source and year. */
  pueMilli: number;
  gridGramsPerKwh: number;
  gridSource: string;
  gridYear: number;
}

/** A power factor of the carbon model: 'vcpu', 'memory_gb' or 'gpu:<model>', milliwatts per unit. */
export interface CatalogPowerFactor {
  id: string;
  label: string;
  milliwatts: number;
  source: string;
  year: number;
}

export interface CatalogKubernetesVersion {
  /** Minor version, e.g. "1.37". */
  version: string;
  patch: number | null;
  classification: 'preview' | 'supported' | 'deprecated' | string;
  endOfSupportAt: number | null;
  isDefault: boolean;
}

export interface CatalogFlavor {
  id: string;
  name: string;
  category: string;
  vcpu: number;
  memoryGb: number;
  gpuModel: string | null;
  gpuCount: number;
  gpuMemoryGb: number | null;
  localDiskGb: number;
  /** Thousandths of a EUR cent per node-hour. */
  hourlyPriceMillicents: number | null;
  monthlyPriceCents: number;
  yearlyPriceCents: number | null;
  regionIds: readonly string[];
}

export interface CatalogAddon {
  id: string;
  name: string;
  category: string;
  description: string;
  version: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number | null;
  compatibleTierIds: readonly string[];
  /** Inclusive bounds on the cluster's Kubernetes minor version; null: unbounded. */
  minKubernetesVersion: string | null;
  maxKubernetesVersion: string | null;
  /** When the API lists the supported versions itself; null: derive them from the bounds. */
  kubernetesVersions: readonly string[] | null;
  requires: readonly string[];
  conflicts: readonly string[];
}

export interface CatalogMiddlewarePlan {
  id: string;
  middlewareId: string;
  name: string;
  nodes: number | null;
  vcpu: number | null;
  memoryGb: number | null;
  storageGb: number;
  highAvailability: boolean;
  monthlyPriceCents: number;
  yearlyPriceCents: number | null;
}

export interface CatalogMiddleware {
  id: string;
  name: string;
  engine: string;
  category: string;
  description: string;
  versions: readonly string[];
  regionIds: readonly string[];
  plans: readonly CatalogMiddlewarePlan[];
}

export interface CatalogSupportPlan {
  id: string;
  name: string;
  description: string;
  /** First-response targets in minutes, P1 (critical) to P4 (question); null: no target. */
  responseMinutes: readonly [number | null, number | null, number | null, number | null];
  channels: readonly string[];
  hours: string;
  namedEngineer: boolean;
  pricing:
    | { kind: 'fixed'; monthlyCents: number; yearlyCents: number | null }
    | { kind: 'share'; percentOfSpendBasisPoints: number; minimumMonthlyCents: number };
}

export interface Catalog {
  tiers: readonly CatalogTier[];
  regions: readonly CatalogRegion[];
  kubernetesVersions: readonly CatalogKubernetesVersion[];
  flavors: readonly CatalogFlavor[];
  addons: readonly CatalogAddon[];
  middlewares: readonly CatalogMiddleware[];
  supportPlans: readonly CatalogSupportPlan[];
  /** The promotions the screen can evaluate itself (the featured one); the server knows them all. */
  promotions: readonly Promotion[];
  /** The carbon model's factors, for the footprint beside each region's price. */
  powerFactors: readonly CatalogPowerFactor[];
}

/** The add-on categories the server knows (the catalogue's add-ons carry one). */
export type AddonCategory = inferRouterOutputs<AppRouter>['catalog']['addons'][number]['category'];
