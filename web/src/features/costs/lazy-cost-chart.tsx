import { lazy, type ComponentProps } from 'react';
import { LazyChart } from '../../components/lazy-chart';

// @mantine/charts and recharts load with the cost chart only, keeping them out of the first bundle.
const CostChart = lazy(() => import('./cost-chart'));

/** The cost chart, its code loaded on demand and drawn once it scrolls into view. */
export function LazyCostChart(props: ComponentProps<typeof CostChart>) {
  return (
    <LazyChart height={290}>
      <CostChart {...props} />
    </LazyChart>
  );
}
