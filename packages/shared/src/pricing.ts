import type { BillingCycle, Currency } from './constants';

/**
 * The pricing engine of docs/product/constants.md#currencies-and-prices, used by the screens (the live price) and by the server
 * (the authoritative quote). Amounts are integer EUR cents until they are shown; conversion to the
 * display currency happens only at display time.
 */

/** Rates against EUR (docs/product/entities.md#exchange-rates): 1 EUR = rates[currency]. */
export type ExchangeRates = Record<Currency, number>;

/** Yearly discount in whole percent, by the formula (docs/product/constants.md#currencies-and-prices). */
export function yearlyDiscountPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.round(((12 * monthly - yearly) / (12 * monthly)) * 100);
}

/** Converts integer EUR cents into the display currency (base-EUR times the rate). */
export function convertFromEurCents(cents: number, rate: number): number {
  return (cents / 100) * rate;
}

/** Converts between two display currencies; rates are against EUR, so any pair goes through EUR. */
export function convertAmount(amount: number, from: Currency, to: Currency, rates: ExchangeRates): number {
  return (amount / rates[from]) * rates[to];
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: Currency, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    // narrowSymbol: the symbols of docs/product/constants.md#currencies-and-prices (€, $, £, ¥), never "US$" or "CN¥".
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** An amount of the given currency (not cents), e.g. 12.5 -> "€12.50": its symbol and exactly 2 decimals. */
export function formatMoney(amount: number, currency: Currency, locale = 'en-GB'): string {
  if (!Number.isFinite(amount)) {
    throw new RangeError(`Cannot format a non-finite amount of money: ${amount}`);
  }
  return moneyFormat(currency, locale).format(amount);
}

/**
 * EUR cents as a charge reads everywhere (mail, notifications, invoices, staff screens):
 * "€1,234.50", "-€12.00", whatever the display currency. The one money formatter for charges.
 */
export function euros(cents: number): string {
  return formatMoney(cents / 100, 'EUR');
}

/** An amount of EUR cents in the display currency: base-EUR times the rate, symbol and 2 decimals. */
export function formatEurCents(cents: number, currency: Currency, rates: ExchangeRates, locale?: string): string {
  return formatMoney(convertFromEurCents(cents, rates[currency]), currency, locale);
}

/** "1 EUR = 1.0832 USD": 4 decimals. */
export function formatRate(rate: number, currency: Currency): string {
  return `1 EUR = ${rate.toFixed(4)} ${currency}`;
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

/** What a tier costs for a billing cycle, in EUR cents, with the yearly discount. */
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

/** A tier as the listings read it: its control-plane prices, and what its default cluster costs. */
export interface AdvertisedTier extends TierPrices {
  startingPrice: { monthlyCents: number; yearlyCents: number; nodes: number } | null;
}

/**
 * The prices to advertise for a tier (issue 31): its default cluster's, nodes and control plane
 * included, which is what the configurator opens on and charges; the control plane's alone only
 * when no cluster of the tier can be ordered (then `includesNodes` is false and the label says so).
 */
export function advertisedPrices(tier: AdvertisedTier): TierPrices & { includesNodes: boolean; nodes: number } {
  if (!tier.startingPrice) return { monthlyPriceCents: tier.monthlyPriceCents, yearlyPriceCents: tier.yearlyPriceCents, includesNodes: false, nodes: 0 };
  return { monthlyPriceCents: tier.startingPrice.monthlyCents, yearlyPriceCents: tier.startingPrice.yearlyCents, includesNodes: true, nodes: tier.startingPrice.nodes };
}

/** What an advertised price pays for: "3 nodes and the control plane", or "The control plane only". */
export function advertisedPriceIncludes(prices: { includesNodes: boolean; nodes: number }): string {
  if (!prices.includesNodes) return 'The control plane only; nodes are priced when you configure';
  return `${prices.nodes} ${prices.nodes === 1 ? 'node' : 'nodes'} and the control plane`;
}
