// The catalog module's door: the order catalogue and price book every price is computed from.
export { compareKubernetesVersions, loadCurrentPrices, loadOrderCatalogue, loadPriceBook, onSaleTiers, type CurrentPrices, type OrderCatalogue } from './price-book';
export type { PublicClusterTier } from './service';
