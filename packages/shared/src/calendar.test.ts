import { describe, expect, it } from 'vitest';
import { utcMonthStart } from './calendar';

describe('utcMonthStart', () => {
  it('is the first instant of the UTC month, at its edges and across a year', () => {
    expect(utcMonthStart(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(Date.UTC(2026, 0, 1));
    expect(utcMonthStart(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe(Date.UTC(2026, 11, 1));
    expect(utcMonthStart(Date.UTC(2028, 1, 29, 12))).toBe(Date.UTC(2028, 1, 1));
    expect(utcMonthStart(Date.UTC(2026, 2, 1) - 1)).toBe(Date.UTC(2026, 1, 1));
  });
});
