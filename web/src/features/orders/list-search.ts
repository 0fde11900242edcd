import { MAX_PAGE, MAX_PAGE_SIZE, wholeNumberIn } from './list-search-params';
import type { OrderListSearchParams } from './list-search-params';
import { ORDER_SORTS, ORDER_STATUSES } from './order-types';
import type { ListOrdersInput, OrderKind, OrderSort, OrderStatus } from './order-types';

/**
 * A list of orders keeps its filter, search, sort and page in the address, so that a link, a
 * reload or the back button shows the same rows. The route only checks the shapes
 * (list-search-params.ts); these helpers read the values and leave out what the server would refuse.
 */
export type { OrderListSearchParams };

export interface OrderListSearch {
  status?: OrderStatus;
  q?: string;
  sort?: OrderSort;
  page?: number;
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES: readonly number[] = [10, 20, 50];
const MAX_SEARCH = 100;

/** The values a list shows: an unknown status or sort is left out, the search trimmed to what the server takes. */
export function readListSearch(params: OrderListSearchParams): OrderListSearch {
  const status = ORDER_STATUSES.find((candidate) => candidate === params.status);
  const sort = ORDER_SORTS.find((candidate) => candidate === params.sort);
  const q = params.q?.trim().slice(0, MAX_SEARCH);
  const page = wholeNumberIn(params.page, 1, MAX_PAGE);
  const pageSize = wholeNumberIn(params.pageSize, 1, MAX_PAGE_SIZE);
  return {
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
    ...(sort && sort !== 'newest' ? { sort } : {}),
    ...(page !== undefined && page > 1 ? { page } : {}),
    ...(pageSize !== undefined && pageSize !== DEFAULT_PAGE_SIZE ? { pageSize } : {}),
  };
}

/**
 * The next search after a change: a new filter, search, sort or page size goes back to page 1
 * (the page the reader was on may not exist any more); defaults are left out of the address.
 */
export function changeListSearch(current: OrderListSearch, change: Partial<Record<keyof OrderListSearch, string | number | null>>): OrderListSearch {
  const merged: OrderListSearchParams = { ...current };
  for (const [key, value] of Object.entries(change) as [keyof OrderListSearch, string | number | null | undefined][]) {
    if (value === null || value === undefined || value === '') delete merged[key];
    else (merged as Record<string, unknown>)[key] = value;
  }
  if (!('page' in change)) delete merged.page;
  return readListSearch(merged);
}

/** What orders.list is asked for a list of `kind` (every kind when none). */
export function listInput(search: OrderListSearch, kind?: OrderKind): ListOrdersInput {
  return {
    ...(kind ? { kind } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.q ? { q: search.q } : {}),
    sort: search.sort ?? 'newest',
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/** Rows-per-page choices: the usual sizes, and the one the address asked for when it is another. */
export function pageSizeOptions(current: number): number[] {
  return [...new Set([...PAGE_SIZES, current])].sort((a, b) => a - b);
}

/** "Orders 11–20 of 42" for the page shown. */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No orders';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  if (first === last) return `Order ${first} of ${total}`;
  return `Orders ${first}–${last} of ${total}`;
}
