import { RATES_CACHE_MS } from '@kubemarket/shared';
import { queryOptions } from '@tanstack/react-query';
import { localStore } from '../../lib/browser-storage';

export const EXCHANGE_RATES_QUERY_KEY = ['exchangeRates'] as const;

// The loader (sources, cache, fallbacks) is fetched with the first rates request, which main.tsx
// starts at startup (docs/product/states.md#exchange-rates-and-billing-cycle), rather than being part of the first page's own script.
async function loadInBrowser(force: boolean) {
  const { loadExchangeRates } = await import('./exchange-rates');
  return loadExchangeRates({
    fetch: (input, init) => window.fetch(input, init),
    now: Date.now,
    storage: localStore(),
    force,
    onSourceError: (source, error) => console.warn(`Exchange rates: the ${source} source failed`, error),
  });
}

/** Rates for display; the local storage cache decides freshness, the query cache only avoids repeated reads. */
export function exchangeRatesQueryOptions() {
  return queryOptions({
    queryKey: EXCHANGE_RATES_QUERY_KEY,
    queryFn: () => loadInBrowser(false),
    staleTime: RATES_CACHE_MS,
  });
}

/** The same query, bypassing the 10-minute cache: what "Refresh rates" runs. */
export function refreshedExchangeRatesQueryOptions() {
  return queryOptions({
    queryKey: EXCHANGE_RATES_QUERY_KEY,
    queryFn: () => loadInBrowser(true),
    staleTime: 0,
  });
}
