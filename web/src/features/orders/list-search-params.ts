/**
 * The shapes of a list's search parameters, for the routes' validateSearch. Routes load with the
 * first page, so this file imports nothing: list-search.ts reads the values, in the page.
 */
export interface OrderListSearchParams {
  status?: string;
  q?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** The server's limits (orders.list). */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;

export function wholeNumberIn(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Only the shapes (numbers may come as text from a hand-typed address). */
export function listSearchParams(search: Record<string, unknown>): OrderListSearchParams {
  const page = wholeNumberIn(search.page, 1, MAX_PAGE);
  const pageSize = wholeNumberIn(search.pageSize, 1, MAX_PAGE_SIZE);
  return {
    ...(typeof search.status === 'string' ? { status: search.status } : {}),
    ...(typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q } : {}),
    ...(typeof search.sort === 'string' ? { sort: search.sort } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(pageSize !== undefined ? { pageSize } : {}),
  };
}
