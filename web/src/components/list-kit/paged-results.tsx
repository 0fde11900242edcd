import { Button, Stack, Text } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from '../pager';
import { QueryView } from './query-view';

interface PagedResultsProps<D> {
  query: UseQueryResult<D, { message: string }>;
  loading: ReactNode;
  errorTitle: string;
  /** The rows shown, said politely to screen readers when it changes: "Orders 11–20 of 42". */
  range: (data: D) => string;
  rangeTestId?: string;
  /** The pager's landmark name, e.g. "Pages of members". */
  pagerLabel: string;
  pagerTestId?: string;
  pages: (data: D) => number;
  page: (data: D) => number;
  onPage: (page: number) => void;
  /**
   * Marks the results busy while the query of this key is fetched (another page, a refresh). Read
   * apart from `query`, so that a refresh re-renders the mark alone, not the page and its rows.
   */
  busyWhileFetching?: QueryKey;
  gap?: MantineSpacing;
  testId?: string;
  /** Whether there is nothing at all to list; `empty` shows then, instead of the range, rows and pager. */
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  /** The rows (or what to say when there are none). */
  children: (data: D) => ReactNode;
}

/** A page of a server-paginated list: loading, failure, the range shown, the rows and the pager. */
export function PagedResults<D>({ query, loading, errorTitle, range, rangeTestId, pagerLabel, pagerTestId, pages, page, onPage, busyWhileFetching, gap = 'sm', testId, isEmpty, empty, children }: PagedResultsProps<D>) {
  return (
    <QueryView query={query} loading={loading} errorTitle={errorTitle} isEmpty={isEmpty} empty={empty}>
      {(data) => {
        const results = (
          <>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid={rangeTestId}>
              {range(data)}
            </Text>
            {children(data)}
            <Pager label={pagerLabel} pages={pages(data)} page={page(data)} onChange={onPage} testId={pagerTestId} />
          </>
        );
        return busyWhileFetching ? (
          <BusyStack queryKey={busyWhileFetching} gap={gap} testId={testId}>
            {results}
          </BusyStack>
        ) : (
          <Stack gap={gap} data-testid={testId}>
            {results}
          </Stack>
        );
      }}
    </QueryView>
  );
}

interface BusyStackProps {
  queryKey: QueryKey;
  gap: MantineSpacing;
  testId: string | undefined;
  children: ReactNode;
}

/**
 * The results' stack, `aria-busy` while the query of `queryKey` fetches. It watches the query
 * itself: when the mark changes only this re-renders, and its children, elements made by its
 * parent, are the same and are not rendered again (a refresh of /my-clusters re-rendered the
 * whole page, 100-145 ms a time on a phone's CPU: ADR 46).
 */
function BusyStack({ queryKey, gap, testId, children }: BusyStackProps) {
  const fetching = useIsFetching({ queryKey, exact: true }) > 0;
  return (
    <Stack gap={gap} aria-busy={fetching} data-testid={testId}>
      {children}
    </Stack>
  );
}

interface PageRowsProps {
  total: number;
  /** Rows on the page shown: none past the last page. */
  shown: number;
  page: number;
  /** Whether the reader narrowed the list. */
  filtered: boolean;
  /** Said when nothing matches the filters, e.g. "No cluster matches these filters." */
  noMatch: string;
  noMatchTestId?: string;
  onClearFilters: () => void;
  /** What shows when there is nothing at all to list. */
  empty: ReactNode;
  onFirstPage: () => void;
  /** The rows (a table). */
  children: ReactNode;
}

/** A page's rows, or why there are none: nothing matches the filters, nothing at all, or a page past the last. */
export function PageRows({ total, shown, page, filtered, noMatch, noMatchTestId, onClearFilters, empty, onFirstPage, children }: PageRowsProps) {
  if (total === 0 && !filtered) return <>{empty}</>;
  if (total === 0 || shown === 0) {
    return (
      <Stack gap="xs" align="flex-start" data-testid={total === 0 ? noMatchTestId : undefined}>
        <Text size="sm">{total === 0 ? noMatch : `There is no page ${page}.`}</Text>
        <Button size="xs" variant="default" onClick={total === 0 ? onClearFilters : onFirstPage}>
          {total === 0 ? 'Clear the filters' : 'Go to the first page'}
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}
