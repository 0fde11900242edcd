import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kubemarket/api';
import { USAGE_KIND_LABELS } from '@kubemarket/shared';

export type UsageReport = inferRouterOutputs<AppRouter>['usage']['get'];
export type UsageGroupBy = UsageReport['groupBy'];
export type UsageBy = UsageReport['by'];

/** One row of the usage table (and of its CSV): a period and one group's amount in EUR cents. */
export interface UsageTableRow {
  period: string;
  groupKey: string;
  group: string;
  amountCents: number;
}

/** Chart rows: one per period, one numeric field per group key, amounts in the display currency. */
export function chartRows(report: UsageReport, toDisplay: (eurCents: number) => number): Array<Record<string, string | number>> {
  return report.series.map((entry) => {
    const row: Record<string, string | number> = { period: entry.period };
    for (const group of report.groups) row[group.key] = Math.round(toDisplay(entry.amounts[group.key] ?? 0) * 100) / 100;
    return row;
  });
}

/** The table: every non-zero cell, periods in order and groups largest first. */
export function tableRows(report: UsageReport): UsageTableRow[] {
  const rows: UsageTableRow[] = [];
  for (const entry of report.series) {
    for (const group of report.groups) {
      const amountCents = entry.amounts[group.key];
      if (amountCents === undefined || amountCents === 0) continue;
      rows.push({ period: entry.period, groupKey: group.key, group: group.label, amountCents });
    }
  }
  return rows;
}

function csvField(value: string): string {
  // Quote what could break a row, and neutralise leading formula characters spreadsheets would run.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV: EUR amounts (what is charged) and, when another currency is shown, that amount too. */
export function usageCsv(rows: UsageTableRow[], by: UsageBy, display: { currency: string; toDisplay: (eurCents: number) => number } | null): string {
  const header = ['Period', by === 'cluster' ? 'Cluster or service' : 'Resource kind', 'Amount (EUR)'];
  if (display) header.push(`Amount (${display.currency})`);
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) {
    const fields = [row.period, row.group, (row.amountCents / 100).toFixed(2)];
    if (display) fields.push(display.toDisplay(row.amountCents).toFixed(2));
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export type UsageKind = UsageReport['quantities'][number]['kind'];

/** Each resource kind's quantity as the kind selector and the chart's title name it. */
export const QUANTITY_LABELS: Record<UsageKind, string> = {
  control_plane: 'Control-plane hours',
  node: 'Node-hours',
  hibernated_node: 'Hibernated node-hours',
  addon: 'Add-on hours',
  middleware: 'Middleware hours',
  storage: 'Storage GB-hours',
  egress: 'Egress GB',
  leftover: 'Kept-resource hours',
};

/** The resource kinds as the API names them when it splits by kind (the CSV's kind column). */
export const KIND_NAMES: Record<UsageKind, string> = USAGE_KIND_LABELS;

/** A quantity as people read it: 12,345.125 (at most three decimals, the metering's precision). */
export const formatQuantity = (quantity: number) => quantity.toLocaleString('en-GB', { maximumFractionDigits: 3 });

/**
 * The kind the quantities chart shows: the one chosen when the range has some of it, else
 * node-hours when there are any, else the first kind used; null when nothing was used.
 */
export function quantityKindOf(report: UsageReport, chosen: UsageKind | null): UsageKind | null {
  const used = report.quantities.map((entry) => entry.kind);
  if (chosen && used.includes(chosen)) return chosen;
  return used.includes('node') ? 'node' : (used[0] ?? null);
}

/** The groups with some of `kind` in the range, in the order of the cost chart's groups. */
export function quantityGroups(report: UsageReport, kind: UsageKind): UsageReport['groups'] {
  const used = new Set(report.quantitySeries.flatMap((entry) => Object.keys(entry.byGroup[kind] ?? {})));
  return report.groups.filter((group) => used.has(group.key));
}

/** Quantities of different kinds do not add up: one kind at a time, one field per group. */
export function quantityChartRows(report: UsageReport, kind: UsageKind): Array<Record<string, string | number>> {
  const groups = quantityGroups(report, kind);
  return report.quantitySeries.map((entry) => {
    const row: Record<string, string | number> = { period: entry.period };
    for (const group of groups) row[group.key] = entry.byGroup[kind]?.[group.key] ?? 0;
    return row;
  });
}

/** One row of the quantities table (and of its CSV): a period, one group and one kind's quantity in its unit. */
export interface UsageQuantityRow {
  period: string;
  groupKey: string;
  group: string;
  kind: UsageKind;
  quantity: number;
  unit: string;
}

/** Every non-zero quantity of `kind` (or of every kind used, in the API's order), by period then group. */
export function quantityTableRows(report: UsageReport, kind?: UsageKind): UsageQuantityRow[] {
  const rows: UsageQuantityRow[] = [];
  const kinds = report.quantities.filter((entry) => kind === undefined || entry.kind === kind);
  for (const entry of report.quantitySeries) {
    for (const { kind: each, unit } of kinds) {
      for (const group of report.groups) {
        const quantity = entry.byGroup[each]?.[group.key];
        if (quantity === undefined || quantity === 0) continue;
        rows.push({ period: entry.period, groupKey: group.key, group: group.label, kind: each, quantity, unit });
      }
    }
  }
  return rows;
}

/** Quantities as CSV: one row per period, (cluster,) kind and quantity, with its unit; plain numbers a spreadsheet reads. */
export function quantityCsv(rows: UsageQuantityRow[], by: UsageBy): string {
  const header = by === 'cluster' ? ['Period', 'Cluster or service', 'Resource kind', 'Quantity', 'Unit'] : ['Period', 'Resource kind', 'Quantity', 'Unit'];
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) {
    const fields = by === 'cluster' ? [row.period, row.group, KIND_NAMES[row.kind], String(row.quantity), row.unit] : [row.period, KIND_NAMES[row.kind], String(row.quantity), row.unit];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A UTC date as YYYY-MM-DD. */
export const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The default range: the first of the current month to today (UTC). */
export function defaultRange(now: number): { from: string; to: string } {
  const date = new Date(now);
  return { from: isoDate(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)), to: isoDate(now) };
}
