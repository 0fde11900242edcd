import { meteredHours, usageRecords, type Database } from '@kubemarket/db';
import { FORECAST_RUN_RATE_HOURS, monthForecast, utcMonthStart, type MonthForecast } from '@kubemarket/shared';
import { and, eq, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { forecastOutput } from './schemas';

const HOUR_MS = 3_600_000;

/** Whose spend is forecast: an organisation's, one of its clusters', or a set of them (a budget's tier or label). */
export interface ForecastScope {
  organizationId: string;
  clusterId?: string;
  clusterIds?: readonly string[];
}

/**
 * The month's forecast (monthForecast in @kubemarket/shared) from the inputs every screen reads
 * the same way, so /billing, /usage, the cluster page and budgets cannot disagree for one
 * organisation at one instant: the hours the metering has recorded (metered_hours), the usage
 * records of those hours this month, and the last FORECAST_RUN_RATE_HOURS of them as the run
 * rate, divided by the hours of that window the subject had usage in (a cluster created this
 * morning runs at its own rate, not a day's average diluted by hours before it existed;
 * docs/product/costs.md#the-forecast-one-formula).
 */
export async function forecastOf(db: Database, scope: ForecastScope, now: number, options: { stopped?: boolean } = {}): Promise<MonthForecast> {
  const [latest] = await db.select({ hour: max(meteredHours.hour) }).from(meteredHours);
  const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  // The metering lags at most by the hour it has yet to record; none recorded yet (a fresh database): every ended hour.
  const meteredUntil = latest?.hour != null ? Math.min(latest.hour + HOUR_MS, currentHour) : currentHour;
  const monthStart = utcMonthStart(now);
  const recentFrom = meteredUntil - FORECAST_RUN_RATE_HOURS * HOUR_MS;
  const clusterIds = scope.clusterId ? [scope.clusterId] : scope.clusterIds;
  const owned = clusterIds ? and(eq(usageRecords.organizationId, scope.organizationId), inArray(usageRecords.clusterId, [...clusterIds])) : eq(usageRecords.organizationId, scope.organizationId);
  const [row] = await db
    .select({
      monthToDate: sql<number>`coalesce(sum(CASE WHEN ${usageRecords.hour} >= ${monthStart} THEN ${usageRecords.amountMillicents} ELSE 0 END), 0)`,
      recent: sql<number>`coalesce(sum(CASE WHEN ${usageRecords.hour} >= ${recentFrom} THEN ${usageRecords.amountMillicents} ELSE 0 END), 0)`,
      recentHours: sql<number>`count(DISTINCT CASE WHEN ${usageRecords.hour} >= ${recentFrom} THEN ${usageRecords.hour} END)`,
    })
    .from(usageRecords)
    .where(and(owned, gte(usageRecords.hour, Math.min(monthStart, recentFrom)), lt(usageRecords.hour, meteredUntil)));
  // A deleted cluster costs nothing more: its forecast is what it cost.
  const recent = options.stopped ? { millicents: 0, hours: 1 } : { millicents: Number(row?.recent ?? 0), hours: Number(row?.recentHours ?? 0) };
  return monthForecast(Number(row?.monthToDate ?? 0), now, { meteredUntil, recent });
}

/** A forecast as the answers carry it (forecastOutput). */
export function forecastView(forecast: MonthForecast): z.infer<typeof forecastOutput> {
  return {
    monthStart: forecast.monthStart,
    monthEnd: forecast.monthEnd,
    monthToDateCents: forecast.monthToDateCents,
    hoursElapsed: forecast.elapsedHours,
    hoursInMonth: forecast.monthHours,
    hoursLeft: forecast.remainingHours,
    runRateMillicentsPerHour: Math.round(forecast.runRateMillicentsPerHour * 1000) / 1000,
    runRateHours: forecast.runRateHours,
    elapsedDays: Math.round((forecast.elapsedHours / 24) * 1000) / 1000,
    daysInMonth: forecast.monthHours / 24,
    forecastCents: forecast.forecastCents,
  };
}
