import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kubemarket/api';

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

/** A UTC date as YYYY-MM-DD. */
export const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The default range: the first of the current month to today (UTC). */
export function defaultRange(now: number): { from: string; to: string } {
  const date = new Date(now);
  return { from: isoDate(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)), to: isoDate(now) };
}
