import type { PathsWithMethod } from 'openapi-typescript-helpers';
import type { KubeMarketClient } from './client.ts';
import type { paths } from './generated/api.ts';

type GetPath = PathsWithMethod<paths, 'get'>;
type JsonOk<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Json } } } } ? Json : never;
type PagedAnswer = { items: unknown[]; page: number; pageSize: number; total: number };

/** The paths whose GET answers a page: `{ items, page, pageSize, total }` (and takes `page`, `pageSize`). */
export type ListPath = { [P in GetPath]: JsonOk<paths[P]['get']> extends PagedAnswer ? P : never }[GetPath];

/** One item of a list path's pages. */
export type ItemOf<P extends ListPath> = JsonOk<paths[P]['get']> extends { items: Array<infer Item> } ? Item : never;

type ParametersOf<P extends ListPath> = paths[P]['get'] extends { parameters: infer Parameters } ? Parameters : never;
type QueryOf<P extends ListPath> = ParametersOf<P> extends { query?: infer Query } ? Omit<NonNullable<Query>, 'page' | 'pageSize'> : never;

export type PaginateOptions<P extends ListPath> = {
  /** The list's filters and sort (not `page`, which the iterator moves). */
  query?: QueryOf<P>;
  /** Items asked for per request: 100 (the most the API answers) unless said. */
  pageSize?: number;
  /** Stops after this many items. */
  limit?: number;
} & (ParametersOf<P> extends { path: infer Path } ? { path: Path } : { path?: never });

/** The API answers at most 100 items a page, and pages up to 10,000. */
const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000;

/**
 * Every item of a list, page after page, as an async iterator: it asks for page 1, 2, … until a
 * page comes back short or empty, or the items seen reach the answer's `total`.
 *
 *   for await (const cluster of paginate(client, '/api/clusters', { query: { status: 'running' } })) …
 */
export async function* paginate<P extends ListPath>(client: KubeMarketClient, path: P, ...[options]: ParametersOf<P> extends { path: unknown } ? [PaginateOptions<P>] : [PaginateOptions<P>?]): AsyncGenerator<ItemOf<P>, void, undefined> {
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options?.pageSize ?? MAX_PAGE_SIZE)));
  const limit = options?.limit ?? Number.POSITIVE_INFINITY;
  const get = client.GET as unknown as (url: string, init: { params: { query: Record<string, unknown>; path?: unknown } }) => Promise<PagedAnswer>;
  let yielded = 0;
  let seen = 0;
  for (let page = 1; page <= MAX_PAGE; page += 1) {
    const answer = await get(path, { params: { ...(options?.path ? { path: options.path } : {}), query: { ...(options?.query ?? {}), page, pageSize } } });
    for (const item of answer.items) {
      if (yielded >= limit) return;
      yield item as ItemOf<P>;
      yielded += 1;
    }
    seen += answer.items.length;
    if (answer.items.length === 0 || answer.items.length < answer.pageSize || seen >= answer.total) return;
  }
}

/** Every item of a list in one array (see `paginate`). */
export async function listAll<P extends ListPath>(client: KubeMarketClient, path: P, ...options: ParametersOf<P> extends { path: unknown } ? [PaginateOptions<P>] : [PaginateOptions<P>?]): Promise<Array<ItemOf<P>>> {
  const items: Array<ItemOf<P>> = [];
  for await (const item of paginate(client, path, ...options)) items.push(item);
  return items;
}
