import { listSearchShapes } from '../../components/list-kit/search-params';

/**
 * The shapes of a list's search parameters, for the routes' validateSearch. Routes load with the
 * first page, so this file imports only the list kit's search parameters (no component):
 * list-search.ts reads the values, in the page.
 */
export interface OrderListSearchParams {
  status?: string;
  q?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** Only the shapes (numbers may come as text from a hand-typed address). */
export function listSearchParams(search: Record<string, unknown>): OrderListSearchParams {
  return listSearchShapes(search, ['status', 'q', 'sort']);
}
