import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { withNecessaryConsent } from './auth-helpers';
import { it } from './fixtures';
import { PRIMARY_RATES, RATES_CACHE_KEY, SERVER_RATES, serverRates, STUB_SERVER_RATES } from './rates';

const RATES_UNAVAILABLE = 'Failed to fetch exchange rates: Primary and server APIs are unavailable and no cached rates exist';

/** vitest's expect.poll gives up after 1 s by default, less than a cold page load. */
const POLL = { timeout: 10_000 } as const;

describe('exchange rates fallback chain', () => {
  // The primary source is unreachable on every test page (e2e/fixtures.ts): a test that has it answer routes it itself.
  const showUsd = (page: Page) => withNecessaryConsent(page, { currency: 'USD' });

  it('uses the server when the primary source is unreachable, well within the 5 s timeout', async ({ page }) => {
    await showUsd(page);
    await serverRates(page);
    const started = Date.now();
    await page.goto('/currency-test');
    const rateLine = page.getByTestId('rate-line');
    await expect.poll(() => rateLine.textContent(), POLL).toBe('1 EUR = 1.2500 USD');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await page.getByTestId('rate-source').textContent()).toContain('rates from our server');
    expect(await page.getByTestId('rate-row-GBP').textContent()).toContain('1 EUR = 0.5000 GBP');

    const cached = await page.evaluate((key) => window.localStorage.getItem(key), RATES_CACHE_KEY);
    expect(JSON.parse(cached ?? '{}')).toMatchObject({ rates: STUB_SERVER_RATES.rates });
  });

  it('uses the seeded server rates of the real API', async ({ page }) => {
    await showUsd(page);
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('rate-source').textContent(), POLL).toContain('rates from our server');
    expect(await page.getByTestId('rate-line').textContent()).toMatch(/^1 EUR = \d+\.\d{4} USD$/);
    expect(await page.getByTestId('rate-line').textContent()).not.toBe('1 EUR = 1.0000 USD');
  });

  it('uses the primary source when it answers', async ({ page }) => {
    await showUsd(page);
    let serverCalls = 0;
    await page.route(SERVER_RATES, (route) => {
      serverCalls += 1;
      return route.continue();
    });
    await page.route(PRIMARY_RATES, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ result: 'success', time_last_update_unix: 1773446400, rates: { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411 } }),
      }),
    );
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.0832 USD');
    expect(await page.getByTestId('rate-source').textContent()).toContain('live rates');
    expect(serverCalls).toBe(0);
  });

  it('rejects an invalid primary response and falls back to the server', async ({ page }) => {
    await showUsd(page);
    await page.route(PRIMARY_RATES, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ result: 'error' }) }),
    );
    await serverRates(page);
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.2500 USD');
  });

  it('falls back to expired cached rates when both sources fail', async ({ page }) => {
    await showUsd(page);
    await page.addInitScript((key) => {
      const hourAgo = Date.now() - 60 * 60 * 1000;
      window.localStorage.setItem(key, JSON.stringify({ rates: { EUR: 1, USD: 1.1111, GBP: 0.8, CNY: 7.5 }, timestamp: hourAgo, date: '2026-03-12', fetchedAt: hourAgo }));
    }, RATES_CACHE_KEY);
    await page.route(SERVER_RATES, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) }));
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.1111 USD');
    expect(await page.getByTestId('rate-source').textContent()).toContain('older cached rates');
    expect(await page.getByTestId('rates-error').count()).toBe(0);
  });

  it('shows the SPEC error and rates of 1 when nothing is available', async ({ page }) => {
    await showUsd(page);
    await page.route(SERVER_RATES, (route: Route) => route.abort('connectionrefused'));
    await page.goto('/currency-test');
    const error = page.getByTestId('rates-error');
    await expect.poll(() => error.textContent(), POLL).toBe(RATES_UNAVAILABLE);
    expect(await page.getByTestId('rate-line').textContent()).toBe('1 EUR = 1.0000 USD');
  });

  it('serves fresh cached rates without any request, and refreshes on demand', async ({ page }) => {
    await showUsd(page);
    await page.addInitScript((key) => {
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', '1');
      const now = Date.now();
      window.localStorage.setItem(key, JSON.stringify({ rates: { EUR: 1, USD: 1.3333, GBP: 0.8, CNY: 7.5 }, timestamp: now, date: '2026-03-14', fetchedAt: now - 60_000 }));
    }, RATES_CACHE_KEY);
    let requests = 0;
    await page.route(PRIMARY_RATES, (route) => {
      requests += 1;
      return route.abort('internetdisconnected');
    });
    await page.route(SERVER_RATES, (route) => {
      requests += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(STUB_SERVER_RATES) });
    });
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.3333 USD');
    expect(await page.getByTestId('rate-source').textContent()).toContain('cached in this browser');
    expect(requests).toBe(0);

    await page.getByTestId('refresh-rates').click();
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.2500 USD');
    expect(requests).toBe(2);
  });

  it('gives up on a primary source that does not answer after 5 s', async ({ page }) => {
    await showUsd(page);
    // Never answered: only the client's own timeout ends the request.
    await page.route(PRIMARY_RATES, () => undefined);
    await serverRates(page);
    const started = Date.now();
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), { timeout: 10_000 }).toBe('1 EUR = 1.2500 USD');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(4500);
    expect(elapsed).toBeLessThan(9000);
  });

  it('converts between currencies', async ({ page }) => {
    await showUsd(page);
    await serverRates(page);
    await page.goto('/currency-test');
    const result = page.getByTestId('converter-result');
    await expect.poll(() => result.textContent(), POLL).toBe('€100.00 = $125.00');
    await page.getByTestId('converter-amount').fill('40');
    await expect.poll(() => result.textContent(), POLL).toBe('€40.00 = $50.00');
  });
});

