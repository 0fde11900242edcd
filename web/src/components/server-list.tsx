import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FilterSelect, optionsOf, PagedResults, PageRows, PageSizeSelect } from './list-kit';

// The parts that a list searched, filtered, sorted and paginated by the server, with its choices
// in the address, has whatever it lists (the organisation's clusters, its orders). Their test ids
// share one prefix: `${testIds}-sort`, `-page-size`, `-range`, `-pagination`, `-none-match`.

interface SortAndPageSizeProps<S extends string> {
  sortLabels: Record<S, string>;
  sort: S;
  onSort: (sort: S | null) => void;
  sizes: readonly number[];
  pageSize: number;
  onPageSize: (size: number) => void;
  testIds: string;
}

/** The last two choices of the list's toolbar: "Sort by" and "Rows per page". */
export function SortAndPageSize<S extends string>({ sortLabels, sort, onSort, sizes, pageSize, onPageSize, testIds }: SortAndPageSizeProps<S>) {
  return (
    <>
      <FilterSelect label="Sort by" options={optionsOf(sortLabels)} value={sort} onChange={(value) => onSort(value as S | null)} data-testid={`${testIds}-sort`} />
      <PageSizeSelect sizes={sizes} value={pageSize} onChange={onPageSize} data-testid={`${testIds}-page-size`} />
    </>
  );
}

interface ServerListResultsProps<D extends { items: readonly unknown[]; total: number; page: number }> {
  query: UseQueryResult<D, { message: string }>;
  /** The query's key: the results are marked busy while it fetches. */
  queryKey: QueryKey;
  loading: ReactNode;
  errorTitle: string;
  /** "Clusters 21–40 of 57, page 2 of 3" for the page shown. */
  range: (data: D) => string;
  pagerLabel: string;
  pages: (data: D) => number;
  /** Shows a page; null for the first (the address then names none). */
  onPage: (page: number | null) => void;
  /** Whether the reader narrowed the list. */
  filtered: boolean;
  noMatch: string;
  onClearFilters: () => void;
  /** What shows when there is nothing at all to list. */
  empty: ReactNode;
  testIds: string;
  /** The rows of the page (a table). */
  children: (data: D) => ReactNode;
}

/** The list's page: loading, failure, the range shown, the rows or why there are none, and the pager. */
export function ServerListResults<D extends { items: readonly unknown[]; total: number; page: number }>({
  queryKey,
  onPage,
  filtered,
  noMatch,
  onClearFilters,
  empty,
  testIds,
  children,
  ...results
}: ServerListResultsProps<D>) {
  return (
    <PagedResults {...results} rangeTestId={`${testIds}-range`} pagerTestId={`${testIds}-pagination`} page={(data) => data.page} onPage={onPage} busyWhileFetching={queryKey}>
      {(data) => (
        <PageRows
          total={data.total}
          shown={data.items.length}
          page={data.page}
          filtered={filtered}
          noMatch={noMatch}
          noMatchTestId={`${testIds}-none-match`}
          onClearFilters={onClearFilters}
          empty={empty}
          onFirstPage={() => onPage(null)}
        >
          {children(data)}
        </PageRows>
      )}
    </PagedResults>
  );
}
