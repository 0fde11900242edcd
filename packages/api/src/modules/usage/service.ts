import { clusters, middlewareInstances, middlewarePlans, middlewares, usageRecords, USAGE_KINDS, type Database, type UsageKind } from '@kubemarket/db';
import { USAGE_KIND_LABELS, USAGE_KIND_UNITS, utcMonthStart } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { forecastOf, forecastView } from './forecast';
import { MAX_RANGE_DAYS, type UsageInput, type UsageOutput } from './schemas';

const DAY_MS = 86_400_000;

const UNITS = USAGE_KIND_UNITS;

const KIND_LABELS = USAGE_KIND_LABELS;


/** A date is its whole UTC day: as a start its midnight, as an end the next midnight. */
function instantOf(value: string | number, end: boolean): number {
  if (typeof value === 'number') return value;
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at)) throw new TRPCError({ code: 'BAD_REQUEST', message: `"${value}" is not a date.` });
  return end ? at + DAY_MS : at;
}

export function usageRange(input: Pick<UsageInput, 'from' | 'to'>, now: number): { from: number; to: number } {
  const from = input.from === undefined ? utcMonthStart(now) : instantOf(input.from, false);
  const to = input.to === undefined ? now : instantOf(input.to, true);
  if (to <= from) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The end of the range must come after its start.' });
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw new TRPCError({ code: 'BAD_REQUEST', message: `Ask for at most ${MAX_RANGE_DAYS} days at a time.` });
  return { from, to };
}

/**
 * The organisation's metered usage over [from, to), summed in SQL over the (organization_id, hour)
 * index in one query: one row per period, group and resource kind, from which the amounts per period
 * and group, the quantities per period and kind (and per group within a kind) and the range's totals
 * per kind are added up here. Amounts are summed in millicents and rounded to the cent per period and
 * group, so a total may differ by a cent from the sum of its rounded cells.
 *
 * The forecast is the current month's, read as /billing reads it (forecastOf): the month to date
 * plus the last day's hourly run rate for each hour left.
 */
