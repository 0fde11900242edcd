/** The first instant (UTC epoch ms) of the calendar month, in UTC, that holds `at`: where monthly limits, bills and usage start. */
export function utcMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
