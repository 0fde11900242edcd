export { AddOnsPage } from './add-ons-page';
export { useCatalog } from './catalog-queries';
export type { Catalog, CatalogAddon, CatalogFlavor, CatalogKubernetesVersion, CatalogRegion, CatalogTier } from './catalog-types';
export { ClusterSelectionPage } from './cluster-selection-page';
export { ItemPrice, periodLabel, SupportPlanPrice } from './item-price';
export { MarketplacePage } from './marketplace-page';
export { PriceEstimatorPage } from './price-estimator-page';
export { categoryLabel, channelLabel, HA_LABELS, hoursLabel, responseTimeLabel, slaLabel } from './tier-facts';
export {
  decodeEstimate,
  emptyEstimate,
  encodeEstimate,
  estimateCustomer,
  ESTIMATE_LIMITS,
  type Estimate,
  type EstimateCluster,
  type EstimatePool,
} from './estimate';
// The configurator edits one cluster with the estimator's rules and prices it with the same engine and panel.
export {
  addonBlockedReason,
  flavorsFor,
  newCluster,
  newPool,
  nodesAtMost,
  normalizeCluster,
  regionsFor,
  toggleAddon,
} from './estimate-editing';
export { EstimateSummary, type ClientQuoteResult } from './estimate-summary';
export { addonSupportsVersion, addonVersionRange, buildPriceBook, compatibleAddons } from './price-book';
export { isPromotionRefusal, quoteRequestLines, useServerQuote, type QuoteRequest, type ServerQuoteState } from './use-server-quote';
// Orders and checkout: the middleware plans' sizes and the billing country picker.
export { planSpecs } from './services-editor';
// The country list lives in lib (registration uses it too); re-exported for the catalogue's users.
export { countryName, countryOptions } from '../../lib/countries';
export { SupportPlanFacts } from './support-plan-facts';