export async function usageReport(db: Database, organizationId: string, input: UsageInput, now: number): Promise<UsageOutput> {
  const { from, to } = usageRange(input, now);
  const period = input.groupBy === 'day' ? sql<string>`strftime('%Y-%m-%d', ${usageRecords.hour} / 1000, 'unixepoch')` : sql<string>`strftime('%Y-%m', ${usageRecords.hour} / 1000, 'unixepoch')`;
  const group = input.by === 'cluster' ? sql<string>`coalesce(${usageRecords.clusterId}, ${usageRecords.subjectId})` : sql<string>`${usageRecords.kind}`;
  const inRange = (start: number, end: number) => and(eq(usageRecords.organizationId, organizationId), gte(usageRecords.hour, start), lt(usageRecords.hour, end));

  const [cells, forecast] = await Promise.all([
    db
      .select({ period, group, kind: usageRecords.kind, quantityMilli: sql<number>`sum(${usageRecords.quantityMilli})`, millicents: sql<number>`sum(${usageRecords.amountMillicents})` })
      .from(usageRecords)
      .where(inRange(from, to))
      .groupBy(period, group, usageRecords.kind)
      .orderBy(period),
    forecastOf(db, { organizationId }, now),
  ]);

  // Per period (in order): millicents per group, and thousandths per kind and per kind and group.
  // Both are integers in the database, so these sums are exact.
  const periods = new Map<string, { millicents: Map<string, number>; quantityMilli: Map<UsageKind, number>; groupQuantityMilli: Map<UsageKind, Map<string, number>> }>();
  const groupMillicents = new Map<string, number>();
  const kindTotals = new Map<UsageKind, { quantityMilli: number; millicents: number }>();
  let totalMillicents = 0;
  for (const cell of cells) {
    const millicents = Number(cell.millicents);
    const quantityMilli = Number(cell.quantityMilli);
    let entry = periods.get(cell.period);
    if (!entry) periods.set(cell.period, (entry = { millicents: new Map(), quantityMilli: new Map(), groupQuantityMilli: new Map() }));
    entry.millicents.set(cell.group, (entry.millicents.get(cell.group) ?? 0) + millicents);
    entry.quantityMilli.set(cell.kind, (entry.quantityMilli.get(cell.kind) ?? 0) + quantityMilli);
    const ofKind = entry.groupQuantityMilli.get(cell.kind) ?? new Map<string, number>();
    ofKind.set(cell.group, (ofKind.get(cell.group) ?? 0) + quantityMilli);
    entry.groupQuantityMilli.set(cell.kind, ofKind);
    groupMillicents.set(cell.group, (groupMillicents.get(cell.group) ?? 0) + millicents);
    const kindTotal = kindTotals.get(cell.kind) ?? { quantityMilli: 0, millicents: 0 };
    kindTotal.quantityMilli += quantityMilli;
    kindTotal.millicents += millicents;
    kindTotals.set(cell.kind, kindTotal);
    totalMillicents += millicents;
  }
  const series = [...periods].map(([period, entry]) => {
    const amounts = Object.fromEntries([...entry.millicents].map(([group, millicents]) => [group, Math.round(millicents / 1000)]));
    return { period, totalCents: Object.values(amounts).reduce((sum, cents) => sum + cents, 0), amounts };
  });
  const presentKinds = USAGE_KINDS.filter((kind) => kindTotals.has(kind));
  const quantitySeries = [...periods].map(([period, entry]) => ({
    period,
    quantities: Object.fromEntries(presentKinds.filter((kind) => entry.quantityMilli.has(kind)).map((kind) => [kind, entry.quantityMilli.get(kind)! / 1000])),
    byGroup: Object.fromEntries(
      presentKinds
        .filter((kind) => entry.groupQuantityMilli.has(kind))
        .map((kind) => [kind, Object.fromEntries([...entry.groupQuantityMilli.get(kind)!].map(([group, quantityMilli]) => [group, quantityMilli / 1000]))]),
    ),
  }));
  const keys = [...groupMillicents.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const labels = await groupLabels(db, input.by, keys);

  return {
    from,
    to,
    groupBy: input.groupBy,
    by: input.by,
    currency: 'EUR',
    groups: keys.map((key) => ({ key, label: labels.get(key) ?? key })),
    series,
    quantities: presentKinds.map((kind) => {
      const total = kindTotals.get(kind)!;
      return { kind, unit: UNITS[kind], quantity: total.quantityMilli / 1000, amountCents: Math.round(total.millicents / 1000) };
    }),
    quantitySeries,
    totals: { amountCents: Math.round(totalMillicents / 1000), byGroup: Object.fromEntries(keys.map((key) => [key, Math.round(groupMillicents.get(key)! / 1000)])) },
    forecast: forecastView(forecast),
  };
}

/** Names of the groups: clusters by name (deleted ones too), middleware instances by name, older middleware orders by their plan. */
async function groupLabels(db: Database, by: UsageInput['by'], keys: string[]): Promise<Map<string, string>> {
  if (by === 'kind') return new Map(keys.map((key) => [key, KIND_LABELS[key as UsageKind] ?? key]));
  if (keys.length === 0) return new Map();
  const labels = new Map<string, string>();
  for (let index = 0; index < keys.length; index += 90) {
    const chunk = keys.slice(index, index + 90);
    const [clusterRows, instanceRows, planRows] = await Promise.all([
      db.select({ id: clusters.id, name: clusters.name }).from(clusters).where(inArray(clusters.id, chunk)),
      db
        .select({ id: middlewareInstances.id, name: middlewareInstances.name, middleware: middlewares.name })
        .from(middlewareInstances)
        .innerJoin(middlewares, eq(middlewares.id, middlewareInstances.middlewareId))
        .where(inArray(middlewareInstances.id, chunk)),
      db
        .selectDistinct({ subjectId: usageRecords.subjectId, plan: middlewarePlans.name, middleware: middlewares.name })
        .from(usageRecords)
        .innerJoin(middlewarePlans, eq(middlewarePlans.id, usageRecords.resourceId))
        .innerJoin(middlewares, eq(middlewares.id, middlewarePlans.middlewareId))
        .where(and(inArray(usageRecords.subjectId, chunk), eq(usageRecords.kind, 'middleware'))),
    ]);
    for (const cluster of clusterRows) labels.set(cluster.id, cluster.name);
    for (const plan of planRows) labels.set(plan.subjectId, `${plan.middleware} ${plan.plan}`);
    // An instance is named as its page names it: "PostgreSQL orders-db" (issue 31).
    for (const instance of instanceRows) labels.set(instance.id, `${instance.middleware} ${instance.name}`);
  }
  return labels;
}
