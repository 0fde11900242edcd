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

/**
 * The current month's spend, projected: a straight line through what the elapsed hours of the
 * month cost (usage is metered by the hour, the hour under way counting as one), to the end of the
 * month. One formula for every screen that shows a forecast (/billing, /usage) and for budgets.
 */
export function monthForecast(monthToDateMillicents: number, now: number) {
  const monthStart = utcMonthStart(now);
  const monthEnd = utcNextMonthStart(now);
  const elapsedHours = Math.max(1, Math.ceil((now - monthStart) / HOUR_MS));
  const monthHours = (monthEnd - monthStart) / HOUR_MS;
  return {
    monthStart,
    monthEnd,
    elapsedHours,
    monthHours,
    monthToDateCents: Math.round(monthToDateMillicents / 1000),
    forecastCents: Math.round((monthToDateMillicents * monthHours) / elapsedHours / 1000),
  };
}
