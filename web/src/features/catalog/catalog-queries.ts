import type { AppRouter } from '@kubemarket/api';
import { GET_CACHE_MS, pick } from '@kubemarket/shared';
import type { Promotion } from '@kubemarket/shared';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';
import { clusterTiersQueryOptions } from './cluster-tiers-query';
import type {
  Catalog,
  CatalogAddon,
  CatalogFlavor,
  CatalogKubernetesVersion,
  CatalogMiddleware,
  CatalogRegion,
  CatalogSupportPlan,
  CatalogTier,
} from './catalog-types';

type CatalogOutputs = inferRouterOutputs<AppRouter>['catalog'];
type ApiTier = CatalogOutputs['clusterTiers'][number];
type ApiFlavor = CatalogOutputs['flavors'][number];
type ApiAddon = CatalogOutputs['addons'][number];
type ApiMiddleware = CatalogOutputs['middlewares'][number];
type ApiSupportPlan = CatalogOutputs['supportPlans'][number];
type ApiPromotion = NonNullable<CatalogOutputs['featuredPromotion']>;

// ---------------------------------------------------------------------------------------------
// The API's answers as the screens read them (catalog-types.ts)

export function toCatalogTier(tier: ApiTier): CatalogTier {
  const ha = tier.haControlPlane;
  // An optional HA control plane without a price cannot be sold (the server prices it so too).
  const haMode = ha.mode === 'optional' && ha.monthlyPriceCents === null ? 'unavailable' : ha.mode;
  return {
    ...pick(tier, ['id', 'name', 'description', 'purpose', 'nodes', 'vcpu', 'memoryGb', 'storageGb', 'monthlyPriceCents', 'yearlyPriceCents', 'slaBasisPoints', 'maxNodes', 'maxPools', 'flavorIds', 'regionIds', 'startingPrice']),
    haControlPlane: haMode,
    haMonthlyPriceCents: haMode === 'optional' ? ha.monthlyPriceCents : null,
    haYearlyPriceCents: haMode === 'optional' ? ha.yearlyPriceCents : null,
  };
}

function toCatalogFlavor(flavor: ApiFlavor): CatalogFlavor {
  return {
    ...pick(flavor, ['id', 'name', 'category', 'vcpu', 'memoryGb', 'localDiskGb', 'hourlyPriceMillicents', 'monthlyPriceCents', 'regionIds']),
    gpuModel: flavor.gpu?.model ?? null,
    gpuCount: flavor.gpu?.count ?? 0,
    gpuMemoryGb: flavor.gpu?.memoryGb ?? null,
    // Node flavours are sold by the month; the yearly cycle costs twelve months.
    yearlyPriceCents: null,
  };
}

function toCatalogAddon(addon: ApiAddon): CatalogAddon {
  return {
    ...pick(addon, ['id', 'name', 'category', 'description', 'version', 'monthlyPriceCents', 'yearlyPriceCents', 'minKubernetesVersion', 'maxKubernetesVersion', 'requires', 'conflicts']),
    compatibleTierIds: addon.tierIds,
    kubernetesVersions: null,
  };
}

function toCatalogMiddleware(middleware: ApiMiddleware): CatalogMiddleware {
  return {
    ...pick(middleware, ['id', 'name', 'engine', 'category', 'description', 'versions', 'regionIds']),
    plans: middleware.plans.map((plan) => ({ ...plan, middlewareId: middleware.id })),
  };
}

function toCatalogSupportPlan(plan: ApiSupportPlan): CatalogSupportPlan {
  const { p1, p2, p3, p4 } = plan.responseMinutes;
  return {
    ...pick(plan, ['id', 'name', 'description', 'channels', 'hours', 'namedEngineer']),
    responseMinutes: [p1, p2, p3, p4],
    pricing:
      plan.pricing.kind === 'fixed'
        ? { kind: 'fixed', monthlyCents: plan.pricing.monthlyPriceCents, yearlyCents: plan.pricing.yearlyPriceCents }
        : { kind: 'share', percentOfSpendBasisPoints: plan.pricing.percentOfSpendBasisPoints, minimumMonthlyCents: plan.pricing.minimumMonthlyCents },
  };
}

