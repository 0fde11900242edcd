// The catalogue on sale, as every feature reads it: the query and its types, the price book the
// pricing engine takes, add-on compatibility, prices and the labels of its facts.
export { useCatalog, type CatalogQuery } from './catalog-queries';
export { CatalogError } from './catalog-error';
export type {
  Catalog,
  CatalogAddon,
  CatalogFlavor,
  CatalogKubernetesVersion,
  CatalogMiddleware,
  CatalogMiddlewarePlan,
  CatalogPowerFactor,
  CatalogRegion,
  CatalogSupportPlan,
  CatalogTier,
} from './catalog-types';
export { cheapestMiddlewarePlan, ItemPrice, MiddlewareFromPrice, periodLabel, SupportPlanPrice } from './item-price';
export { addonSupportsVersion, addonVersionRange, buildPriceBook, compatibleAddons } from './price-book';
export { MiddlewarePlansTable } from './middleware-plans-table';
export { SupportPlanFacts } from './support-plan-facts';
// A region's operator, law, certifications and EU-only access (issue 34).
export { EuOnlyBadge, RegionJurisdiction } from './region-jurisdiction';
export { ADDON_CATEGORY_LABELS, categoryLabel, channelLabel, HA_LABELS, hoursLabel, planSpecs, responseTimeLabel, slaLabel } from './tier-facts';
// The tiers of the home page and the footer, read before the full catalogue.
export { ClusterTiersSection } from './cluster-tiers-section';
export { clusterTiersQueryOptions } from './cluster-tiers-query';
export { useClusterTiers, type ClusterTier } from './use-cluster-tiers';
