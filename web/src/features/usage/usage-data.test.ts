import { describe, expect, it } from 'vitest';
import { chartRows, defaultRange, formatQuantity, quantityChartRows, quantityCsv, quantityGroups, quantityKindOf, quantityTableRows, tableRows, usageCsv, type UsageReport } from './usage-data';

const report: UsageReport = {
  from: Date.UTC(2026, 10, 1),
  to: Date.UTC(2026, 10, 3),
  groupBy: 'day',
  by: 'cluster',
  currency: 'EUR',
  groups: [
    { key: 'clu_a', label: 'web, "prod"' },
    { key: 'clu_b', label: '=cmd' },
  ],
  series: [
    { period: '2026-11-01', totalCents: 1_250, amounts: { clu_a: 1_000, clu_b: 250 } },
    { period: '2026-11-02', totalCents: 500, amounts: { clu_a: 500 } },
  ],
  quantities: [
    { kind: 'node', unit: 'node-hours', quantity: 60, amountCents: 1_600 },
    { kind: 'storage', unit: 'GB-hours', quantity: 1_200.5, amountCents: 150 },
  ],
  quantitySeries: [
    { period: '2026-11-01', quantities: { node: 36, storage: 1_200.5 }, byGroup: { node: { clu_a: 24, clu_b: 12 }, storage: { clu_a: 1_200.5 } } },
    { period: '2026-11-02', quantities: { node: 24 }, byGroup: { node: { clu_a: 24 } } },
  ],
  totals: { amountCents: 1_750, byGroup: { clu_a: 1_500, clu_b: 250 } },
  forecast: { monthStart: 0, monthEnd: 0, monthToDateCents: 0, hoursElapsed: 24, hoursInMonth: 720, hoursLeft: 696, runRateMillicentsPerHour: 0, runRateHours: 24, elapsedDays: 1, daysInMonth: 30, forecastCents: 0 },
};

describe('usage data', () => {
  it('gives one chart row per period with every group, converted', () => {
    expect(chartRows(report, (cents) => (cents / 100) * 2)).toEqual([
      { period: '2026-11-01', clu_a: 20, clu_b: 5 },
      { period: '2026-11-02', clu_a: 10, clu_b: 0 },
    ]);
  });

  it('lists the non-zero cells in the table', () => {
    expect(tableRows(report).map((row) => [row.period, row.group, row.amountCents])).toEqual([
      ['2026-11-01', 'web, "prod"', 1_000],
      ['2026-11-01', '=cmd', 250],
      ['2026-11-02', 'web, "prod"', 500],
    ]);
  });

  it('exports the table as CSV with EUR and the display currency, quoting and defusing formulas', () => {
    const csv = usageCsv(tableRows(report), 'cluster', { currency: 'USD', toDisplay: (cents) => (cents / 100) * 1.1 });
    expect(csv.split('\r\n')).toEqual([
      'Period,Cluster or service,Amount (EUR),Amount (USD)',
      '2026-11-01,"web, ""prod""",10.00,11.00',
      "2026-11-01,'=cmd,2.50,2.75",
      '2026-11-02,"web, ""prod""",5.00,5.50',
      '',
    ]);
    expect(usageCsv([], 'kind', null)).toBe('Period,Resource kind,Amount (EUR)\r\n');
  });

  it('charts one resource kind at a time, node-hours unless another used kind is chosen', () => {
    expect(quantityKindOf(report, null)).toBe('node');
    expect(quantityKindOf(report, 'storage')).toBe('storage');
    // A kind the range has none of (after a change of range): back to the default.
    expect(quantityKindOf(report, 'egress')).toBe('node');
    expect(quantityKindOf({ ...report, quantities: report.quantities.slice(1) }, null)).toBe('storage');
    expect(quantityKindOf({ ...report, quantities: [] }, 'node')).toBeNull();

    expect(quantityGroups(report, 'node').map((group) => group.key)).toEqual(['clu_a', 'clu_b']);
    expect(quantityChartRows(report, 'node')).toEqual([
      { period: '2026-11-01', clu_a: 24, clu_b: 12 },
      { period: '2026-11-02', clu_a: 24, clu_b: 0 },
    ]);
    // Only the groups with some of the kind are charted.
    expect(quantityGroups(report, 'storage').map((group) => group.key)).toEqual(['clu_a']);
    expect(quantityChartRows(report, 'storage')).toEqual([
      { period: '2026-11-01', clu_a: 1_200.5 },
      { period: '2026-11-02', clu_a: 0 },
    ]);
  });

  it('lists the non-zero quantities of one kind, or of every kind, and exports them as CSV with their units', () => {
    expect(quantityTableRows(report, 'node').map((row) => [row.period, row.group, row.quantity, row.unit])).toEqual([
      ['2026-11-01', 'web, "prod"', 24, 'node-hours'],
      ['2026-11-01', '=cmd', 12, 'node-hours'],
      ['2026-11-02', 'web, "prod"', 24, 'node-hours'],
    ]);
    const all = quantityTableRows(report);
    expect(all.map((row) => [row.period, row.groupKey, row.kind, row.quantity])).toEqual([
      ['2026-11-01', 'clu_a', 'node', 24],
      ['2026-11-01', 'clu_b', 'node', 12],
      ['2026-11-01', 'clu_a', 'storage', 1_200.5],
      ['2026-11-02', 'clu_a', 'node', 24],
    ]);
    expect(quantityCsv(all, 'cluster').split('\r\n')).toEqual([
      'Period,Cluster or service,Resource kind,Quantity,Unit',
      '2026-11-01,"web, ""prod""",Nodes,24,node-hours',
      "2026-11-01,'=cmd,Nodes,12,node-hours",
      '2026-11-01,"web, ""prod""",Storage,1200.5,GB-hours',
      '2026-11-02,"web, ""prod""",Nodes,24,node-hours',
      '',
    ]);
    expect(quantityCsv([], 'kind')).toBe('Period,Resource kind,Quantity,Unit\r\n');
    expect([formatQuantity(75_000), formatQuantity(0.125), formatQuantity(1_200.5)]).toEqual(['75,000', '0.125', '1,200.5']);
  });

  it('defaults to the current month up to today', () => {
    expect(defaultRange(Date.UTC(2026, 10, 23, 22))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
});
