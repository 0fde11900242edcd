import { describe, expect, it } from 'vitest';
import { formatCents, formatInteger } from './format';

describe('formatCents', () => {
  it('formats whole euros with two decimals', () => {
    expect(formatCents(12900)).toBe('€129.00');
  });

  it('keeps the cents', () => {
    expect(formatCents(4999)).toBe('€49.99');
    expect(formatCents(5)).toBe('€0.05');
  });

  it('groups thousands', () => {
    expect(formatCents(1_234_567)).toBe('€12,345.67');
  });

  it('formats zero and negative amounts', () => {
    expect(formatCents(0)).toBe('€0.00');
    expect(formatCents(-2500)).toBe('-€25.00');
  });

  it('formats other currencies and locales', () => {
    expect(formatCents(1000, 'USD')).toBe('$10.00');
    expect(formatCents(1000, 'GBP')).toBe('£10.00');
    expect(formatCents(123456, 'EUR', 'fr-FR')).toBe('1\u202f234,56\u00a0€');
  });

  it('rejects amounts that are not finite', () => {
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatInteger', () => {
  it('groups thousands', () => {
    expect(formatInteger(1000)).toBe('1,000');
    expect(formatInteger(16)).toBe('16');
    expect(formatInteger(1_048_576)).toBe('1,048,576');
  });

  it('rounds fractions', () => {
    expect(formatInteger(2.6)).toBe('3');
  });
});
