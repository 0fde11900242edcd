import { Skeleton, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FilterSelect, ListToolbar, optionsOf, SearchInput, useSearchBox, withPageOf } from '../../components/list-kit';
import { ServerListResults, SortAndPageSize } from '../../components/server-list';
import { useTRPC } from '../../lib/trpc';
import { changeListSearch, listInput, orderSearch, pageSizeOptions, rangeLabel, readListSearch } from './list-search';
import type { OrderListSearch, OrderListSearchParams } from './list-search';
import { ORDER_SORT_LABELS, ORDER_STATUS_LABELS } from './order-types';
import type { OrderKind } from './order-types';
import { OrdersTable } from './orders-table';

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
  const searchBox = useSearchBox(search.q, (q, options) => change({ q }, options));
  const { pageSize } = orderSearch.paging(search);

  return (
    <Stack gap="md">
      <ListToolbar label={`Filter ${caption.toLowerCase()}`} onSubmit={searchBox.submit} cols={{ base: 1, sm: 2, md: 4 }}>
        <SearchInput placeholder="Name or order id" value={searchBox.value} maxLength={100} onChange={searchBox.onChange} data-testid="orders-search" />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={optionsOf(ORDER_STATUS_LABELS)}
          value={search.status}
          onChange={(status) => change({ status })}
          data-testid="orders-status-filter"
        />
        <SortAndPageSize
          sortLabels={ORDER_SORT_LABELS}
          sort={search.sort ?? 'newest'}
          onSort={(sort) => change({ sort })}
          sizes={pageSizeOptions(pageSize)}
          pageSize={pageSize}
          onPageSize={(size) => change({ pageSize: size })}
          testIds="orders"
        />
      </ListToolbar>

      <ServerListResults
        query={orders}
        queryKey={trpc.orders.list.queryKey(input)}
        loading={<Skeleton height={240} radius="md" aria-label="Loading orders" />}
        errorTitle="Orders could not be loaded"
        range={(data) => withPageOf(rangeLabel(data.page, data.pageSize, data.total), data.page, data.pageCount)}
        pagerLabel={`Pages of ${caption.toLowerCase()}`}
        pages={(data) => data.pageCount}
        onPage={(page) => change({ page })}
        filtered={orderSearch.isFiltered(search)}
        noMatch="No order matches these filters."
        onClearFilters={() => onSearchChange(orderSearch.cleared(search))}
        empty={<div data-testid="orders-empty">{empty}</div>}
        testIds="orders"
      >
        {(data) => <OrdersTable items={data.items} caption={caption} showKind={kind === undefined} />}
      </ServerListResults>
    </Stack>
  );
}
