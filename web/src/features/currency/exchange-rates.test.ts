import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import {
  FALLBACK_RATES,
  PRIMARY_RATES_URL,
  RATES_CACHE_KEY,
  RATES_UNAVAILABLE_MESSAGE,
  SERVER_RATES_URL,
  fetchJsonWithTimeout,
  loadExchangeRates,
  parsePrimaryRates,
  parseServerRates,
  readCachedRates,
  writeCachedRates,
} from './exchange-rates';
import type { LoadRatesDeps } from './exchange-rates';

const NOW = Date.UTC(2026, 2, 14, 9, 30);
const MINUTE = 60_000;

const PRIMARY_BODY = {
  result: 'success',
  time_last_update_unix: Date.UTC(2026, 2, 14, 0, 2) / 1000,
  rates: { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411, JPY: 161.2 },
};
const SERVER_BODY = { rates: { EUR: 1, USD: 1.09, GBP: 0.86, CNY: 7.9 }, timestamp: Date.UTC(2026, 2, 13, 16), date: '2026-03-13' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (init?: RequestInit) => Promise<Response>;

/** A fetch that answers each URL with its handler and records the calls. */
function fakeFetch(handlers: Record<string, Handler | undefined>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(url);
    const handler = handlers[url];
    if (!handler) throw new TypeError('Failed to fetch');
    return handler(init);
  });
  return { fetch, calls };
}

