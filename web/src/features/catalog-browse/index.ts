export { AddOnsPage } from './add-ons-page';
export { ClusterSelectionPage } from './cluster-selection-page';
export { MarketplacePage } from './marketplace-page';
export { PriceEstimatorPage } from './price-estimator-page';
