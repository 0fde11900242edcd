import { listSearchRules, rangeLabel as rangeOf } from '../../components/list-kit';
import type { OrderListSearchParams } from './list-search-params';
import { ORDER_SORTS, ORDER_STATUSES } from './order-types';
import type { ListOrdersInput, OrderKind, OrderSort, OrderStatus } from './order-types';

/**
 * A list of orders keeps its filter, search, sort and page in the address (the list kit's rules):
 * the route only checks the shapes (list-search-params.ts); these read the values and leave out
 * what the server would refuse.
 */
export type { OrderListSearchParams };

export interface OrderListSearch {
  status?: OrderStatus;
  q?: string;
  sort?: OrderSort;
  page?: number;
  pageSize?: number;
}

export const orderSearch = listSearchRules<OrderListSearch>({
  fields: { status: ORDER_STATUSES, q: 'search', sort: ORDER_SORTS },
  defaultSort: 'newest',
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
});

/** The values a list shows: an unknown status or sort is left out, the search trimmed to what the server takes. */
export const readListSearch = (params: OrderListSearchParams): OrderListSearch => orderSearch.read({ ...params });
export const changeListSearch = orderSearch.change;
export const pageSizeOptions = orderSearch.pageSizeOptions;

/** What orders.list is asked for a list of `kind` (every kind when none). */
export function listInput(search: OrderListSearch, kind?: OrderKind): ListOrdersInput {
  return {
    ...(kind ? { kind } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...orderSearch.paging(search),
  };
}

/** "Orders 11–20 of 42" for the page shown. */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  return rangeOf(page, pageSize, total, { none: 'No orders', one: 'Order', many: 'Orders' });
}
