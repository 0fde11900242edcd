import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  centsToEuros,
  eurosToCents,
  eurosToMillicents,
  formatBasisPoints,
  formatEuros,
  formatHourlyEuros,
  hasAtMostDecimals,
  millicentsToEuros,
  percentToBasisPoints,
} from './money';

describe('euros and cents', () => {
  it('converts euros typed with 2 decimals to the exact number of cents, without float drift', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(19.99)).toBe(1_999);
    expect(eurosToCents(1_234.5)).toBe(123_450);
    expect(eurosToCents(10_000_000)).toBe(1_000_000_000);
    expect(eurosToCents(0)).toBe(0);
  });

  it('round-trips every amount of cents up to 10 million euros, as shown in a form and typed back', () => {
    const drifted: number[] = [];
    for (let cents = 0; cents <= 1_000_000_000; cents += cents < 100_000 ? 1 : 99_991) {
      // As shown, and as a NumberInput holds it after rounding the shown value to 2 decimals.
      if (eurosToCents(centsToEuros(cents)) !== cents || eurosToCents(Number(centsToEuros(cents).toFixed(2))) !== cents) drifted.push(cents);
    }
    expect(drifted).toEqual([]);
  });

  it('converts node-hour prices to thousandths of a cent and back', () => {
    expect(eurosToMillicents(0.06712)).toBe(6_712);
    expect(millicentsToEuros(6_712)).toBe(0.06712);
    const drifted: number[] = [];
    for (let millicents = 0; millicents <= 200_000; millicents += 1) if (eurosToMillicents(millicentsToEuros(millicents)) !== millicents) drifted.push(millicents);
    expect(drifted).toEqual([]);
  });

  it('converts percentages to basis points and back', () => {
    expect(percentToBasisPoints(99.95)).toBe(9_995);
    expect(percentToBasisPoints(7)).toBe(700);
    expect(percentToBasisPoints(0.01)).toBe(1);
    expect(basisPointsToPercent(9_995)).toBe(99.95);
    const drifted: number[] = [];
    for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 1) if (percentToBasisPoints(basisPointsToPercent(basisPoints)) !== basisPoints) drifted.push(basisPoints);
    expect(drifted).toEqual([]);
  });

  it('tells whether a value has at most so many decimals', () => {
    expect(hasAtMostDecimals(0.29, 2)).toBe(true);
    expect(hasAtMostDecimals(12, 2)).toBe(true);
    expect(hasAtMostDecimals(0.295, 2)).toBe(false);
    expect(hasAtMostDecimals(0.06712, 5)).toBe(true);
    expect(hasAtMostDecimals(0.067125, 5)).toBe(false);
  });

  it('shows money as the rest of the app does', () => {
    expect(formatEuros(123_450)).toBe('€1,234.50');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatHourlyEuros(6_712)).toBe('€0.06712');
    expect(formatHourlyEuros(12_000)).toBe('€0.12');
    expect(formatBasisPoints(9_995)).toBe('99.95 %');
    expect(formatBasisPoints(700)).toBe('7 %');
  });
});
