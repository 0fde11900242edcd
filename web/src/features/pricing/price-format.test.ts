import { describe, expect, it } from 'vitest';
import { convertAmount, formatEurCents, formatRateLine, priceForCycle } from './price-format';

const RATES = { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.84112 };

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

describe('formatRateLine', () => {
  it('reads 1 EUR = x with 4 decimals', () => {
    expect(formatRateLine('USD', RATES)).toBe('1 EUR = 1.0832 USD');
    expect(formatRateLine('CNY', RATES)).toBe('1 EUR = 7.8411 CNY');
    expect(formatRateLine('EUR', RATES)).toBe('1 EUR = 1.0000 EUR');
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
