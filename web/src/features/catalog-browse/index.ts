export { AddOnsPage } from './add-ons-page';
export { useCatalog } from './catalog-queries';
export type { Catalog, CatalogFlavor, CatalogKubernetesVersion, CatalogRegion, CatalogTier } from './catalog-types';
export { ClusterSelectionPage } from './cluster-selection-page';
export { ItemPrice, SupportPlanPrice } from './item-price';
export { MarketplacePage } from './marketplace-page';
export { PriceEstimatorPage } from './price-estimator-page';
export { categoryLabel, channelLabel, HA_LABELS, hoursLabel, responseTimeLabel, slaLabel } from './tier-facts';
export { emptyEstimate, encodeEstimate, type Estimate } from './estimate';
