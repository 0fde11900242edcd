import { describe, expect, it } from 'vitest';
import { convertFromEurCents, formatMoney, formatRate, yearlyDiscountPercent } from './pricing';

describe('pricing', () => {
  it('computes the yearly discount with SPEC rounding', () => {
    expect(yearlyDiscountPercent(100, 1020)).toBe(15);
    expect(yearlyDiscountPercent(9900, 99000)).toBe(17);
    expect(yearlyDiscountPercent(100, 1200)).toBe(0);
    expect(yearlyDiscountPercent(0, 0)).toBe(0);
  });

  it('converts cents by the rate and formats with 2 decimals and a symbol', () => {
    expect(formatMoney(convertFromEurCents(12_345, 1), 'EUR')).toBe('€123.45');
    expect(formatMoney(convertFromEurCents(10_000, 1.08321), 'USD')).toBe('$108.32');
    expect(formatMoney(convertFromEurCents(99, 0.85), 'GBP')).toBe('£0.84');
    expect(formatMoney(1234567.891, 'CNY')).toBe('¥1,234,567.89');
  });

  it('formats a rate with 4 decimals', () => {
    expect(formatRate(1.083214, 'USD')).toBe('1 EUR = 1.0832 USD');
  });
});
