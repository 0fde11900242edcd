export * from './types';
export { QuoteError, isQuoteError, type QuoteErrorCode } from './errors';
export { EU_VAT_RATES, SELLER_COUNTRY, vatRateFor, type VatRate } from './vat';
export { evaluatePromotion, findPromotion, normalizePromotionCode, type PromotionEvaluation, type PromotionInput } from './promotion';
export { priceLine, type PriceLineOptions, type SpendBasis } from './lines';
export { quote } from './quote';
export {
  baselineFlavorId,
  defaultCluster,
  defaultClusterLine,
  defaultKubernetesVersion,
  startingPrice,
  tierFlavorsIn,
  type DefaultCluster,
  type DefaultClusterFlavor,
  type DefaultClusterTier,
  type DefaultClusterVersion,
  type StartingPrice,
} from './default-cluster';
