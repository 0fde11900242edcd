import { clusters, middlewarePlans, middlewares, usageRecords, USAGE_KINDS, type Database, type UsageKind } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { MAX_RANGE_DAYS, type UsageInput, type UsageOutput } from './schemas';

const DAY_MS = 86_400_000;

const UNITS: Record<UsageKind, string> = {
  control_plane: 'hours',
  node: 'node-hours',
  hibernated_node: 'node-hours',
  addon: 'hours',
  middleware: 'hours',
  storage: 'GB-hours',
  egress: 'GB',
};

const KIND_LABELS: Record<UsageKind, string> = {
  control_plane: 'Control plane',
  node: 'Nodes',
  hibernated_node: 'Hibernated nodes',
  addon: 'Add-ons',
  middleware: 'Middlewares',
  storage: 'Storage',
  egress: 'Egress traffic',
};

const monthStartOf = (at: number) => {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};
const nextMonthOf = (at: number) => {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

/** A date is its whole UTC day: as a start its midnight, as an end the next midnight. */
function instantOf(value: string | number, end: boolean): number {
  if (typeof value === 'number') return value;
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at)) throw new TRPCError({ code: 'BAD_REQUEST', message: `"${value}" is not a date.` });
  return end ? at + DAY_MS : at;
}

export function usageRange(input: Pick<UsageInput, 'from' | 'to'>, now: number): { from: number; to: number } {
  const from = input.from === undefined ? monthStartOf(now) : instantOf(input.from, false);
  const to = input.to === undefined ? now : instantOf(input.to, true);
  if (to <= from) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The end of the range must come after its start.' });
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw new TRPCError({ code: 'BAD_REQUEST', message: `Ask for at most ${MAX_RANGE_DAYS} days at a time.` });
  return { from, to };
}

/**
 * The organisation's metered usage over [from, to), summed in SQL over the (organization_id, hour)
 * index: one row per period and group. Amounts are summed in millicents and rounded to the cent per
 * period and group, so a total may differ by a cent from the sum of its rounded cells.
 *
 * The forecast is the current month's: month to date × days in the month ÷ days elapsed (counted
 * to the hour), a straight-line projection of the spend so far.
 */
export async function usageReport(db: Database, organizationId: string, input: UsageInput, now: number): Promise<UsageOutput> {
  const { from, to } = usageRange(input, now);
  const period = input.groupBy === 'day' ? sql<string>`strftime('%Y-%m-%d', ${usageRecords.hour} / 1000, 'unixepoch')` : sql<string>`strftime('%Y-%m', ${usageRecords.hour} / 1000, 'unixepoch')`;
  const group = input.by === 'cluster' ? sql<string>`coalesce(${usageRecords.clusterId}, ${usageRecords.subjectId})` : sql<string>`${usageRecords.kind}`;
  const inRange = (start: number, end: number) => and(eq(usageRecords.organizationId, organizationId), gte(usageRecords.hour, start), lt(usageRecords.hour, end));

  const monthStart = monthStartOf(now);
  const monthEnd = nextMonthOf(now);
  const [cells, kinds, monthToDate] = await Promise.all([
    db
      .select({ period, group, millicents: sql<number>`sum(${usageRecords.amountMillicents})` })
      .from(usageRecords)
      .where(inRange(from, to))
      .groupBy(period, group)
      .orderBy(period),
    db
      .select({ kind: usageRecords.kind, quantityMilli: sql<number>`sum(${usageRecords.quantityMilli})`, millicents: sql<number>`sum(${usageRecords.amountMillicents})` })
      .from(usageRecords)
      .where(inRange(from, to))
      .groupBy(usageRecords.kind),
    db.select({ millicents: sql<number | null>`sum(${usageRecords.amountMillicents})` }).from(usageRecords).where(inRange(monthStart, monthEnd)),
  ]);

  const series = new Map<string, { period: string; totalCents: number; amounts: Record<string, number> }>();
  const groupMillicents = new Map<string, number>();
  let totalMillicents = 0;
  for (const cell of cells) {
    const millicents = Number(cell.millicents);
    const entry = series.get(cell.period) ?? { period: cell.period, totalCents: 0, amounts: {} };
    entry.amounts[cell.group] = Math.round(millicents / 1000);
    entry.totalCents += entry.amounts[cell.group]!;
    series.set(cell.period, entry);
    groupMillicents.set(cell.group, (groupMillicents.get(cell.group) ?? 0) + millicents);
    totalMillicents += millicents;
  }
  const keys = [...groupMillicents.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const labels = await groupLabels(db, input.by, keys);

  const elapsedDays = Math.max(1 / 24, (Math.min(now, monthEnd) - monthStart) / DAY_MS);
  const daysInMonth = Math.round((monthEnd - monthStart) / DAY_MS);
  const monthToDateMillicents = Number(monthToDate[0]?.millicents ?? 0);
  return {
    from,
    to,
    groupBy: input.groupBy,
    by: input.by,
    currency: 'EUR',
    groups: keys.map((key) => ({ key, label: labels.get(key) ?? key })),
    series: [...series.values()],
    quantities: USAGE_KINDS.flatMap((kind) => {
      const row = kinds.find((candidate) => candidate.kind === kind);
      return row ? [{ kind, unit: UNITS[kind], quantity: Number(row.quantityMilli) / 1000, amountCents: Math.round(Number(row.millicents) / 1000) }] : [];
    }),
    totals: { amountCents: Math.round(totalMillicents / 1000), byGroup: Object.fromEntries(keys.map((key) => [key, Math.round(groupMillicents.get(key)! / 1000)])) },
    forecast: {
      monthStart,
      monthEnd,
      monthToDateCents: Math.round(monthToDateMillicents / 1000),
      elapsedDays: Math.round(elapsedDays * 1000) / 1000,
      daysInMonth,
      forecastCents: Math.round((monthToDateMillicents * daysInMonth) / elapsedDays / 1000),
    },
  };
}

/** Names of the groups: clusters by name (deleted ones too), middleware orders by their plan. */
async function groupLabels(db: Database, by: UsageInput['by'], keys: string[]): Promise<Map<string, string>> {
  if (by === 'kind') return new Map(keys.map((key) => [key, KIND_LABELS[key as UsageKind] ?? key]));
  if (keys.length === 0) return new Map();
  const labels = new Map<string, string>();
  for (let index = 0; index < keys.length; index += 90) {
    const chunk = keys.slice(index, index + 90);
    const [clusterRows, planRows] = await Promise.all([
      db.select({ id: clusters.id, name: clusters.name }).from(clusters).where(inArray(clusters.id, chunk)),
      db
        .selectDistinct({ subjectId: usageRecords.subjectId, plan: middlewarePlans.name, middleware: middlewares.name })
        .from(usageRecords)
        .innerJoin(middlewarePlans, eq(middlewarePlans.id, usageRecords.resourceId))
        .innerJoin(middlewares, eq(middlewares.id, middlewarePlans.middlewareId))
        .where(and(inArray(usageRecords.subjectId, chunk), eq(usageRecords.kind, 'middleware'))),
    ]);
    for (const cluster of clusterRows) labels.set(cluster.id, cluster.name);
    for (const plan of planRows) labels.set(plan.subjectId, `${plan.middleware} ${plan.plan}`);
  }
  return labels;
}
