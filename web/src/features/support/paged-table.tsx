import { Skeleton, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { pageRange } from './filter-options';
import { Pager } from '../../components/pager';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

interface PagedTableProps<T> {
  query: UseQueryResult<Page<T>, { message: string }>;
  /** The table's accessible name, also said while loading and on failure. */
  label: string;
  columns: readonly string[];
  minWidth: number;
  renderRow: (item: T) => ReactNode;
  empty: string;
  onPage: (page: number) => void;
  testId: string;
}

/** A page of tickets from the server: loading, failure, the range shown, the rows and the pager. */
export function PagedTable<T>({ query, label, columns, minWidth, renderRow, empty, onPage, testId }: PagedTableProps<T>) {
  if (query.isPending) return <Skeleton height={220} aria-busy="true" aria-label={`Loading: ${label}`} />;
  if (query.error) return <QueryErrorAlert title={`${label} could not be loaded`} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  const { data } = query;
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-count`}>
        {pageRange(data.total, data.page, data.pageSize)}
      </Text>
      {data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover aria-label={label} data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{data.items.map(renderRow)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{empty}</Text>
      )}
      <Pager label={`${label}: pages`} pages={data.pageCount} page={data.page} onChange={onPage} />
    </>
  );
}
