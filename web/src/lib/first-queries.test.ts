import { FIRST_QUERIES_SCRIPT_ID, jsonDataScript } from '@kubemarket/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFirstAnswers, primeFirstQueries } from './first-queries';
import { createQueryClient } from './query-client';

const SUMMARY_KEY = [['billing', 'summary'], { type: 'query' }];
const INVOICES_KEY = [['invoices', 'list'], { input: { page: 1, pageSize: 10 }, type: 'query' }];

/** A page whose first-queries block holds the text the browser finds in the Worker's element for `value`, or none. */
function page(value: unknown, raw?: string): Pick<Document, 'getElementById'> {
  const text = raw ?? /^<script[^>]*>(.*)<\/script>$/s.exec(jsonDataScript(FIRST_QUERIES_SCRIPT_ID, value))![1]!.replace(/\\u003c/g, '<');
  return { getElementById: (id: string) => (id === FIRST_QUERIES_SCRIPT_ID ? ({ textContent: text } as HTMLElement) : null) };
}

describe('primeFirstQueries', () => {
  it("puts the Worker's answers in the cache under the keys the page reads", () => {
    const queryClient = new QueryClient();
    const summary = { outstandingCents: 1200, note: 'Acme </script> GmbH' };
    expect(primeFirstQueries(queryClient, page([[SUMMARY_KEY, summary], [INVOICES_KEY, { items: [], total: 0 }]]))).toBe(2);
    expect(queryClient.getQueryData(SUMMARY_KEY)).toEqual(summary);
    expect(queryClient.getQueryData(INVOICES_KEY)).toEqual({ items: [], total: 0 });
  });

  it('leaves the cache alone without the block, with something that is not JSON, or with entries that are not query answers', () => {
    const queryClient = new QueryClient();
    expect(primeFirstQueries(queryClient, { getElementById: () => null })).toBe(0);
    expect(primeFirstQueries(queryClient, page(null, '{not json'))).toBe(0);
    expect(primeFirstQueries(queryClient, page({ key: 1 }))).toBe(0);
    expect(primeFirstQueries(queryClient, page([['billing.summary', 1], [[['a'], { type: 'mutation' }], 1], [SUMMARY_KEY]]))).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

describe("the Worker's answers as the first page's reads (ADR 54)", () => {
  // The browser's: the Worker's renders mark nothing (they share one isolate and never fetch).
  beforeEach(() => vi.stubGlobal('window', {}));
  afterEach(() => {
    forgetFirstAnswers();
    vi.unstubAllGlobals();
  });

  /** Mounts an observer of the key, as a component's useQuery does; returns how many times it fetched. */
  async function mount(queryClient: QueryClient, key: readonly unknown[]): Promise<number> {
    const queryFn = vi.fn(async () => ({ outstandingCents: 0 }));
    const unsubscribe = new QueryObserver(queryClient, { queryKey: key, queryFn }).subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    unsubscribe();
    return queryFn.mock.calls.length;
  }

  it('are not asked for again as the first page mounts or comes online, though stale; afterwards they are', async () => {
    const queryClient = createQueryClient();
    primeFirstQueries(queryClient, page([[SUMMARY_KEY, { outstandingCents: 1200 }]]));
    expect(queryClient.getQueryState(SUMMARY_KEY)?.isInvalidated).toBe(false);
    expect(await mount(queryClient, SUMMARY_KEY)).toBe(0);
    // A query the Worker did not answer is asked for as it mounts.
    expect(await mount(queryClient, INVOICES_KEY)).toBe(1);

    forgetFirstAnswers();
    expect(await mount(queryClient, SUMMARY_KEY)).toBe(1);
  });

  it('are marked in the browser only: a render in the Worker keeps nothing', async () => {
    vi.unstubAllGlobals();
    const queryClient = createQueryClient();
    primeFirstQueries(queryClient, page([[SUMMARY_KEY, { outstandingCents: 1200 }]]));
    expect(await mount(queryClient, SUMMARY_KEY)).toBe(1);
  });
});
