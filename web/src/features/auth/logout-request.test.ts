import { describe, expect, it, vi } from 'vitest';
import { logoutBackoffMs, requestLogout } from './logout-request';
import type { LogoutRequestDeps } from './logout-request';

type Step = Response | Error;

function scripted(steps: Step[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error(`Unexpected request to ${url}`);
    if (step instanceof Error) throw step;
    return step;
  });
  return { fetch, calls };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function deps(steps: Step[], overrides: Partial<LogoutRequestDeps> = {}) {
  const { fetch, calls } = scripted(steps);
  const sleeps: number[] = [];
  let token = 'token-1';
  const base: LogoutRequestDeps = {
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    csrfHeaders: () => ({ 'X-CSRF-Token': token }),
    onResponse: (response) => {
      token = response.headers.get('X-CSRF-Token') ?? token;
    },
    ...overrides,
  };
  return { base, calls, sleeps };
}

describe('requestLogout', () => {
  it('posts to /api/logout with the CSRF header and credentials', async () => {
    const { base, calls, sleeps } = deps([json(200, { success: true })]);
    expect(await requestLogout(base)).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/logout');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.headers).toMatchObject({ 'X-CSRF-Token': 'token-1' });
    expect(sleeps).toEqual([]);
  });

  it('refreshes the CSRF token through GET /api/user on 403 and retries at once with the new token', async () => {
    const { base, calls, sleeps } = deps([
      json(403, { message: 'Invalid CSRF token.' }),
      json(200, { id: 'usr_1' }, { 'X-CSRF-Token': 'token-2' }),
      json(200, { success: true }),
    ]);
    expect(await requestLogout(base)).toEqual({ ok: true });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST /api/logout',
      'GET /api/user',
      'POST /api/logout',
    ]);
    expect(calls[2]?.init.headers).toMatchObject({ 'X-CSRF-Token': 'token-2' });
    expect(sleeps).toEqual([]);
  });

  it('backs off 2^attempt seconds after other failures', async () => {
    const { base, calls, sleeps } = deps([new TypeError('Failed to fetch'), json(500, { message: 'Down' }), json(200, {})]);
    expect(await requestLogout(base)).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([2000, 4000]);
  });

  it('gives up after 3 attempts with the last error, without waiting after the last one', async () => {
    const { base, calls, sleeps } = deps([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      json(503, { message: 'Service unavailable' }),
    ]);
    const outcome = await requestLogout(base);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toBe('Service unavailable');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([2000, 4000]);
  });

  it('counts the refresh-and-retry of a 403 against the 3 attempts', async () => {
    const { base, calls } = deps([
      json(403, { message: 'Invalid CSRF token.' }),
      json(401, { message: 'Please sign in.' }),
      json(403, { message: 'Invalid CSRF token.' }),
      new TypeError('Failed to fetch'),
      json(403, { message: 'Invalid CSRF token.' }),
    ]);
    const outcome = await requestLogout(base);
    expect(outcome.ok).toBe(false);
    expect(calls.filter((call) => call.url === '/api/logout')).toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/user')).toHaveLength(2);
  });

  it('honours a custom attempt count', async () => {
    const { base, calls } = deps([new TypeError('offline')], { attempts: 1 });
    expect((await requestLogout(base)).ok).toBe(false);
    expect(calls).toHaveLength(1);
  });
});

describe('logoutBackoffMs', () => {
  it('doubles from 2 seconds', () => {
    expect([1, 2, 3].map(logoutBackoffMs)).toEqual([2000, 4000, 8000]);
  });
});