const offline: Handler = () => Promise.reject(new TypeError('Failed to fetch'));
/** Never answers; rejects only when the request is aborted, like a real fetch. */
const hanging: Handler = (init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

function deps(overrides: Partial<LoadRatesDeps> & Pick<LoadRatesDeps, 'fetch'>): LoadRatesDeps {
  return { now: () => NOW, storage: memoryStorage(), onSourceError: () => undefined, ...overrides };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('response validation', () => {
  it('accepts a successful primary response and uses its update time', () => {
    expect(parsePrimaryRates(PRIMARY_BODY, NOW)).toEqual({
      rates: { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411 },
      timestamp: Date.UTC(2026, 2, 14, 0, 2),
      date: '2026-03-14',
    });
  });

  it.each([
    ['a result other than success', { ...PRIMARY_BODY, result: 'error' }],
    ['a missing USD', { ...PRIMARY_BODY, rates: { GBP: 0.85, CNY: 7.8 } }],
    ['a string rate', { ...PRIMARY_BODY, rates: { USD: '1.08', GBP: 0.85, CNY: 7.8 } }],
    ['no rates', { result: 'success' }],
    ['not an object', 'success'],
  ])('rejects a primary response with %s', (_label, body) => {
    expect(() => parsePrimaryRates(body, NOW)).toThrow('Invalid exchange rates response from the primary source');
  });

  it('accepts a server response, with or without a timestamp', () => {
    expect(parseServerRates(SERVER_BODY, NOW)).toEqual(SERVER_BODY);
    expect(parseServerRates({ rates: SERVER_BODY.rates }, NOW)).toEqual({ rates: SERVER_BODY.rates, timestamp: NOW, date: '2026-03-14' });
  });

  it('reads a server timestamp in seconds as well as milliseconds', () => {
    expect(parseServerRates({ rates: SERVER_BODY.rates, timestamp: NOW / 1000 }, 0).timestamp).toBe(NOW);
  });

  it.each([
    ['a missing EUR', { rates: { USD: 1.09, GBP: 0.86, CNY: 7.9 } }],
    ['a null CNY', { rates: { EUR: 1, USD: 1.09, GBP: 0.86, CNY: null } }],
    ['no rates', { timestamp: NOW }],
  ])('rejects a server response with %s', (_label, body) => {
    expect(() => parseServerRates(body, NOW)).toThrow('Invalid exchange rates response from the server');
  });
});

describe('fetchJsonWithTimeout', () => {
  it('aborts the request after the timeout', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch({ [SERVER_RATES_URL]: hanging });
    const pending = fetchJsonWithTimeout(fetch, SERVER_RATES_URL, 5000);
    const assertion = expect(pending).rejects.toThrow(`Exchange rates request to ${SERVER_RATES_URL} timed out after 5000 ms`);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('rejects a non-OK response', async () => {
    const { fetch } = fakeFetch({ [SERVER_RATES_URL]: () => Promise.resolve(json({ message: 'down' }, 503)) });
    await expect(fetchJsonWithTimeout(fetch, SERVER_RATES_URL, 5000)).rejects.toThrow('failed with HTTP 503');
  });
});

describe('loadExchangeRates', () => {
  it('uses the primary source first and caches what it got', async () => {
    const storage = memoryStorage();
    const { fetch, calls } = fakeFetch({ [PRIMARY_RATES_URL]: () => Promise.resolve(json(PRIMARY_BODY)) });
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result).toMatchObject({ source: 'primary', error: null, rates: { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411 } });
    expect(calls).toEqual([PRIMARY_RATES_URL]);
    expect(readCachedRates(storage)).toMatchObject({ rates: result.rates, fetchedAt: NOW });
    expect(storage.values.has(RATES_CACHE_KEY)).toBe(true);
  });

  it('falls back to the server when the primary source is unreachable', async () => {
    const storage = memoryStorage();
    const { fetch, calls } = fakeFetch({ [PRIMARY_RATES_URL]: offline, [SERVER_RATES_URL]: () => Promise.resolve(json(SERVER_BODY)) });
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result).toEqual({ ...SERVER_BODY, source: 'server', error: null });
    expect(calls).toEqual([PRIMARY_RATES_URL, SERVER_RATES_URL]);
    expect(readCachedRates(storage)?.rates).toEqual(SERVER_BODY.rates);
  });

  it('falls back to the server when the primary response is invalid', async () => {
    const { fetch } = fakeFetch({
      [PRIMARY_RATES_URL]: () => Promise.resolve(json({ result: 'error', 'error-type': 'unsupported-code' })),
      [SERVER_RATES_URL]: () => Promise.resolve(json(SERVER_BODY)),
    });
    const errors: string[] = [];
    const result = await loadExchangeRates(deps({ fetch, onSourceError: (source) => errors.push(source) }));
    expect(result.source).toBe('server');
    expect(errors).toEqual(['primary']);
  });

  it('falls back to the server after the primary source times out', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch({ [PRIMARY_RATES_URL]: hanging, [SERVER_RATES_URL]: () => Promise.resolve(json(SERVER_BODY)) });
    const pending = loadExchangeRates(deps({ fetch }));
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toMatchObject({ source: 'server' });
  });

  it('uses an expired cache entry when both sources fail', async () => {
    const storage = memoryStorage();
    writeCachedRates(storage, SERVER_BODY, NOW - 3 * 60 * MINUTE);
    const { fetch, calls } = fakeFetch({
      [PRIMARY_RATES_URL]: offline,
      [SERVER_RATES_URL]: () => Promise.resolve(json({ rates: { USD: 1.1 } })),
    });
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result).toEqual({ ...SERVER_BODY, source: 'expired-cache', error: null });
    expect(calls).toEqual([PRIMARY_RATES_URL, SERVER_RATES_URL]);
  });

  it('gives the SPEC error and rates of 1 when nothing is available', async () => {
    const { fetch } = fakeFetch({ [PRIMARY_RATES_URL]: offline, [SERVER_RATES_URL]: () => Promise.resolve(json({ message: 'down' }, 500)) });
    const result = await loadExchangeRates(deps({ fetch }));
    expect(result.error).toBe('Failed to fetch exchange rates: Primary and server APIs are unavailable and no cached rates exist');
    expect(result.error).toBe(RATES_UNAVAILABLE_MESSAGE);
    expect(result.rates).toEqual(FALLBACK_RATES);
    expect(result.rates).toEqual({ EUR: 1, USD: 1, GBP: 1, CNY: 1 });
    expect(result.source).toBe('fallback');
  });

  it('serves a cache entry younger than 10 minutes without any request', async () => {
    const storage = memoryStorage();
    writeCachedRates(storage, SERVER_BODY, NOW - 10 * MINUTE + 1);
    const { fetch } = fakeFetch({});
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result).toEqual({ ...SERVER_BODY, source: 'cache', error: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refetches once the cache entry is 10 minutes old', async () => {
    const storage = memoryStorage();
    writeCachedRates(storage, SERVER_BODY, NOW - 10 * MINUTE);
    const { fetch } = fakeFetch({ [PRIMARY_RATES_URL]: () => Promise.resolve(json(PRIMARY_BODY)) });
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result.source).toBe('primary');
    expect(readCachedRates(storage)?.fetchedAt).toBe(NOW);
  });

  it('bypasses a fresh cache entry when forced (refresh on demand)', async () => {
    const storage = memoryStorage();
    writeCachedRates(storage, SERVER_BODY, NOW - MINUTE);
    const { fetch } = fakeFetch({ [PRIMARY_RATES_URL]: () => Promise.resolve(json(PRIMARY_BODY)) });
    const result = await loadExchangeRates(deps({ fetch, storage, force: true }));
    expect(result.source).toBe('primary');
  });

  it('ignores a cache entry of another shape', async () => {
    const storage = memoryStorage({ [RATES_CACHE_KEY]: JSON.stringify({ USD: 1.08 }) });
    const { fetch } = fakeFetch({});
    const result = await loadExchangeRates(deps({ fetch, storage }));
    expect(result.source).toBe('fallback');
  });
});
