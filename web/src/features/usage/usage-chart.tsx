import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'red.6', 'yellow.7'];

export interface UsageChartProps {
  rows: Array<Record<string, string | number>>;
  groups: Array<{ key: string; label: string }>;
  /** The chart's accessible name; the table below the chart carries the same numbers as text. */
  label: string;
  format: (amount: number) => string;
}

/** Stacked bars of cost per period and group (loaded with the usage page only). */
export default function UsageChart({ rows, groups, label, format }: UsageChartProps) {
  return (
    <div role="img" aria-label={label} data-testid="usage-chart">
      <BarChart
        h={300}
        data={rows}
        dataKey="period"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        series={groups.map((group, index) => ({ name: group.key, label: group.label, color: COLORS[index % COLORS.length]! }))}
      />
    </div>
  );
}
