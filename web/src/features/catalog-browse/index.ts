// Browsing the catalogue and estimating a price: the marketplace, add-ons, cluster selection and
// price estimator pages, and the estimate they edit (the catalogue itself is the catalog feature).
export { AddOnsPage } from './add-ons-page';
export { ClusterSelectionPage } from './cluster-selection-page';
export { MarketplacePage } from './marketplace-page';
export { PriceEstimatorPage } from './price-estimator-page';
export {
  clusterLine,
  decodeEstimate,
  emptyEstimate,
  encodeEstimate,
  estimateCustomer,
  ESTIMATE_LIMITS,
  poolLine,
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
export { isPromotionRefusal, quoteRequestLines, useServerQuote, type QuoteRequest, type ServerQuoteState } from './use-server-quote';
