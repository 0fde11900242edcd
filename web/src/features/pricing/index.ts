export { exchangeRatesQueryOptions } from './exchange-rates-query';
export { RatesNotice } from './rates-notice';
export { TierPrice } from './tier-price';
export { useDisplayPrice, useExchangeRates } from './use-exchange-rates';
