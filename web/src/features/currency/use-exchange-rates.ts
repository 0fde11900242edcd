import { formatEurCents, formatRate } from '@kubemarket/shared';
import type { Currency } from '@kubemarket/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { usePreferences } from '../preferences';
import { exchangeRatesQueryOptions, refreshedExchangeRatesQueryOptions } from './exchange-rates-query';
import { FALLBACK_RATES } from './exchange-rates';
import type { ExchangeRates, RatesResult } from './exchange-rates';

export interface UseExchangeRates {
  /** The current rates; every rate is 1 until they are loaded or when none could be had. */
  rates: ExchangeRates;
  result: RatesResult | undefined;
  /** The message when no rates were available at all (docs/product/errors.md#exchange-rates). */
  error: string | null;
  isPending: boolean;
  isRefreshing: boolean;
  /** Reloads the rates from the sources, ignoring the 10-minute cache. */
  refresh: () => Promise<void>;
}

export function useExchangeRates(): UseExchangeRates {
  const queryClient = useQueryClient();
  const query = useQuery(exchangeRatesQueryOptions());
  const refresh = useCallback(async () => {
    await queryClient.fetchQuery(refreshedExchangeRatesQueryOptions());
  }, [queryClient]);
  return {
    rates: query.data?.rates ?? FALLBACK_RATES,
    result: query.data,
    error: query.data?.error ?? null,
    isPending: query.isPending,
    isRefreshing: query.isFetching && !query.isPending,
    refresh,
  };
}

export interface DisplayPrice {
  currency: Currency;
  /** False while the rates of a non-EUR display currency are still loading. */
  ready: boolean;
  /** EUR cents in the display currency, e.g. "$313.04". */
  format: (eurCents: number) => string;
  /** What one euro is in the display currency (1 for euros, and until the rates are loaded). */
  rate: number;
  /** "1 EUR = 1.0832 USD" for the display currency. */
  rateLine: string;
}

/**
 * Formats EUR prices in the visitor's display currency. Euros need no rate: a component showing
 * euros still starts the rates query but is not re-rendered when its answer (or a refresh) comes.
 * Every price of a page, and the pages that call this at their top (/usage), re-rendered then, in
 * one synchronous task right after a rendered page hydrated and went online (ADR 0046).
 */
export function useDisplayPrice(): DisplayPrice {
  const { currency } = usePreferences();
  const euros = currency === 'EUR';
  const query = useQuery({ ...exchangeRatesQueryOptions(), notifyOnChangeProps: euros ? [] : ['data', 'isPending'] });
  const rates = euros ? FALLBACK_RATES : (query.data?.rates ?? FALLBACK_RATES);
  const ready = euros || !query.isPending;
  return useMemo(
    () => ({
      currency,
      ready,
      format: (eurCents: number) => formatEurCents(eurCents, currency, rates),
      rate: rates[currency],
      rateLine: formatRate(rates[currency], currency),
    }),
    [currency, rates, ready],
  );
}
