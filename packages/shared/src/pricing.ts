import { CURRENCY_SYMBOLS, type Currency } from './constants';

/** Yearly discount in whole percent, by SPEC.md section 9's formula. */
export function yearlyDiscountPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.round(((12 * monthly - yearly) / (12 * monthly)) * 100);
}

/** Converts integer EUR cents into the display currency (base-EUR times the rate). */
export function convertFromEurCents(cents: number, rate: number): number {
  return (cents / 100) * rate;
}

/** "€12.50": the currency symbol and exactly 2 decimals. */
export function formatMoney(amount: number, currency: Currency, locale = 'en-GB'): string {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${CURRENCY_SYMBOLS[currency]}${number}`;
}

/** "1 EUR = 1.0832 USD": 4 decimals. */
export function formatRate(rate: number, currency: Currency): string {
  return `1 EUR = ${rate.toFixed(4)} ${currency}`;
}
