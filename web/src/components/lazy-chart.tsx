import { Skeleton } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { WhenInView } from './when-in-view';

/**
 * A chart whose code (@mantine/charts and recharts, kept out of the first bundle) loads on demand
 * and which is drawn once it scrolls into view; until then a loading status as tall as the chart
 * and its legend (an aria-label needs a role: a bare div may not carry one).
 */
export function LazyChart({ height, children }: { height: number; children: ReactNode }) {
  const placeholder = <Skeleton height={height} role="status" aria-label="Loading the chart" />;
  return (
    <WhenInView placeholder={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </WhenInView>
  );
}
