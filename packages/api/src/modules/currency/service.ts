import { TRPCError } from '@trpc/server';
import type { Context, SessionUser } from '../../context';
import { audit } from '../../platform/audit';
import { exchangeRates, type Database } from '@kubemarket/db';
import { CURRENCIES, type Currency } from '@kubemarket/shared';
import { inArray } from 'drizzle-orm';

/** Units of each display currency for 1 EUR (docs/product/entities.md#exchange-rates). */
export type ExchangeRateTable = Record<Currency, number>;

/** What GET /api/currency/rates answers: the server source (docs/product/calls.md#endpoints). */
export interface RatesSnapshot {
  rates: ExchangeRateTable;
  /** Epoch ms of the last successful update. */
  timestamp: number;
  /** Day the rates were published, YYYY-MM-DD. */
  date: string;
}

import type { RatesQuote, RatesSource } from '../../platform/rates';

export type { RatesQuote, RatesSource };

export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
const ECB_TIMEOUT_MS = 10_000;

export class InvalidRatesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRatesError';
  }
}

const DECIMAL = /^\d+(?:\.\d+)?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  // Date rolls 2026-02-30 over into March; a real day reads back unchanged.
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/**
 * Reads the ECB euro reference rates document (eurofxref-daily.xml, also the history files,
 * newest day first). Tolerates attribute order, either quote style, namespace prefixes,
 * comments and whitespace; returns the first day's rates only.
 */
export function parseEcbRatesXml(xml: string): { date: string; rates: Record<string, number> } {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '');
  const cubeTag = /<(?:[\w.-]+:)?Cube\b([^>]*)>/g;
  const attribute = /([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let date: string | null = null;
  const rates: Record<string, number> = {};
  for (const [, attributeText = ''] of text.matchAll(cubeTag)) {
    const attributes = new Map<string, string>();
    for (const [, name = '', doubleQuoted, singleQuoted] of attributeText.matchAll(attribute)) {
      attributes.set(name.toLowerCase(), (doubleQuoted ?? singleQuoted ?? '').trim());
    }
    const time = attributes.get('time');
    if (time !== undefined) {
      if (date !== null) break;
      if (!isIsoDay(time)) throw new InvalidRatesError(`The ECB document has an invalid date: "${time}".`);
      date = time;
      continue;
    }
    const currency = attributes.get('currency')?.toUpperCase();
    const rate = attributes.get('rate');
    if (date === null || !currency || rate === undefined) continue;
    if (DECIMAL.test(rate)) rates[currency] = Number(rate);
  }
  if (date === null) throw new InvalidRatesError('The ECB document has no dated rates.');
  return { date, rates };
}

/** The ECB daily reference rates over HTTP; fetch is injected so tests need no network. */
export function ecbRatesSource(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  url: string = ECB_DAILY_RATES_URL,
): RatesSource {
  return {
    async latest() {
      const response = await fetchImpl(url, {
        headers: { Accept: 'application/xml, text/xml', 'User-Agent': 'KubeMarket exchange-rate refresh' },
        signal: AbortSignal.timeout(ECB_TIMEOUT_MS),
      });
      if (!response.ok) throw new InvalidRatesError(`The ECB answered HTTP ${response.status}.`);
      const { date, rates } = parseEcbRatesXml(await response.text());
      // The ECB quotes everything against the euro, so the euro itself is not listed.
      return { date, rates: { ...rates, EUR: 1 }, source: 'ecb' };
    },
  };
}

/** docs/product/validation.md#exchange-rate-answers: numeric EUR, USD, GBP and CNY (and a publication day), or the quote is refused. */
export function validateRatesQuote(quote: RatesQuote): { rates: ExchangeRateTable; date: string } {
  if (typeof quote.date !== 'string' || !isIsoDay(quote.date)) throw new InvalidRatesError('The rates have no valid publication date.');
  const missing = CURRENCIES.filter((currency) => {
    const rate = quote.rates[currency];
    return typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0;
  });
  if (missing.length > 0) throw new InvalidRatesError(`The rates lack a valid value for ${missing.join(', ')}.`);
  if (quote.rates.EUR !== 1) throw new InvalidRatesError('The rates are not expressed against the euro.');
  const rates = Object.fromEntries(CURRENCIES.map((currency) => [currency, quote.rates[currency]!])) as ExchangeRateTable;
  return { rates, date: quote.date };
}

/** The stored rates, or null while any display currency is missing. */
export async function readStoredRates(db: Database): Promise<RatesSnapshot | null> {
  const rows = await db.select().from(exchangeRates).where(inArray(exchangeRates.currency, [...CURRENCIES]));
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  if (!CURRENCIES.every((currency) => byCurrency.has(currency))) return null;
  const rates = Object.fromEntries(CURRENCIES.map((currency) => [currency, byCurrency.get(currency)!.rate])) as ExchangeRateTable;
  return {
    rates,
    timestamp: Math.max(...rows.map((row) => row.fetchedAt)),
    date: rows.map((row) => row.rateDate).sort().at(-1)!,
  };
}

export type RatesRefreshResult =
  | { status: 'updated'; snapshot: RatesSnapshot }
  /** The source served an older day than the one stored (a lagging cache): nothing written. */
  | { status: 'outdated'; snapshot: RatesSnapshot }
  | { status: 'failed'; error: string; snapshot: RatesSnapshot | null };

/**
 * Fetches, validates and stores the rates of every display currency in one batch. On any
 * failure the stored rates stay as they were.
 */
export async function refreshExchangeRates(db: Database, source: RatesSource, now: number): Promise<RatesRefreshResult> {
  let quote: { rates: ExchangeRateTable; date: string };
  let sourceName: string;
  try {
    const raw = await source.latest();
    quote = validateRatesQuote(raw);
    sourceName = raw.source;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'failed', error: message, snapshot: await readStoredRates(db) };
  }
  const stored = await readStoredRates(db);
  if (stored && quote.date < stored.date) return { status: 'outdated', snapshot: stored };
  const [first, ...others] = CURRENCIES.map((currency) =>
    db
      .insert(exchangeRates)
      .values({ currency, rate: quote.rates[currency], fetchedAt: now, source: sourceName, rateDate: quote.date })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { rate: quote.rates[currency], fetchedAt: now, source: sourceName, rateDate: quote.date },
      }),
  );
  await db.batch([first!, ...others]);
  return { status: 'updated', snapshot: { rates: quote.rates, timestamp: now, date: quote.date } };
}

/** The stored snapshot, or a 503 until the first refresh (the seed provides one). */
export async function currentRates(db: Database): Promise<RatesSnapshot> {
  const snapshot = await readStoredRates(db);
  if (!snapshot) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Exchange rates are not available yet. Please try again later.' });
  }
  return snapshot;
}

/** Staff: refresh now instead of waiting for the scheduled run; audited. */
export async function refreshRatesNow(ctx: Context & { user: SessionUser }) {
  const now = ctx.ports.clock.now();
  const result = await refreshExchangeRates(ctx.db, ctx.ports.rates, now);
  await audit(ctx.db, { actorUserId: ctx.user.id, action: 'currency.rates_refresh', ipAddress: ctx.request.ipAddress, metadata: { status: result.status } }, now);
  if (result.status === 'failed') {
    throw new TRPCError({ code: 'BAD_GATEWAY', message: `The rates could not be refreshed (${result.error}); the previous rates are kept.` });
  }
  return { status: result.status, ...result.snapshot };
}
