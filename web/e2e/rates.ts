import type { ExchangeRates } from '@kubemarket/shared';
import type { BrowserContext, Page } from 'playwright-core';

/** The public exchange-rates service the browser asks first (docs/product/constants.md#exchange-rates). */
export const PRIMARY_RATES = 'https://open.er-api.com/**';
/** Our server's rates, the fallback. */
export const SERVER_RATES = '**/api/currency/rates';
/** Where the browser keeps the last rates it fetched. */
export const RATES_CACHE_KEY = 'exchangeRates_v1';

/** Server rates used where exact prices are asserted: 1 EUR = 1.25 USD = 0.5 GBP = 8 CNY. */
export const STUB_SERVER_RATES = { rates: { EUR: 1, USD: 1.25, GBP: 0.5, CNY: 8 }, timestamp: Date.UTC(2026, 2, 13, 16), date: '2026-03-13' };

/**
 * The machine has no internet: the public rates service is made to fail at once, as it would
 * offline. Every test page's context has it (e2e/fixtures.ts); a page's own route of PRIMARY_RATES
 * comes first, for a test that has the service answer.
 */
export async function primaryRatesUnreachable(target: Page | BrowserContext): Promise<void> {
  await target.route(PRIMARY_RATES, (route) => route.abort('internetdisconnected'));
}

/** Our server answers `body` for its rates. */
export async function serverRates(page: Page, body: unknown = STUB_SERVER_RATES): Promise<void> {
  await page.route(SERVER_RATES, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
}

/** Known rates, so that the amounts shown in other currencies can be worked out in a test: 1 EUR = 1.0832 USD. */
export const KNOWN_RATES: ExchangeRates = { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411 };

/** The machine has no internet: the public rates service fails at once, and our server answers KNOWN_RATES. */
export async function stubRates(page: Page): Promise<void> {
  await primaryRatesUnreachable(page);
  await serverRates(page, { rates: KNOWN_RATES, timestamp: Date.UTC(2026, 10, 20), date: '2026-11-20' });
}
