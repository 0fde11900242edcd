import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ChartLegend } from '../../components/chart-legend';
import { COST_SERIES } from './cost-data';

export interface CostChartProps {
  rows: Array<Record<string, string | number>>;
  /** The chart's accessible name; the figures beside it carry the same numbers as text. */
  label: string;
  format: (amount: number) => string;
  testId?: string;
  /** Each bar's category along the axis: months on a cluster's card, clusters on /usage. */
  dataKey?: string;
}

/**
 * Quoted, actual and forecast side by side per month (or per cluster), loaded with the card only.
 * The colours are the 7th and 8th shades, which hold 3:1 against the card's white (WCAG 1.4.11).
 */
export default function CostChart({ rows, label, format, testId = 'cost-chart', dataKey = 'period' }: CostChartProps) {
  const series = COST_SERIES.filter((entry) => rows.some((row) => row[entry.name] !== undefined)).map((entry) => ({ ...entry }));
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      <BarChart h={260} data={rows} dataKey={dataKey} valueFormatter={format} yAxisProps={{ interval: 0 }} series={series} />
      <ChartLegend series={series} testId={`${testId}-legend`} />
    </div>
  );
}
