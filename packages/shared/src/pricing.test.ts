import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  convertFromEurCents,
  formatEurCents,
  formatMoney,
  formatRate,
  priceForCycle,
  yearlyDiscountPercent,
} from './pricing';

const RATES = { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.84112 };

describe('yearlyDiscountPercent', () => {
  // The yearly discount, rounded as SPEC says.
  it.each([
    [100, 1020, 15],
    [9900, 99000, 17],
    [100, 1200, 0],
    [0, 0, 0],
  ])('is, for %i a month and %i a year, %i %%', (monthly, yearly, percent) => {
    expect(yearlyDiscountPercent(monthly, yearly)).toBe(percent);
  });
});

describe('formatMoney', () => {
  it('converts cents by the rate and formats with 2 decimals and a symbol', () => {
    expect(formatMoney(convertFromEurCents(12_345, 1), 'EUR')).toBe('€123.45');
    expect(formatMoney(convertFromEurCents(10_000, 1.08321), 'USD')).toBe('$108.32');
    expect(formatMoney(convertFromEurCents(99, 0.85), 'GBP')).toBe('£0.84');
    expect(formatMoney(1234567.891, 'CNY')).toBe('¥1,234,567.89');
  });

  it('keeps the cents and groups thousands', () => {
    expect(formatMoney(49.99, 'EUR')).toBe('€49.99');
    expect(formatMoney(0.05, 'EUR')).toBe('€0.05');
    expect(formatMoney(12_345.67, 'EUR')).toBe('€12,345.67');
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(-25, 'EUR')).toBe('-€25.00');
  });

  it('follows the locale', () => {
    expect(formatMoney(1234.56, 'EUR', 'fr-FR')).toBe('1\u202f234,56\u00a0€');
  });

  it('rejects amounts that are not finite', () => {
    expect(() => formatMoney(Number.NaN, 'EUR')).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
  });
});

describe('formatEurCents', () => {
  it('shows EUR prices with the euro symbol and 2 decimals', () => {
    expect(formatEurCents(28_900, 'EUR', RATES)).toBe('€289.00');
    expect(formatEurCents(119_900, 'EUR', RATES)).toBe('€1,199.00');
  });

  it('multiplies the EUR amount by the rate of the display currency', () => {
    expect(formatEurCents(28_900, 'USD', RATES)).toBe('$313.04');
    expect(formatEurCents(28_900, 'GBP', RATES)).toBe('£247.70');
    expect(formatEurCents(28_900, 'CNY', RATES)).toBe('¥2,266.08');
  });

  it('shows EUR figures unchanged when every rate fell back to 1', () => {
    expect(formatEurCents(1_900, 'USD', { EUR: 1, USD: 1, GBP: 1, CNY: 1 })).toBe('$19.00');
  });
});

describe('formatRate', () => {
  it('reads 1 EUR = x with 4 decimals', () => {
    expect(formatRate(1.083214, 'USD')).toBe('1 EUR = 1.0832 USD');
    expect(formatRate(RATES.CNY, 'CNY')).toBe('1 EUR = 7.8411 CNY');
    expect(formatRate(RATES.EUR, 'EUR')).toBe('1 EUR = 1.0000 EUR');
  });
});

describe('priceForCycle', () => {
  const tier = { monthlyPriceCents: 28_900, yearlyPriceCents: 294_780 };

  it('is the monthly price without discount for monthly billing', () => {
    expect(priceForCycle(tier, 'monthly')).toEqual({ periodCents: 28_900, perMonthCents: 28_900, discountPercent: 0 });
  });

  it('is the yearly price, its monthly equivalent and the rounded discount for yearly billing', () => {
    expect(priceForCycle(tier, 'yearly')).toEqual({ periodCents: 294_780, perMonthCents: 24_565, discountPercent: 15 });
    expect(priceForCycle({ monthlyPriceCents: 1000, yearlyPriceCents: 10_000 }, 'yearly').discountPercent).toBe(17);
  });
});

describe('convertAmount', () => {
  it('converts through EUR', () => {
    expect(convertAmount(100, 'EUR', 'USD', RATES)).toBeCloseTo(108.32, 10);
    expect(convertAmount(108.32, 'USD', 'EUR', RATES)).toBeCloseTo(100, 10);
    expect(convertAmount(100, 'GBP', 'USD', RATES)).toBeCloseTo((100 / 0.8571) * 1.0832, 10);
    expect(convertAmount(42, 'CNY', 'CNY', RATES)).toBeCloseTo(42, 10);
  });
});
