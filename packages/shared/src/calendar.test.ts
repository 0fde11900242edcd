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
  // November 2026 has 30 × 24 = 720 hours. At 12:30 on the 11th, the hours that have ended are
  // 10 days × 24 + 12 = 252 (the metering records an hour once it is over); 720 − 252 = 468 are left.
  const now = Date.UTC(2026, 10, 11, 12, 30);

  it('without a run rate, is the straight line through the metered hours: month to date ÷ 252 × 720', () => {
    // €25.20 over 252 hours is 10 cents an hour: 2,520 + 10 × 468 = 7,200 cents (= 2,520 ÷ 252 × 720).
    expect(monthForecast(2_520_000, now)).toEqual({
      monthStart: Date.UTC(2026, 10, 1),
      monthEnd: Date.UTC(2026, 11, 1),
      elapsedHours: 252,
      monthHours: 720,
      remainingHours: 468,
      runRateMillicentsPerHour: 10_000,
      runRateHours: 252,
      monthToDateCents: 2_520,
      forecastCents: 7_200,
    });
  });

  it('adds the last day’s hourly run rate for each hour left', () => {
    // The last 24 hours cost €3.60, 15 cents an hour: 2,520 + 15 × 468 = 2,520 + 7,020 = 9,540 cents.
    expect(monthForecast(2_520_000, now, { recent: { millicents: 360_000, hours: 24 } })).toMatchObject({ elapsedHours: 252, remainingHours: 468, runRateMillicentsPerHour: 15_000, forecastCents: 9_540 });
    // The metering one hour behind (11:00 is the last hour recorded): 251 hours metered, 469 left, 2,520 + 15 × 469 = 9,555.
    expect(monthForecast(2_520_000, now, { meteredUntil: Date.UTC(2026, 10, 11, 11), recent: { millicents: 360_000, hours: 24 } })).toMatchObject({ elapsedHours: 251, remainingHours: 469, forecastCents: 9_555 });
    // A fraction of a cent an hour counts: 7 cents over 24 hours, 468 hours left: 2,520 + 7 ÷ 24 × 468 = 2,520 + 136.5 → 2,657 (rounded once, at the end).
    expect(monthForecast(2_520_000, now, { recent: { millicents: 7_000, hours: 24 } }).forecastCents).toBe(2_657);
  });

  it('at the start of a month, forecasts from the last day of the month before rather than nothing', () => {
    // 1 December 2026 at 00:05: no hour of December metered, all 744 left; November's last day at 10 cents an hour: 74.40 €.
    const december = Date.UTC(2026, 11, 1, 0, 5);
    expect(monthForecast(0, december, { recent: { millicents: 240_000, hours: 24 } })).toMatchObject({ elapsedHours: 0, monthHours: 744, remainingHours: 744, forecastCents: 7_440 });
    // Without a run rate there is nothing to go on.
    expect(monthForecast(0, december)).toMatchObject({ elapsedHours: 0, monthHours: 744, forecastCents: 0, runRateMillicentsPerHour: 0 });
    expect(utcNextMonthStart(Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2027, 0, 1));
  });

  it('in the month’s last hour, adds one hour at the run rate', () => {
    const lastHour = Date.UTC(2026, 10, 30, 23, 59);
    expect(monthForecast(7_190_000, lastHour, { recent: { millicents: 240_000, hours: 24 } })).toMatchObject({ elapsedHours: 719, remainingHours: 1, forecastCents: 7_200 });
  });
});
