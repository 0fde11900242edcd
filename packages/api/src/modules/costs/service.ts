import { clusters, HOURS_PER_MONTH, meteredHours, usageRecords, type Cluster, type Database } from '@kubemarket/db';
import { utcMonthStart, utcNextMonthStart, type UsageKind } from '@kubemarket/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { organizationRow } from '../../platform/organization-rows';
import { forecastOf, forecastView } from '../usage';
import { explainDifference, type UsageCell } from './explain';
import { quoteAt, quotedNodeCount, quoteTimeline, type QuoteInForce } from './quoted';
import type { ClusterCostMonth, ClusterCostsOutput } from './schemas';

const HOUR_MS = 3_600_000;

export const CLUSTER_NOT_FOUND = 'No cluster with this id in your organisation.';

/** When the cluster stopped being billed, or null: a deleted cluster without its time stopped when last updated (as the metering reads it). */
const stoppedAt = (cluster: Cluster) => cluster.deletedAt ?? (cluster.status === 'deleted' ? cluster.updatedAt : null);

/** Billed during the hour that starts at `hour`: the metering's rule. */
const aliveDuring = (cluster: Cluster, hour: number) => {
  const stopped = stoppedAt(cluster);
  return cluster.createdAt < hour + HOUR_MS && (stopped === null || stopped > hour);
};

const monthKey = (at: number) => new Date(at).toISOString().slice(0, 7);

/**
 * What the quotes price over [from, to): each hour the cluster is billed takes the quote in force
 * at its middle (the pool size the metering reads), at monthly price ÷ 730 (the hourly basis the
 * metering charges), and counts the nodes the quote priced, per flavour.
 */
function quotedOver(cluster: Cluster, quotes: QuoteInForce[], from: number, to: number) {
  let millicents = 0;
  let hours = 0;
  const nodeHours = new Map<string, number>();
  const perQuote = new Map<QuoteInForce, { hours: number; millicents: number }>();
  for (let hour = from; hour < to; hour += HOUR_MS) {
    if (!aliveDuring(cluster, hour)) continue;
    const quote = quoteAt(quotes, Math.max(hour + HOUR_MS / 2, cluster.createdAt));
    const hourly = (quote.monthlyCents * 1000) / HOURS_PER_MONTH;
    millicents += hourly;
    hours += 1;
    const entry = perQuote.get(quote) ?? { hours: 0, millicents: 0 };
    entry.hours += 1;
    entry.millicents += hourly;
    perQuote.set(quote, entry);
    for (const pool of quote.pools.values()) nodeHours.set(pool.flavorId, (nodeHours.get(pool.flavorId) ?? 0) + pool.count);
  }
  return { millicents, hours, nodeHours, perQuote };
}

const quoteView = (quote: QuoteInForce) => ({ effectiveAt: quote.effectiveAt, monthlyCents: quote.monthlyCents, reason: quote.reason, nodeCount: quotedNodeCount(quote) });

/**
 * One cluster's cost per month, this month and the months before it existed in (at most
 * `months`), newest first: what its quotes priced for the hours it ran, what those hours were
 * metered at, the month-end forecast for this month (the shared formula, through forecastOf),
 * and the difference explained by line (docs/product/costs.md). Another organisation's cluster is a 404.
 */
export async function clusterCosts(db: Database, organizationId: string, input: { id: string; months: number }, now: number): Promise<ClusterCostsOutput> {
  const cluster = await organizationRow(db, clusters, organizationId, input.id, CLUSTER_NOT_FOUND);
  const stopped = stoppedAt(cluster);
  const [quotes, forecast, [metering]] = await Promise.all([
    quoteTimeline(db, cluster),
    forecastOf(db, { organizationId, clusterId: cluster.id }, now, { stopped: stopped !== null }),
    db.select({ since: sql<number | null>`min(${meteredHours.hour})` }).from(meteredHours),
  ]);
  const thisMonth = utcMonthStart(now);
  const meteredUntil = forecast.monthStart + forecast.elapsedHours * HOUR_MS;
  // Quoted and actual cover the same hours: none before the platform's metering began (a cluster
  // older than the metering's history, as the seeded ones are, is not quoted for hours nobody
  // metered, which would read as a saving no line explains).
  const meteringSince = Number(metering?.since ?? 0);
  const earliest = Math.max(utcMonthStart(cluster.createdAt), utcMonthStart(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - (input.months - 1), 1)));

  const rows = await db
    .select({
      month: sql<string>`strftime('%Y-%m', ${usageRecords.hour} / 1000, 'unixepoch')`,
      kind: usageRecords.kind,
      resourceId: usageRecords.resourceId,
      orderId: usageRecords.orderId,
      quantityMilli: sql<number>`sum(${usageRecords.quantityMilli})`,
      millicents: sql<number>`sum(${usageRecords.amountMillicents})`,
    })
    .from(usageRecords)
    .where(and(eq(usageRecords.organizationId, organizationId), eq(usageRecords.clusterId, cluster.id), gte(usageRecords.hour, earliest), lt(usageRecords.hour, meteredUntil)))
    .groupBy(sql`1`, usageRecords.kind, usageRecords.resourceId, usageRecords.orderId);
  const cells = new Map<string, UsageCell[]>();
  for (const row of rows) {
    const list = cells.get(row.month) ?? [];
    list.push({ kind: row.kind as UsageKind, resourceId: row.resourceId, orderId: row.orderId, quantityMilli: Number(row.quantityMilli), millicents: Number(row.millicents) });
    cells.set(row.month, list);
  }

  const months: ClusterCostMonth[] = [];
  for (let monthStart = thisMonth; monthStart >= earliest; monthStart = utcMonthStart(monthStart - 1)) {
    const monthEnd = utcNextMonthStart(monthStart);
    if (stopped !== null && stopped <= monthStart) continue;
    const current = monthStart === thisMonth;
    const meteredEnd = Math.min(monthEnd, meteredUntil);
    const quoted = quotedOver(cluster, quotes, Math.max(monthStart, meteringSince), meteredEnd);
    const monthCells = cells.get(monthKey(monthStart)) ?? [];
    if (!current && quoted.hours === 0 && monthCells.length === 0) continue;
    const rest = current ? quotedOver(cluster, quotes, meteredEnd, monthEnd).millicents : 0;
    const explained = explainDifference({ quotedMillicents: quoted.millicents, quotedNodeHoursByFlavor: quoted.nodeHours, cells: monthCells, clusterOrderId: cluster.orderId });
    months.push({
      month: monthKey(monthStart),
      monthStart,
      monthEnd,
      current,
      hours: quoted.hours,
      quotedMonthCents: Math.round((quoted.millicents + rest) / 1000),
      forecast: current ? forecastView(forecast) : null,
      quotes: [...quoted.perQuote].map(([quote, share]) => ({ ...quoteView(quote), hours: share.hours, cents: Math.round(share.millicents / 1000) })),
      ...explained,
    });
  }
  return { clusterId: cluster.id, clusterName: cluster.name, currency: 'EUR', quotes: quotes.map(quoteView), months };
}
