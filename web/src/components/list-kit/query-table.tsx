import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { QueryView } from './query-view';

interface QueryTableProps<T, D extends { items: T[] }> extends Omit<DataTableProps<T>, 'rows'> {
  query: UseQueryResult<D, { message: string }>;
  loading: ReactNode;
  errorTitle: string;
  /** What shows instead of the table when the answer holds no row. */
  empty: ReactNode;
}

/** A table of one query's items, not paged: loading, failure, its empty state, or the rows (PagedTable is the paged one). */
export function QueryTable<T, D extends { items: T[] }>({ query, loading, errorTitle, empty, ...table }: QueryTableProps<T, D>) {
  return (
    <QueryView query={query} loading={loading} errorTitle={errorTitle} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => <DataTable rows={data.items} {...table} />}
    </QueryView>
  );
}
