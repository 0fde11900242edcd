import { describe, expect } from 'vitest';
import { it } from './fixtures';

const EXPECTED_TIER_COUNT = 7;

/**
 * The public rates service as it answers on the internet. The machine is offline, and Chrome logs
 * the failed lookup of the startup rates request (docs/product/states.md#exchange-rates-and-billing-cycle) as a console error: that
 * error is the machine's, so the service is faked here to see the page's own.
 */
const PRIMARY_RATES_ANSWER = {
  result: 'success',
  time_last_update_unix: 1773446400,
  rates: { EUR: 1, USD: 1.0832, GBP: 0.8571, CNY: 7.8411 },
};

describe('home page', () => {
  it('lists the cluster tiers from the catalogue', async ({ page, pageErrors }) => {
    await page.goto('/');

    const cards = page.getByTestId('tier-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(EXPECTED_TIER_COUNT);

    const standard = cards.filter({ hasText: 'Standard (Blue)' });
    expect(await standard.count()).toBe(1);
    expect(await standard.getByTestId('tier-monthly-price').textContent()).toMatch(/^€[\d,]+\.\d{2} \/ month$/);
    expect(pageErrors).toEqual([]);
  });

  // Lighthouse's best-practices audit counts every console error, failed loads included.
  it('logs no console error and no failed request on a fresh signed-out visit', async ({ page, pageErrors }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    let primaryRequests = 0;
    await page.route('https://open.er-api.com/**', (route) => {
      primaryRequests += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify(PRIMARY_RATES_ANSWER),
      });
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    });

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('tier-card').first().waitFor();
    // The startup rates request went out (and was answered by the fake), so the visit was a complete one.
    await expect.poll(() => primaryRequests, { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the server version and environment in the footer', async ({ page }) => {
    await page.goto('/');

    const versionText = page.getByTestId('version-text');
    await expect.poll(() => versionText.textContent()).toBe('v1.16.0');
    expect(await page.getByTestId('environment-badge').textContent()).toBe('DEV');
  });

  it('has the public navigation in the header', async ({ page }) => {
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const label of ['Home', 'Pricing', 'Documentation', 'Tutorials']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
  });
});

describe('unknown paths', () => {
  it('show the not-found page with a way home', async ({ page }) => {
    await page.goto('/definitely-not-a-page');

    const heading = page.getByTestId('not-found');
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Page not found');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('tier-card').first().waitFor();
  });
});
