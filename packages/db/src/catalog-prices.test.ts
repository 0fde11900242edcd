import { describe, expect, it } from 'vitest';
import { priceInEffect } from './catalog-prices';

const JAN = Date.UTC(2026, 0, 1);
const JUL = Date.UTC(2026, 6, 1);

describe('priceInEffect', () => {
  const rows = [
    { effectiveFrom: JUL, monthlyPriceCents: 3_200 },
    { effectiveFrom: 0, monthlyPriceCents: 2_900 },
    { effectiveFrom: JAN, monthlyPriceCents: 3_000 },
  ];

  it('takes the latest row that has started, whatever the order of the rows', () => {
    expect(priceInEffect(rows, JAN + 1)?.monthlyPriceCents).toBe(3_000);
    expect(priceInEffect(rows, Date.UTC(2027, 0, 1))?.monthlyPriceCents).toBe(3_200);
    expect(priceInEffect([...rows].reverse(), JUL - 1)?.monthlyPriceCents).toBe(3_000);
  });

  it('applies a row from its first millisecond', () => {
    expect(priceInEffect(rows, JUL)?.monthlyPriceCents).toBe(3_200);
    expect(priceInEffect(rows, 0)?.monthlyPriceCents).toBe(2_900);
  });

  it('finds nothing before the first row or without rows', () => {
    expect(priceInEffect(rows.slice(0, 1), JAN)).toBeUndefined();
    expect(priceInEffect([], JAN)).toBeUndefined();
  });

  it('leaves earlier quotes unchanged when a future price is scheduled', () => {
    const orderedAt = JAN + 10;
    const before = priceInEffect(rows, orderedAt);
    const scheduled = [...rows, { effectiveFrom: Date.UTC(2027, 0, 1), monthlyPriceCents: 3_500 }];
    expect(priceInEffect(scheduled, orderedAt)).toBe(before);
  });
});
