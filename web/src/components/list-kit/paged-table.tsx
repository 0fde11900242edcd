import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import { PagedResults } from './paged-results';

type ResultsProps<D> = ComponentProps<typeof PagedResults<D>>;

interface PagedTableProps<T, D extends { items: T[] }> extends Omit<ResultsProps<D>, 'children' | 'query'>, Omit<DataTableProps<T>, 'rows'> {
  query: UseQueryResult<D, { message: string }>;
  /** What shows instead of the table when the page holds no row (nothing: the range says it). */
  empty?: ReactNode;
}

/** A server-paginated table: loading, failure, the range shown, the rows (or `empty`) and the pager. */
export function PagedTable<T, D extends { items: T[] }>({ query, loading, errorTitle, range, rangeTestId, pagerLabel, pagerTestId, pages, page, onPage, busy, gap, empty = null, ...table }: PagedTableProps<T, D>) {
  return (
    <PagedResults
      query={query}
      loading={loading}
      errorTitle={errorTitle}
      range={range}
      rangeTestId={rangeTestId}
      pagerLabel={pagerLabel}
      pagerTestId={pagerTestId}
      pages={pages}
      page={page}
      onPage={onPage}
      busy={busy}
      gap={gap}
    >
      {(data) => (data.items.length > 0 ? <DataTable rows={data.items} {...table} /> : empty)}
    </PagedResults>
  );
}
