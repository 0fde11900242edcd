import { FIRST_QUERIES_SCRIPT_ID } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { firstQueriesOf, firstQueryKey } from '../src/first-queries';
import { TestClient, signedIn } from './client';

/** The first queries' answers a page carries, read as the app reads them (or undefined when it carries none). */
function firstQueriesIn(html: string): [unknown, unknown][] | undefined {
  const match = new RegExp(`<script type="application/json" id="${FIRST_QUERIES_SCRIPT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as [unknown, unknown][]) : undefined;
}

const answerOf = (entries: [unknown, unknown][] | undefined, path: string, input?: unknown) =>
  entries?.find(([key]) => JSON.stringify(key) === JSON.stringify(firstQueryKey({ path, input })))?.[1];

/** What the page would get asking tRPC itself. */
async function trpcAnswer(client: TestClient, path: string, input?: unknown): Promise<unknown> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await client.get(`/trpc/${path}${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

describe("a console page's first queries in its HTML (ADR 0042)", () => {
  it('carries the answers the page would ask tRPC for, as the signed-in user, never to be stored', async () => {
    const alice = await signedIn('alice', '203.0.113.150');
    const res = await alice.get('/billing');
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const entries = firstQueriesIn(await res.text());
    for (const path of ['billing.summary', 'billing.profile', 'dashboard.sidebarCounts', 'notifications.count', 'catalog.clusterTiers']) {
      expect(answerOf(entries, path)).toEqual(await trpcAnswer(alice, path));
    }
    expect(answerOf(entries, 'invoices.list', { page: 1, pageSize: 10 })).toEqual(await trpcAnswer(alice, 'invoices.list', { page: 1, pageSize: 10 }));
  });

  it("leaves out what the user may not read (another organisation's cluster is a 404 to them), and carries nothing signed out", async () => {
    const alice = await signedIn('alice', '203.0.113.151');
    const entries = firstQueriesIn(await (await alice.get('/clusters/clu_of_nobody')).text());
    expect(answerOf(entries, 'clusters.get', { id: 'clu_of_nobody' })).toBeUndefined();
    expect(answerOf(entries, 'dashboard.sidebarCounts')).toBeDefined();
    expect(firstQueriesIn(await (await new TestClient('203.0.113.152').get('/billing')).text())).toBeUndefined();
    // A page without first queries carries no block at all.
    expect(firstQueriesIn(await (await alice.get('/auth')).text())).toBeUndefined();
  });

  it('asks what the page asks on a plain visit, and nothing for a list the address filters', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    const of = (address: string) => firstQueriesOf(new URL(address, 'https://kubemarket.test'), now);
    expect(of('/clusters/clu%20a')).toContainEqual({ path: 'clusters.get', input: { id: 'clu a' } });
    const frame = of('/settings/webhooks').slice(0, -1);
    expect(frame.map(({ path }) => path)).toContain('dashboard.sidebarCounts');
    expect(of('/settings/webhooks').at(-1)).toEqual({ path: 'webhooks.list' });
    expect(of('/settings?tab=api-tokens')).toEqual([...frame, { path: 'tokens.list' }, { path: 'tokens.serviceAccounts' }]);
    expect(of('/usage')).toContainEqual({ path: 'usage.get', input: { from: '2026-12-01', to: '2026-12-07', groupBy: 'day', by: 'cluster' } });
    expect(of('/my-clusters?q=shop')).toEqual(frame);
    expect(of('/pricing')).toEqual([]);
    expect(firstQueryKey({ path: 'billing.summary' })).toEqual([['billing', 'summary'], { type: 'query' }]);
  });
});
