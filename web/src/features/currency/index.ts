// The currency feature's door (API module `currency`): exchange rates, the notice when they are old, and prices shown in the visitor's currency.
export { exchangeRatesQueryOptions } from './exchange-rates-query';
export { PriceSettingsCard } from './price-settings-card';
export { RatesNotice } from './rates-notice';
export { TierPrice } from './tier-price';
export { useDisplayPrice, useExchangeRates } from './use-exchange-rates';
