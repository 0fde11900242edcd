import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ChartLegend } from '../../components/chart-legend';

/** Labels along the bottom axis: six fit a phone's width. */
const MAX_X_LABELS = 6;

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'red.6', 'yellow.7'];

export interface UsageChartProps {
  rows: Array<Record<string, string | number>>;
  groups: Array<{ key: string; label: string }>;
  /** The chart's accessible name; the table below the chart carries the same numbers as text. */
  label: string;
  format: (amount: number) => string;
  /** Tells the page's charts apart (cost, quantities). */
  testId?: string;
}

/** Stacked bars of cost or of one kind's quantity per period and group (loaded with the usage page only). */
export default function UsageChart({ rows, groups, label, format, testId = 'usage-chart' }: UsageChartProps) {
  const series = groups.map((group, index) => ({ name: group.key, label: group.label, color: COLORS[index % COLORS.length]! }));
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      <BarChart
        h={300}
        data={rows}
        dataKey="period"
        type="stacked"
        valueFormatter={format}
        // Axis labels at fixed intervals instead of recharts' default, which measures every label in
        // the document (a forced layout each) to decide which fit: at most six along the bottom.
        xAxisProps={{ interval: Math.max(0, Math.ceil(rows.length / MAX_X_LABELS) - 1) }}
        yAxisProps={{ interval: 0 }}
        series={series}
      />
      <ChartLegend series={series} testId="usage-chart-legend" />
    </div>
  );
}
