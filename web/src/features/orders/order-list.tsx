import { Button, Card, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { useTRPC } from '../../lib/trpc';
import { changeListSearch, listInput, pageSizeOptions, rangeLabel, readListSearch, DEFAULT_PAGE_SIZE } from './list-search';
import type { OrderListSearch, OrderListSearchParams } from './list-search';
import { ORDER_SORT_LABELS, ORDER_SORTS, ORDER_STATUS_LABELS, ORDER_STATUSES } from './order-types';
import type { OrderKind } from './order-types';
import { OrdersTable } from './orders-table';
import { Pager } from '../../components/pager';

export type SearchChange = (next: OrderListSearch, options?: { replace?: boolean }) => void;

interface OrderListProps {
  /** The kind listed; every kind when none. */
  kind?: OrderKind;
  /** The address's search parameters (shapes checked by the route). */
  search: OrderListSearchParams;
  onSearchChange: SearchChange;
  /** Names the table, e.g. "Your organisation's cluster orders". */
  caption: string;
  /** What to show when the organisation has no order of this kind at all. */
  empty: ReactNode;
}

const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'all';

/**
 * The organisation's orders, filtered, searched, sorted and paginated by the server, with the
 * choices kept in the address.
 */
export function OrderList({ kind, search: params, onSearchChange, caption, empty }: OrderListProps) {
  const trpc = useTRPC();
  const search = readListSearch(params);
  const input = listInput(search, kind);
  const orders = useQuery({ ...trpc.orders.list.queryOptions(input), placeholderData: keepPreviousData });
  const change = (values: Parameters<typeof changeListSearch>[1], options?: { replace?: boolean }) => onSearchChange(changeListSearch(search, values), options);

  // The search box follows the address (back button) unless the reader is typing in it.
  const [text, setText] = useState(search.q ?? '');
  const [seenQuery, setSeenQuery] = useState(search.q);
  if (search.q !== seenQuery) {
    setSeenQuery(search.q);
    if ((search.q ?? '') !== text.trim()) setText(search.q ?? '');
  }
  const pushSearch = useDebouncedCallback((value: string) => change({ q: value.trim() || null }, { replace: true }), SEARCH_DEBOUNCE_MS);
  const filtered = Boolean(search.status || search.q);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="form" role="search" aria-label={`Filter ${caption.toLowerCase()}`} onSubmit={(event) => {
        event.preventDefault();
        pushSearch.cancel();
        change({ q: text.trim() || null });
      }}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name or order id"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            data-testid="orders-search"
          />
          <Select
            label="Status"
            data={[{ value: ALL, label: 'All statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))]}
            value={search.status ?? ALL}
            allowDeselect={false}
            onChange={(value) => change({ status: value === ALL ? null : value })}
            data-testid="orders-status-filter"
          />
          <Select
            label="Sort by"
            data={ORDER_SORTS.map((sort) => ({ value: sort, label: ORDER_SORT_LABELS[sort] }))}
            value={search.sort ?? 'newest'}
            allowDeselect={false}
            onChange={(value) => change({ sort: value })}
            data-testid="orders-sort"
          />
          <Select
            label="Rows per page"
            data={pageSizeOptions(input.pageSize ?? DEFAULT_PAGE_SIZE).map((size) => ({ value: String(size), label: String(size) }))}
            value={String(input.pageSize ?? DEFAULT_PAGE_SIZE)}
            allowDeselect={false}
            onChange={(value) => change({ pageSize: Number(value) })}
            data-testid="orders-page-size"
          />
        </SimpleGrid>
      </Card>

      {orders.isPending ? (
        <Skeleton height={240} radius="md" aria-label="Loading orders" />
      ) : orders.error ? (
        <QueryErrorAlert title="Orders could not be loaded" error={orders.error} retrying={orders.isFetching} onRetry={() => void orders.refetch()} />
      ) : (
        <Stack gap="sm" aria-busy={orders.isFetching}>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="orders-range">
            {rangeLabel(orders.data.page, orders.data.pageSize, orders.data.total)}
            {orders.data.pageCount > 1 ? `, page ${orders.data.page} of ${orders.data.pageCount}` : ''}
          </Text>
          {orders.data.total === 0 ? (
            filtered ? (
              <Stack gap="xs" align="flex-start" data-testid="orders-none-match">
                <Text size="sm">No order matches these filters.</Text>
                <Button size="xs" variant="default" onClick={() => onSearchChange(readListSearch({ sort: search.sort, pageSize: search.pageSize }))}>
                  Clear the filters
                </Button>
              </Stack>
            ) : (
              <div data-testid="orders-empty">{empty}</div>
            )
          ) : orders.data.items.length === 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">There is no page {orders.data.page}.</Text>
              <Button size="xs" variant="default" onClick={() => change({ page: null })}>
                Go to the first page
              </Button>
            </Stack>
          ) : (
            <OrdersTable items={orders.data.items} caption={caption} showKind={kind === undefined} />
          )}
          <Pager label={`Pages of ${caption.toLowerCase()}`} pages={orders.data.pageCount} page={orders.data.page} onChange={(page) => change({ page })} testId="orders-pagination" />
        </Stack>
      )}
    </Stack>
  );
}
