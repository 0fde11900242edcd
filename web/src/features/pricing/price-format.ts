import { convertFromEurCents, formatMoney, formatRate, yearlyDiscountPercent } from '@kubemarket/shared';
import type { BillingCycle, Currency } from '@kubemarket/shared';
import type { ExchangeRates } from './exchange-rates';

/** An amount of EUR cents in the display currency: base-EUR times the rate, symbol and 2 decimals (SPEC.md section 9). */
export function formatEurCents(cents: number, currency: Currency, rates: ExchangeRates): string {
  return formatMoney(convertFromEurCents(cents, rates[currency]), currency);
}

/** '1 EUR = x USD' with 4 decimals. */
export function formatRateLine(currency: Currency, rates: ExchangeRates): string {
  return formatRate(rates[currency], currency);
}

export interface TierPrices {
  monthlyPriceCents: number;
  yearlyPriceCents: number;
}

export interface CyclePrice {
  /** What one billing period costs, EUR cents. */
  periodCents: number;
  /** The same price spread over months, EUR cents (the yearly price divided by 12). */
  perMonthCents: number;
  /** Whole percent saved by paying yearly; 0 for monthly billing. */
  discountPercent: number;
}

export function priceForCycle(tier: TierPrices, cycle: BillingCycle): CyclePrice {
  if (cycle === 'monthly') {
    return { periodCents: tier.monthlyPriceCents, perMonthCents: tier.monthlyPriceCents, discountPercent: 0 };
  }
  return {
    periodCents: tier.yearlyPriceCents,
    perMonthCents: tier.yearlyPriceCents / 12,
    discountPercent: yearlyDiscountPercent(tier.monthlyPriceCents, tier.yearlyPriceCents),
  };
}

/** Converts between two display currencies; rates are against EUR, so any pair goes through EUR. */
export function convertAmount(amount: number, from: Currency, to: Currency, rates: ExchangeRates): number {
  return (amount / rates[from]) * rates[to];
}