/** The featured promotion as the engine reads it; it is valid now (the server only answers a valid one). */
function toPromotion(promotion: ApiPromotion): Promotion {
  return {
    ...pick(promotion, ['code', 'kind', 'value', 'validUntil', 'firstPurchaseOnly']),
    validFrom: null,
    minimumSubtotalCents: 0,
    appliesTo: null,
  };
}

export type FeaturedPromotion = ApiPromotion;

// ---------------------------------------------------------------------------------------------

export interface CatalogQuery {
  catalog: Catalog | undefined;
  featuredPromotion: FeaturedPromotion | null;
  isPending: boolean;
  error: { message: string } | null;
  isFetching: boolean;
  refetch: () => void;
  /** When the catalogue was read (epoch ms): the date the screen prices its estimate at. */
  fetchedAt: number;
}

/** Every catalogue list the customer screens need, fetched together (one batched request). */
export function useCatalog(): CatalogQuery {
  const trpc = useTRPC();
  const options = { staleTime: GET_CACHE_MS };
  // One useQuery each (not useQueries, which would add its observer to the first page load).
  const tiers = useQuery(clusterTiersQueryOptions(trpc));
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, options));
  const versions = useQuery(trpc.catalog.kubernetesVersions.queryOptions(undefined, options));
  const flavors = useQuery(trpc.catalog.flavors.queryOptions({}, options));
  const addons = useQuery(trpc.catalog.addons.queryOptions({}, options));
  const middlewares = useQuery(trpc.catalog.middlewares.queryOptions({}, options));
  const supportPlans = useQuery(trpc.catalog.supportPlans.queryOptions(undefined, options));
  const promotion = useQuery(trpc.catalog.featuredPromotion.queryOptions(undefined, options));
  const powerFactors = useQuery(trpc.catalog.powerFactors.queryOptions(undefined, options));
  const results = [tiers, regions, versions, flavors, addons, middlewares, supportPlans, promotion, powerFactors];
  const error = results.find((result) => result.error)?.error ?? null;
  const failed = results.filter((result) => result.error);
  const refetch = () => {
    for (const result of failed) void result.refetch();
  };

  const catalog = useMemo((): Catalog | undefined => {
    if (
      !tiers.data ||
      !regions.data ||
      !versions.data ||
      !flavors.data ||
      !addons.data ||
      !middlewares.data ||
      !supportPlans.data ||
      !powerFactors.data ||
      promotion.data === undefined
    ) {
      return undefined;
    }
    return {
      tiers: tiers.data.map(toCatalogTier),
      regions: regions.data.map(
        (region): CatalogRegion =>
          pick(region, ['id', 'name', 'city', 'country', 'countryCode', 'certifications', 'status', 'zones', 'operator', 'jurisdiction', 'euOnlyAccess', 'pueMilli', 'gridGramsPerKwh', 'gridSource', 'gridYear']),
      ),
      kubernetesVersions: versions.data.map((version): CatalogKubernetesVersion => ({ ...version })),
      flavors: flavors.data.map(toCatalogFlavor),
      addons: addons.data.map(toCatalogAddon),
      middlewares: middlewares.data.map(toCatalogMiddleware),
      supportPlans: supportPlans.data.map(toCatalogSupportPlan),
      promotions: promotion.data ? [toPromotion(promotion.data)] : [],
      powerFactors: powerFactors.data,
    };
  }, [tiers.data, regions.data, versions.data, flavors.data, addons.data, middlewares.data, supportPlans.data, promotion.data, powerFactors.data]);

  return {
    catalog,
    featuredPromotion: promotion.data ?? null,
    isPending: !catalog && !error,
    error,
    isFetching: results.some((result) => result.isFetching),
    refetch,
    fetchedAt: Math.max(...results.map((result) => result.dataUpdatedAt)),
  };
}
