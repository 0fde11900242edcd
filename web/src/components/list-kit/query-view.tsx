import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../query-error-alert';

interface QueryViewProps<D> {
  query: UseQueryResult<D, { message: string }>;
  /** What shows while the first answer is awaited (a skeleton). */
  loading: ReactNode;
  /** The failure's title, e.g. "The members could not be loaded". */
  errorTitle: string;
  errorTestId?: string;
  /** Whether the answer holds nothing to list; `empty` shows then. */
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  children: (data: D) => ReactNode;
}

/**
 * A list's query: its skeleton while loading, its failure with a way to try again, its empty state,
 * or its rows. Rows already shown stay when a later refresh fails (a polled list such as the
 * notifications does not blank out for one failed read); the failure shows when there is nothing
 * to show instead.
 */
export function QueryView<D>({ query, loading, errorTitle, errorTestId, isEmpty, empty, children }: QueryViewProps<D>) {
  if (query.isPending) return <>{loading}</>;
  // Past the first answer there is data, or an error and nothing to show (a query never answers undefined).
  const { data, error } = query;
  if (data === undefined) return error ? <QueryErrorAlert title={errorTitle} query={query} testId={errorTestId} /> : <>{loading}</>;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

/** A busy block standing for a list while it loads, named for screen readers. */
export function ListSkeleton({ label, height }: { label: string; height: number }) {
  return <Skeleton height={height} aria-busy="true" aria-label={label} />;
}

/** Placeholder rows standing for a short list while it loads, named for screen readers. */
export function RowsSkeleton({ label, heights = [36, 36], gap = 'xs', radius }: { label: string; heights?: readonly number[]; gap?: 'xs' | 'sm'; radius?: 'md' }) {
  return (
    <Stack gap={gap} aria-busy="true" aria-label={label}>
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} radius={radius} />
      ))}
    </Stack>
  );
}
