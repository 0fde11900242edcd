import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTrpcClient } from './trpc';

/** Answers every tRPC request with `null` results and records what was asked. */
function fakeServer() {
  const calls: Array<{ method: string; url: URL; csrf: string | null }> = [];
  vi.stubGlobal('document', { querySelector: () => ({ content: 'meta-token' }) });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'https://console.example.eu');
    calls.push({ method: init?.method ?? 'GET', url, csrf: new Headers(init?.headers).get('X-CSRF-Token') });
    const paths = url.pathname.replace('/trpc/', '').split(',');
    const body = url.searchParams.get('batch') === '1' ? paths.map(() => ({ result: { data: null } })) : { result: { data: null } };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tRPC client links', () => {
  it('batches queries at most 10 at a time, as the Worker requires', async () => {
    const calls = fakeServer();
    const client = createTrpcClient();
    await Promise.all(Array.from({ length: 23 }, () => client.meta.versionSummary.query()));
    const sizes = calls.map((call) => call.url.pathname.replace('/trpc/', '').split(',').length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(23);
    expect(Math.max(...sizes)).toBe(10);
  });

  it('sends every mutation on its own, with the CSRF token', async () => {
    const calls = fakeServer();
    const client = createTrpcClient();
    await Promise.all([client.dev.login.mutate({ username: 'alice' }), client.dev.login.mutate({ username: 'adam' })]);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(call.url.pathname).toBe('/trpc/dev.login');
      expect(call.url.searchParams.get('batch')).toBeNull();
      expect(call.csrf).toBe('meta-token');
    }
  });
});
