import { FIRST_QUERIES_SCRIPT_ID, jsonDataScript } from '@kubemarket/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { primeFirstQueries } from './first-queries';

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
