import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { pageRange } from './filter-options';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

interface TicketRow {
  id: string;
  reference: string;
}

interface TicketPagedTableProps<T extends TicketRow> {
  query: UseQueryResult<Page<T>, { message: string }>;
  /** The table's accessible name, also said while loading and on failure. */
  label: string;
  columns: readonly Column<T>[];
  minWidth: number;
  empty: string;
  onPage: (page: number) => void;
  /** Names the table (`${testId}-table`), its range (`${testId}-count`) and each row (`${testId}-row`, with its ticket's data-reference). */
  testId: string;
}

/**
 * A page of tickets from the server (the list kit's paged table): loading, failure, the range shown,
 * the rows (keyed by ticket, named by reference) and the pager.
 */
export function TicketPagedTable<T extends TicketRow>({ query, label, empty, testId, ...table }: TicketPagedTableProps<T>) {
  return (
    <PagedTable
      query={query}
      loading={<Skeleton height={220} aria-busy="true" aria-label={`Loading: ${label}`} />}
      errorTitle={`${label} could not be loaded`}
      range={(data) => pageRange(data.total, data.page, data.pageSize)}
      rangeTestId={`${testId}-count`}
      pagerLabel={`${label}: pages`}
      pages={(data) => data.pageCount}
      page={(data) => data.page}
      label={label}
      striped
      highlightOnHover
      testId={`${testId}-table`}
      empty={<Text size="sm">{empty}</Text>}
      rowKey={(ticket) => ticket.id}
      rowProps={(ticket) => ({ 'data-testid': `${testId}-row`, 'data-reference': ticket.reference })}
      {...table}
    />
  );
}
