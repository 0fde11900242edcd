// The currency module's door: the stored exchange rates and their refresh from the ECB.
export { ecbRatesSource, ECB_DAILY_RATES_URL, parseEcbRatesXml, readStoredRates, refreshExchangeRates, type RatesRefreshResult, type RatesSnapshot } from './service';
