import { describe, expect, it } from 'vitest';
import { chartRows, defaultRange, tableRows, usageCsv, type UsageReport } from './usage-data';

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
  quantities: [],
  totals: { amountCents: 1_750, byGroup: { clu_a: 1_500, clu_b: 250 } },
  forecast: { monthStart: 0, monthEnd: 0, monthToDateCents: 0, elapsedDays: 1, daysInMonth: 30, forecastCents: 0 },
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

  it('defaults to the current month up to today', () => {
    expect(defaultRange(Date.UTC(2026, 10, 23, 22))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
});
