import { readFileSync } from 'node:fs';
import { exchangeRates } from '@kubemarket/db';
import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { describe, expect, it } from 'vitest';
import {
  ECB_DAILY_RATES_URL,
  ecbRatesSource,
  parseEcbRatesXml,
  readStoredRates,
  refreshExchangeRates,
  validateRatesQuote,
  type RatesSource,
} from './service';

const ECB_XML = readFileSync(new URL('../../testing/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const NOW = Date.UTC(2026, 10, 20, 16, 30);
const SEEDED = { EUR: 1, USD: 1.0841, GBP: 0.8527, CNY: 7.8112 };

function respondWith(body: string, status = 200): typeof fetch {
  return async () => new Response(body, { status, headers: { 'Content-Type': 'text/xml' } });
}

async function seededDb() {
  const db = await createTestDb();
  await seed(db, 1_000);
  return db;
}

describe('parseEcbRatesXml', () => {
  it('reads the day and every rate of the ECB daily document', () => {
    const { date, rates } = parseEcbRatesXml(ECB_XML);
    expect(date).toBe('2026-11-20');
    expect(Object.keys(rates)).toHaveLength(30);
    expect(rates).toMatchObject({ USD: 1.0853, GBP: 0.85315, CNY: 7.8198, JPY: 167.42, IDR: 18127.55 });
    expect(rates.EUR).toBeUndefined();
  });

  it('tolerates attribute order, double quotes, prefixes, comments and line breaks', () => {
    const xml = `<?xml version="1.0"?>
      <!-- <Cube time="1999-01-01"><Cube currency="USD" rate="9"/></Cube> -->
      <ns:Envelope xmlns:ns="x"><ns:Cube><ns:Cube
        time = "2026-11-19" ><ns:Cube rate="1.0801" currency="usd" />
        <ns:Cube currency = 'GBP'
          rate = '0.8499'></ns:Cube><ns:Cube currency="CNY" rate="7.79"/></ns:Cube></ns:Cube></ns:Envelope>`;
    expect(parseEcbRatesXml(xml)).toEqual({ date: '2026-11-19', rates: { USD: 1.0801, GBP: 0.8499, CNY: 7.79 } });
  });

  it('takes only the newest day of a history document', () => {
    const xml = `<Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.08"/></Cube>
      <Cube time="2026-11-19"><Cube currency="USD" rate="1.07"/><Cube currency="GBP" rate="0.84"/></Cube></Cube>`;
    expect(parseEcbRatesXml(xml)).toEqual({ date: '2026-11-20', rates: { USD: 1.08 } });
  });

  it('skips rates that are not plain decimals', () => {
    const xml = `<Cube time="2026-11-20"><Cube currency="USD" rate=""/><Cube currency="GBP" rate="n/a"/><Cube currency="CNY" rate="-7.8"/><Cube currency="JPY" rate="1e3"/></Cube>`;
    expect(parseEcbRatesXml(xml).rates).toEqual({});
  });

  it('refuses documents without a valid day', () => {
    expect(() => parseEcbRatesXml('<html><body>Service unavailable</body></html>')).toThrow('The ECB document has no dated rates.');
    expect(() => parseEcbRatesXml('<Cube time="2026-13-45"><Cube currency="USD" rate="1.08"/></Cube>')).toThrow(
      'The ECB document has an invalid date: "2026-13-45".',
    );
    expect(() => parseEcbRatesXml('')).toThrow();
  });
});

describe('ecbRatesSource', () => {
  it('fetches the ECB daily document and adds the euro itself', async () => {
    const requested: string[] = [];
    const source = ecbRatesSource(async (input, init) => {
      requested.push(String(input));
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      return new Response(ECB_XML);
    });
    const quote = await source.latest();
    expect(requested).toEqual([ECB_DAILY_RATES_URL]);
    expect(quote).toMatchObject({ source: 'ecb', date: '2026-11-20', rates: { EUR: 1, USD: 1.0853, GBP: 0.85315, CNY: 7.8198 } });
  });

  it('reports an HTTP failure', async () => {
    await expect(ecbRatesSource(respondWith('busy', 503)).latest()).rejects.toThrow('The ECB answered HTTP 503.');
  });
});

describe('validateRatesQuote', () => {
  const valid = { date: '2026-11-20', source: 'ecb', rates: { EUR: 1, USD: 1.08, GBP: 0.85, CNY: 7.8, JPY: 160 } };

  it('keeps exactly the four display currencies', () => {
    expect(validateRatesQuote(valid)).toEqual({ date: '2026-11-20', rates: { EUR: 1, USD: 1.08, GBP: 0.85, CNY: 7.8 } });
  });

  it('refuses missing, non-numeric, zero or infinite rates, and a missing day (docs/product/validation.md#exchange-rate-answers)', () => {
    const { CNY: _cny, ...withoutCny } = valid.rates;
    expect(() => validateRatesQuote({ ...valid, rates: withoutCny })).toThrow('The rates lack a valid value for CNY.');
    expect(() => validateRatesQuote({ ...valid, rates: { ...valid.rates, USD: '1.08' as unknown as number, GBP: 0 } })).toThrow(
      'The rates lack a valid value for USD, GBP.',
    );
    expect(() => validateRatesQuote({ ...valid, rates: { ...valid.rates, CNY: Number.POSITIVE_INFINITY } })).toThrow('CNY');
    expect(() => validateRatesQuote({ ...valid, rates: { ...valid.rates, EUR: 0.92 } })).toThrow('not expressed against the euro');
    expect(() => validateRatesQuote({ ...valid, date: 'yesterday' })).toThrow('The rates have no valid publication date.');
  });
});

describe('refreshExchangeRates', () => {
  it('stores the ECB rates of all four currencies', async () => {
    const db = await seededDb();
    const result = await refreshExchangeRates(db, ecbRatesSource(respondWith(ECB_XML)), NOW);
    const expected = { rates: { EUR: 1, USD: 1.0853, GBP: 0.85315, CNY: 7.8198 }, timestamp: NOW, date: '2026-11-20' };
    expect(result).toEqual({ status: 'updated', snapshot: expected });
    expect(await readStoredRates(db)).toEqual(expected);
    const rows = await db.select().from(exchangeRates);
    expect(rows.every((row) => row.source === 'ecb' && row.fetchedAt === NOW)).toBe(true);
  });

  it.each([
    ['the network fails', ecbRatesSource(async () => Promise.reject(new TypeError('fetch failed'))), 'fetch failed'],
    ['the ECB answers an error', ecbRatesSource(respondWith('<html>Bad gateway</html>', 502)), 'The ECB answered HTTP 502.'],
    ['the document is not rates', ecbRatesSource(respondWith('<html>maintenance</html>')), 'The ECB document has no dated rates.'],
    [
      'a display currency is missing',
      ecbRatesSource(respondWith(ECB_XML.replace("<Cube currency='CNY' rate='7.8198'/>", ''))),
      'The rates lack a valid value for CNY.',
    ],
  ])('keeps the stored rates when %s', async (_case, source, error) => {
    const db = await seededDb();
    const result = await refreshExchangeRates(db, source, NOW);
    expect(result).toEqual({ status: 'failed', error, snapshot: { rates: SEEDED, timestamp: 1_000, date: '2026-11-20' } });
    expect(await readStoredRates(db)).toEqual({ rates: SEEDED, timestamp: 1_000, date: '2026-11-20' });
  });

  it('does not replace newer rates with an older day', async () => {
    const db = await seededDb();
    const older: RatesSource = { latest: async () => ({ date: '2026-11-18', source: 'ecb', rates: { EUR: 1, USD: 2, GBP: 2, CNY: 2 } }) };
    const result = await refreshExchangeRates(db, older, NOW);
    expect(result.status).toBe('outdated');
    expect((await readStoredRates(db))?.rates).toEqual(SEEDED);
  });

  it('answers null while a currency is missing', async () => {
    const db = await createTestDb();
    expect(await readStoredRates(db)).toBeNull();
    const result = await refreshExchangeRates(db, ecbRatesSource(respondWith('nope', 500)), NOW);
    expect(result).toEqual({ status: 'failed', error: 'The ECB answered HTTP 500.', snapshot: null });
  });
});
