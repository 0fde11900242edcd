import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import { WhenInView } from '../../components/when-in-view';

// @mantine/charts and recharts load with the cost chart only, keeping them out of the first bundle.
const CostChart = lazy(() => import('./cost-chart'));

function ChartSkeleton() {
  return <Skeleton height={290} role="status" aria-label="Loading the chart" />;
}

/** The cost chart, its code loaded on demand and drawn once it scrolls into view. */
export function LazyCostChart(props: ComponentProps<typeof CostChart>) {
  return (
    <WhenInView placeholder={<ChartSkeleton />}>
      <Suspense fallback={<ChartSkeleton />}>
        <CostChart {...props} />
      </Suspense>
    </WhenInView>
  );
}
