import { split } from '@kubemarket/shared';
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

/** What the paged results take of a paged table's props; the rest are the table's. */
const RESULTS_PROPS = ['loading', 'errorTitle', 'range', 'rangeTestId', 'pagerLabel', 'pagerTestId', 'pages', 'page', 'onPage', 'busyWhileFetching', 'gap'] as const;

/** A server-paginated table: loading, failure, the range shown, the rows (or `empty`) and the pager. */
export function PagedTable<T, D extends { items: T[] }>({ query, empty = null, ...props }: PagedTableProps<T, D>) {
  const [results, table] = split(props, RESULTS_PROPS);
  return (
    <PagedResults query={query} {...results}>
      {(data) => (data.items.length > 0 ? <DataTable rows={data.items} {...table} /> : empty)}
    </PagedResults>
  );
}
