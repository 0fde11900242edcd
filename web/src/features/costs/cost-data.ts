import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kubemarket/api';

/** One cluster's costs as GET /api/clusters/{id}/costs answers them. */
export type ClusterCosts = inferRouterOutputs<AppRouter>['costs']['cluster'];
export type CostMonth = ClusterCosts['months'][number];
export type MonthForecast = NonNullable<CostMonth['forecast']>;

const MONTH_NAMES = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH_NAMES = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "November 2026" (or "Nov 2026" on the chart's axis) for a month's first instant. */
export const monthName = (monthStart: number, short = false) => (short ? SHORT_MONTH_NAMES : MONTH_NAMES).format(monthStart);

/** What changed the price, as a customer reads it. */
export const QUOTE_REASONS: Record<ClusterCosts['quotes'][number]['reason'], string> = {
  order: 'At order',
  pool_resized: 'Node pool resized',
  pool_added: 'Node pool added',
  pool_removed: 'Node pool removed',
  pools_changed: 'Node pools changed',
  addons_changed: 'Add-ons changed',
};

export const COST_SERIES = [
  { name: 'quoted', label: 'Quoted', color: 'blue.7' },
  { name: 'actual', label: 'Actual (metered)', color: 'teal.8' },
  { name: 'forecast', label: 'Forecast to month end', color: 'orange.8' },
] as const;

/**
 * The chart's rows, oldest month first, in the display currency: what the quotes price for the
 * whole month (for this month, until its end), what was metered, and this month's forecast.
 */
export function costChartRows(months: CostMonth[], toDisplay: (eurCents: number) => number): Array<Record<string, string | number>> {
  return [...months].reverse().map((month) => ({
    period: monthName(month.monthStart, true),
    quoted: toDisplay(month.quotedMonthCents),
    actual: toDisplay(month.actualCents),
    ...(month.forecast ? { forecast: toDisplay(month.forecast.forecastCents) } : {}),
  }));
}

/** The hourly run rate in whole cents, for the formula's words (the forecast itself keeps the fraction). */
export const runRateCents = (forecast: MonthForecast) => Math.round(forecast.runRateMillicentsPerHour / 1000);
