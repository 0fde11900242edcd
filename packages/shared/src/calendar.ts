/** The first instant (UTC epoch ms) of the calendar month, in UTC, that holds `at`: where monthly limits, bills and usage start. */
export function utcMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first instant of the UTC month after the one that holds `at`. */
export function utcNextMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

const HOUR_MS = 60 * 60_000;

/** How many recent metered hours the run rate averages: a whole day, so nights asleep and daytime traffic both count. */
export const FORECAST_RUN_RATE_HOURS = 24;

/** What a forecast knows besides the month to date; without it, the run rate is the month's own average. */
export interface ForecastBasis {
  /**
   * The end of the last metered hour (epoch ms): the month to date covers [month start, this).
   * The metering records an hour once it has ended, so by default it is the start of the hour under way.
   */
  meteredUntil?: number;
  /** The run rate: what the latest metered hours cost and how many hours that was (up to FORECAST_RUN_RATE_HOURS). */
  recent?: { millicents: number; hours: number };
}

/**
 * The current month's spend at its end: what the metered hours cost so far, plus the current
 * hourly run rate for each hour still to come.
 *
 *   forecast = month to date + run rate × hours left
 *   run rate = what the last metered day cost ÷ its hours (FORECAST_RUN_RATE_HOURS)
 *
 * Why not the straight line (month to date ÷ elapsed hours × hours in the month): it spreads a
 * change over the whole month. A cluster ordered on the 20th, a pool added or autoscaled up, a
 * cluster deleted yesterday: the straight line reads each as if it had always (or never) been so,
 * and only converges by the 31st. The run rate of the last day is what the organisation spends
 * now; a whole day of it keeps a night asleep or a quiet hour from reading as the new pace, and at
 * the start of a month it is last month's last day rather than nothing. Without `recent`, the run
 * rate is the month's own average and the formula is the straight line exactly.
 *
 * Hours count as metered, whole: an hour is in the month to date once the metering has recorded
 * it, and in the hours left until then, so no hour is counted twice or missed (ADR 40). One
 * function for every screen that shows a forecast (/billing, /usage, the cluster page) and for budgets.
 */
export function monthForecast(monthToDateMillicents: number, now: number, basis: ForecastBasis = {}) {
  const monthStart = utcMonthStart(now);
  const monthEnd = utcNextMonthStart(now);
  const monthHours = (monthEnd - monthStart) / HOUR_MS;
  const meteredUntil = Math.min(Math.max(basis.meteredUntil ?? Math.floor(now / HOUR_MS) * HOUR_MS, monthStart), monthEnd);
  const elapsedHours = Math.round((meteredUntil - monthStart) / HOUR_MS);
  const remainingHours = monthHours - elapsedHours;
  const runRate = basis.recent ?? { millicents: monthToDateMillicents, hours: elapsedHours };
  const runRateMillicentsPerHour = runRate.hours > 0 ? runRate.millicents / runRate.hours : 0;
  return {
    monthStart,
    monthEnd,
    /** Hours of the month already metered. */
    elapsedHours,
    monthHours,
    remainingHours,
    /** Millicents per hour (a fraction: a cent is too coarse for one hour of a small cluster). */
    runRateMillicentsPerHour,
    /** How many hours the run rate averages. */
    runRateHours: runRate.hours,
    monthToDateCents: Math.round(monthToDateMillicents / 1000),
    forecastCents: Math.round((monthToDateMillicents + runRateMillicentsPerHour * remainingHours) / 1000),
  };
}

export type MonthForecast = ReturnType<typeof monthForecast>;
