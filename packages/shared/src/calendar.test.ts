import { describe, expect, it } from 'vitest';
import { monthForecast, utcMonthStart, utcNextMonthStart } from './calendar';

describe('utcMonthStart', () => {
  it('is the first instant of the UTC month, at its edges and across a year', () => {
    expect(utcMonthStart(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(Date.UTC(2026, 0, 1));
    expect(utcMonthStart(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe(Date.UTC(2026, 11, 1));
    expect(utcMonthStart(Date.UTC(2028, 1, 29, 12))).toBe(Date.UTC(2028, 1, 1));
    expect(utcMonthStart(Date.UTC(2026, 2, 1) - 1)).toBe(Date.UTC(2026, 1, 1));
  });
});

describe('monthForecast', () => {
  it('projects the month to date in a straight line over the month’s hours, the hour under way counting as one', () => {
    // 30 November 2026 has 720 hours; 10 days and a half elapsed: 253 hours begun.
    const now = Date.UTC(2026, 10, 11, 12, 30);
    expect(monthForecast(2_530_000, now)).toEqual({
      monthStart: Date.UTC(2026, 10, 1),
      monthEnd: Date.UTC(2026, 11, 1),
      elapsedHours: 253,
      monthHours: 720,
      monthToDateCents: 2_530,
      forecastCents: 7_200,
    });
    // The first minutes of a month: one hour elapsed; nothing spent, nothing forecast.
    expect(monthForecast(0, Date.UTC(2026, 11, 1, 0, 5))).toMatchObject({ elapsedHours: 1, monthHours: 744, forecastCents: 0 });
    expect(utcNextMonthStart(Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2027, 0, 1));
  });
});
