import { RATES_CACHE_MS, RATES_TIMEOUT_MS } from '@kubemarket/shared';
import type { ExchangeRates } from '@kubemarket/shared';
import { readItem, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';

export type { ExchangeRates };

export interface RatesSnapshot {
  rates: ExchangeRates;
  /** When the source published the rates, epoch ms. */
  timestamp: number;
  /** The publication day, YYYY-MM-DD (UTC). */
  date: string;
}

/** Where the rates on screen came from. */
export type RatesSource = 'primary' | 'server' | 'cache' | 'expired-cache' | 'fallback';

export interface RatesResult extends RatesSnapshot {
  source: RatesSource;
  /** The message when no source and no cache could give rates (docs/product/errors.md#exchange-rates); null otherwise. */
  error: string | null;
}

/** The public exchange-rate service, EUR base: the primary source of docs/product/calls.md#endpoints. */
export const PRIMARY_RATES_URL = 'https://open.er-api.com/v6/latest/EUR';
/** Our own server: the fallback source. */
export const SERVER_RATES_URL = '/api/currency/rates';
/** Versioned so that a change of the stored shape never reads an old entry. */
export const RATES_CACHE_KEY = 'exchangeRates_v1';
export const RATES_UNAVAILABLE_MESSAGE =
  'Failed to fetch exchange rates: Primary and server APIs are unavailable and no cached rates exist';

/** docs/product/errors.md#exchange-rates: with no rates at all, every rate falls back to 1. */
export const FALLBACK_RATES: ExchangeRates = { EUR: 1, USD: 1, GBP: 1, CNY: 1 };

export class InvalidRatesResponseError extends Error {
  constructor(source: string) {
    super(`Invalid exchange rates response from the ${source}`);
    this.name = 'InvalidRatesResponseError';
  }
}

export class RatesTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    super(`Exchange rates request to ${url} timed out after ${timeoutMs} ms`);
    this.name = 'RatesTimeoutError';
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function dayOf(timestamp: number): string {
  return new Date(timestamp).toISOString().slice(0, 10);
}

/** Epoch seconds or milliseconds to milliseconds: 10^11 ms is 1973, 10^11 s is the year 5138. */
function toEpochMs(value: number): number {
  return value < 1e11 ? value * 1000 : value;
}

/** The primary source must report result 'success' and give numeric USD, GBP and CNY (docs/product/validation.md#exchange-rate-answers). */
export function parsePrimaryRates(body: unknown, now: number): RatesSnapshot {
  if (!isRecord(body) || body.result !== 'success' || !isRecord(body.rates)) {
    throw new InvalidRatesResponseError('primary source');
  }
  const { USD, GBP, CNY } = body.rates;
  if (!isRate(USD) || !isRate(GBP) || !isRate(CNY)) throw new InvalidRatesResponseError('primary source');
  const updated = body.time_last_update_unix;
  const timestamp = typeof updated === 'number' && Number.isFinite(updated) ? toEpochMs(updated) : now;
  return { rates: { EUR: 1, USD, GBP, CNY }, timestamp, date: dayOf(timestamp) };
}

/** The server source must give numeric EUR, USD, GBP and CNY; its timestamp is optional (docs/product/validation.md and docs/product/calls.md). */
export function parseServerRates(body: unknown, now: number): RatesSnapshot {
  if (!isRecord(body) || !isRecord(body.rates)) throw new InvalidRatesResponseError('server');
  const { EUR, USD, GBP, CNY } = body.rates;
  if (!isRate(EUR) || !isRate(USD) || !isRate(GBP) || !isRate(CNY)) throw new InvalidRatesResponseError('server');
  const timestamp = typeof body.timestamp === 'number' && Number.isFinite(body.timestamp) ? toEpochMs(body.timestamp) : now;
  const date = typeof body.date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(body.date) ? body.date.slice(0, 10) : dayOf(timestamp);
  return { rates: { EUR, USD, GBP, CNY }, timestamp, date };
}

/** GET with a hard timeout: the request is aborted after timeoutMs (docs/product/constants.md#exchange-rates: 5 s). */
export async function fetchJsonWithTimeout(fetchFn: FetchLike, url: string, timeoutMs: number, init: RequestInit = {}): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, method: 'GET', headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) throw new Error(`Exchange rates request to ${url} failed with HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    if (timedOut) throw new RatesTimeoutError(url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

interface CachedRates extends RatesSnapshot {
  /** When this browser stored the rates, epoch ms: the 10-minute cache runs from here. */
  fetchedAt: number;
}

export function readCachedRates(storage: KeyValueStorage | null): CachedRates | null {
  const raw = readItem(storage, RATES_CACHE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || typeof value.fetchedAt !== 'number') return null;
    const snapshot = parseServerRates(value, value.fetchedAt);
    return { ...snapshot, fetchedAt: value.fetchedAt };
  } catch {
    return null;
  }
}

export function writeCachedRates(storage: KeyValueStorage | null, snapshot: RatesSnapshot, fetchedAt: number): void {
  const entry: CachedRates = { ...snapshot, fetchedAt };
  writeItem(storage, RATES_CACHE_KEY, JSON.stringify(entry));
}

export interface LoadRatesDeps {
  fetch: FetchLike;
  now: () => number;
  storage: KeyValueStorage | null;
  /** Skip a fresh cache entry: the "refresh rates" action. */
  force?: boolean;
  timeoutMs?: number;
  cacheMs?: number;
  primaryUrl?: string;
  serverUrl?: string;
  onSourceError?: (source: 'primary' | 'server', error: unknown) => void;
}

/**
 * docs/product/calls.md and docs/product/errors.md: a fresh cache entry (under 10 minutes) is used as is; otherwise the
 * primary source, then the server, then the expired cache entry; with none of them every rate is 1
 * and the result carries the SPEC error message. Never throws.
 */
export async function loadExchangeRates(deps: LoadRatesDeps): Promise<RatesResult> {
  const {
    fetch: fetchFn,
    now,
    storage,
    force = false,
    timeoutMs = RATES_TIMEOUT_MS,
    cacheMs = RATES_CACHE_MS,
    primaryUrl = PRIMARY_RATES_URL,
    serverUrl = SERVER_RATES_URL,
    onSourceError,
  } = deps;

  const cached = readCachedRates(storage);
  if (cached && !force && now() - cached.fetchedAt < cacheMs) {
    return { rates: cached.rates, timestamp: cached.timestamp, date: cached.date, source: 'cache', error: null };
  }

  const sources = [
    { source: 'primary' as const, url: primaryUrl, parse: parsePrimaryRates, init: { credentials: 'omit' as const } },
    { source: 'server' as const, url: serverUrl, parse: parseServerRates, init: { credentials: 'include' as const } },
  ];
  for (const { source, url, parse, init } of sources) {
    try {
      const snapshot = parse(await fetchJsonWithTimeout(fetchFn, url, timeoutMs, init), now());
      writeCachedRates(storage, snapshot, now());
      return { ...snapshot, source, error: null };
    } catch (error) {
      onSourceError?.(source, error);
    }
  }

  if (cached) {
    return { rates: cached.rates, timestamp: cached.timestamp, date: cached.date, source: 'expired-cache', error: null };
  }
  const timestamp = now();
  return { rates: { ...FALLBACK_RATES }, timestamp, date: dayOf(timestamp), source: 'fallback', error: RATES_UNAVAILABLE_MESSAGE };
}
