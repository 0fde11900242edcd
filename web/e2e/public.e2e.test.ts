import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, useBrowser } from './fixtures';

const PRIMARY_RATES = 'https://open.er-api.com/**';
const SERVER_RATES = '**/api/currency/rates';
const CONSENT_KEY = 'cookieConsent';
const RATES_CACHE_KEY = 'exchangeRates_v1';
const RATES_UNAVAILABLE = 'Failed to fetch exchange rates: Primary and server APIs are unavailable and no cached rates exist';

/** vitest's expect.poll gives up after 1 s by default, less than a cold page load. */
const POLL = { timeout: 10_000 } as const;

/** Server rates used where exact prices are asserted: 1 EUR = 1.25 USD = 0.5 GBP = 8 CNY. */
const STUB_SERVER_RATES = { rates: { EUR: 1, USD: 1.25, GBP: 0.5, CNY: 8 }, timestamp: Date.UTC(2026, 2, 13, 16), date: '2026-03-13' };

/** The machine has no internet: the public rates service is made to fail at once, as it would offline. */
async function primaryUnreachable(page: Page): Promise<void> {
  await page.route(PRIMARY_RATES, (route) => route.abort('internetdisconnected'));
}

async function serverRates(page: Page, body: unknown = STUB_SERVER_RATES): Promise<void> {
  await page.route(SERVER_RATES, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
}

async function readConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

async function addTrackingCookies(page: Page): Promise<void> {
  await page.context().addCookies(
    ['_ga', '_gid', '_fbp', '_gcl_au', 'hubspotutk'].map((name) => ({ name, value: `fake-${name}`, url: BASE_URL })),
  );
}

describe('cookie consent', () => {
  const browser = useBrowser();

  it('shows the banner until Accept All stores every category for version 1.0.0', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/about');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    expect(await readConsent(page)).toBeNull();

    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toMatchObject({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
      hasConsented: true,
      version: '1.0.0',
    });
    expect(typeof (await readConsent(page))?.timestamp).toBe('number');

    await page.reload();
    await page.getByTestId('page-title').waitFor();
    expect(await banner.count()).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  });

  it('Reject All keeps only necessary and deletes analytics and marketing cookies', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/pricing');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await addTrackingCookies(page);
    await page.context().addCookies([{ name: 'km_keep_me', value: 'necessary', url: BASE_URL }]);
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['_ga', '_fbp', 'hubspotutk']));

    await banner.getByRole('button', { name: 'Reject All' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false, hasConsented: true, version: '1.0.0' });
    const remaining = await cookieNames(page);
    for (const name of ['_ga', '_gid', '_fbp', '_gcl_au', 'hubspotutk']) expect(remaining).not.toContain(name);
    expect(remaining).toContain('km_keep_me');
  });

  it('Customize opens Settings and Details tabs; Save Preferences stores the toggles', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Customize' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('tab', { name: 'Details' }).count()).toBe(1);

    const necessary = dialog.getByTestId('cookie-toggle-necessary');
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    for (const id of ['functional', 'analytics', 'marketing']) {
      expect(await dialog.getByTestId(`cookie-toggle-${id}`).isChecked()).toBe(false);
    }
    const settingsScroll = dialog.locator('.mantine-ScrollArea-root').first();
    await expect.poll(async () => Math.round((await settingsScroll.boundingBox())?.height ?? 0), POLL).toBe(400);

    await dialog.getByTestId('cookie-toggle-analytics').click({ force: true });
    expect(await dialog.getByTestId('cookie-toggle-analytics').isChecked()).toBe(true);

    await dialog.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByText('_ga', { exact: true }).waitFor();
    expect(await dialog.getByText('hubspotutk, __hstc, __hssc, __hssrc').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toMatchObject({ necessary: true, functional: false, analytics: true, marketing: false, hasConsented: true });
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
  });

  it('opens from the openCookiePreferences event; Reset clears the record and shows the banner again', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/faq');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });

    await page.evaluate(() => window.dispatchEvent(new Event('openCookiePreferences')));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const id of ['functional', 'analytics', 'marketing']) {
      expect(await dialog.getByTestId(`cookie-toggle-${id}`).isChecked()).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toBeNull();
    await page.getByTestId('cookie-banner').waitFor();
  });

  it('opens from the footer link', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/about');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject All' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await page.getByTestId('footer-legal').getByRole('button', { name: 'Cookie preferences' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('cookie-toggle-analytics').isChecked()).toBe(false);
  });

  it('asks again when the stored record has another version', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.addInitScript((key) => {
      window.localStorage.setItem(
        key,
        JSON.stringify({ necessary: true, functional: true, analytics: true, marketing: true, hasConsented: true, timestamp: 1, version: '0.9.0' }),
      );
    }, CONSENT_KEY);
    await page.goto('/terms');
    await page.getByTestId('cookie-banner').waitFor();
  });

  it('lists the consent categories on the cookie policy page and resets from there', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/cookie-policy');
    for (const title of ['Strictly necessary', 'Functional', 'Analytics', 'Marketing']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject All' }).click();
    const summary = page.getByTestId('consent-summary');
    await expect.poll(() => summary.textContent(), POLL).toContain('Analytics: refused');
    await page.getByRole('button', { name: 'Reset my choice' }).click();
    await page.getByTestId('cookie-banner').waitFor();
    expect(await readConsent(page)).toBeNull();
  });
});

/** Before the page loads: a current consent record (necessary only) and any other stored items. */
async function withNecessaryConsent(page: Page, items: Record<string, string> = {}) {
  await page.addInitScript(
    ({ key, items }) => {
      for (const [name, value] of Object.entries(items)) window.localStorage.setItem(name, value);
      window.localStorage.setItem(
        key,
        JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false, hasConsented: true, timestamp: Date.now(), version: '1.0.0' }),
      );
    },
    { key: CONSENT_KEY, items },
  );
}

describe('pricing', () => {
  const browser = useBrowser();

  const acceptCookies = (page: Page) => withNecessaryConsent(page);

  it('shows the tiers from the database and converts prices when the currency changes', async () => {
    const { page } = browser;
    await acceptCookies(page);
    await primaryUnreachable(page);
    await serverRates(page);
    await page.goto('/pricing');

    const standard = page.getByTestId('pricing-tier').filter({ hasText: 'Standard (Blue)' });
    const price = standard.getByTestId('tier-price');
    // The price of Standard's default cluster, its three nodes included (issue 31): what the configurator opens on.
    await expect.poll(() => price.textContent(), POLL).toBe('€460.00');
    expect(await standard.getByTestId('tier-price-includes').textContent()).toBe('3 nodes and the control plane');
    expect(await page.getByTestId('pricing-tier').count()).toBe(7);

    const currency = page.getByTestId('currency-control');
    await currency.getByText('$ USD').click();
    await expect.poll(() => price.textContent(), POLL).toBe('$575.00');
    expect(await page.getByTestId('rate-line').textContent()).toBe('1 EUR = 1.2500 USD');
    expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('USD');

    await currency.getByText('£ GBP').click();
    await expect.poll(() => price.textContent(), POLL).toBe('£230.00');
    await currency.getByText('¥ CNY').click();
    await expect.poll(() => price.textContent(), POLL).toBe('¥3,680.00');
    expect(await page.getByTestId('rate-line').textContent()).toBe('1 EUR = 8.0000 CNY');

    // The choice is remembered across visits.
    await page.reload();
    await expect.poll(() => price.textContent(), POLL).toBe('¥3,680.00');
    expect(browser.pageErrors).toEqual([]);
  });

  it('switches to yearly billing with the discount', async () => {
    const { page } = browser;
    await acceptCookies(page);
    await primaryUnreachable(page);
    await serverRates(page);
    await page.goto('/pricing');

    const standard = page.getByTestId('pricing-tier').filter({ hasText: 'Standard (Blue)' });
    await expect.poll(() => standard.getByTestId('tier-price').textContent(), POLL).toBe('€460.00');
    expect(await standard.getByTestId('tier-discount').count()).toBe(0);

    await page.getByRole('switch', { name: /^Bill yearly/ }).click();
    await expect.poll(() => standard.getByTestId('tier-price').textContent(), POLL).toBe('€4,999.80');
    // The control plane's 15 % yearly discount over the whole cluster (nodes have none): 9 %.
    expect(await standard.getByTestId('tier-discount').textContent()).toBe('Save 9%');
    expect(await standard.textContent()).toContain('/ year');
    expect(await page.evaluate(() => window.localStorage.getItem('billingCycle'))).toBe('yearly');
  });

  it('shows the node flavours, add-ons, data services, support plans and the PARIS promotion from the catalogue', async () => {
    const { page } = browser;
    await acceptCookies(page);
    await primaryUnreachable(page);
    await serverRates(page);
    await page.goto('/pricing');

    // Each tier's promises and limits, from GET /api/cluster-tiers.
    const standard = page.getByTestId('pricing-tier').filter({ hasText: 'Standard (Blue)' });
    await expect.poll(() => standard.getByTestId('tier-sla').textContent(), POLL).toBe('99.95%');
    expect(await standard.getByTestId('tier-ha').textContent()).toBe('Included');
    expect(await standard.getByTestId('tier-max-nodes').textContent()).toBe('50 nodes');
    expect(await standard.getByTestId('tier-max-pools').textContent()).toBe('8 pools');
    expect(await standard.getByTestId('tier-regions').textContent()).toBe('Paris, Frankfurt am Main, Amsterdam, Milan');
    expect(await standard.getByTestId('tier-nodes-from').textContent()).toContain('€29.00');
    const economy = page.getByTestId('pricing-tier').filter({ hasText: 'Economy (Green)' });
    const economyHa = await economy.getByTestId('tier-ha').textContent();
    expect(economyHa).toContain('Optional at');
    expect(economyHa).toContain('€49.00');
    const sandbox = page.getByTestId('pricing-tier').filter({ hasText: 'Sandbox (Gray)' });
    expect(await sandbox.getByTestId('tier-sla').textContent()).toBe('No SLA');
    expect(await sandbox.getByTestId('tier-ha').textContent()).toBe('Not available');

    // The node flavours table: per hour and per month, 2 decimals (SPEC.md section 9).
    const flavors = page.getByTestId('flavor-table');
    expect(await flavors.getByTestId('flavor-row').count()).toBe(14);
    const general = flavors.locator('[data-flavor="gp-4-16"]');
    expect(await general.getByRole('rowheader').textContent()).toBe('General purpose 4 vCPU, 16 GB');
    expect(await general.getByTestId('flavor-price').textContent()).toBe('€57.00');
    expect(await general.getByTestId('flavor-hourly').textContent()).toBe('€0.08');
    expect(await flavors.getByRole('columnheader', { name: 'Per month' }).count()).toBe(1);

    // Add-ons and middlewares from their cheapest paid price, support plans with their price.
    expect(await page.getByTestId('addons-from').textContent()).toContain('€9.00');
    expect(await page.getByTestId('addon-table').getByTestId('addon-row').count()).toBe(15);
    expect(await page.getByTestId('middlewares-from').textContent()).toContain('€4.90');
    expect(await page.getByTestId('middleware-table').getByTestId('middleware-row').count()).toBe(8);
    const supportPlan = (name: string) => page.getByTestId('support-plan').filter({ has: page.getByRole('heading', { name, exact: true }) });
    expect(await supportPlan('Business').getByTestId('support-plan-price').textContent()).toBe('€199.00');
    expect(await supportPlan('Enterprise').getByTestId('support-plan-price').textContent()).toBe('7% of monthly spend at least €990.00 / month');
    expect(await supportPlan('Basic').getByTestId('support-plan-price').textContent()).toBe('Included');

    const promotion = page.getByTestId('promotion-note');
    expect(await promotion.textContent()).toContain('Promo code PARIS: 5% off');

    // The display currency and the yearly cycle apply to every price on the page.
    await page.getByTestId('currency-control').getByText('$ USD').click();
    await expect.poll(() => general.getByTestId('flavor-price').textContent(), POLL).toBe('$71.25');
    expect(await supportPlan('Business').getByTestId('support-plan-price').textContent()).toBe('$248.75');
    await page.getByRole('switch', { name: /^Bill yearly/ }).click();
    await expect.poll(() => general.getByTestId('flavor-price').textContent(), POLL).toBe('$855.00');
    expect(await flavors.getByRole('columnheader', { name: 'Per year' }).count()).toBe(1);
    // Support plans without a yearly price cost twelve months.
    expect(await supportPlan('Business').getByTestId('support-plan-price').textContent()).toBe('$2,985.00');
    expect(browser.pageErrors).toEqual([]);
  });

  it("shows a cluster type's SLA, HA control plane and limits from the catalogue", async () => {
    const { page } = browser;
    await acceptCookies(page);
    await primaryUnreachable(page);
    await serverRates(page);
    await page.goto('/cluster-types/blue');
    const offer = page.getByTestId('cluster-type-offer');
    await expect.poll(() => offer.getByTestId('spec-sla').textContent(), POLL).toBe('99.95%');
    expect(await offer.getByTestId('spec-max-nodes').textContent()).toBe('50 nodes');
    expect(await offer.getByTestId('spec-max-pools').textContent()).toBe('8 pools');
    expect(await offer.getByTestId('spec-ha').textContent()).toBe('Included');
    expect(await offer.getByTestId('spec-regions').textContent()).toBe('Paris, Frankfurt am Main, Amsterdam, Milan');
    expect(await offer.getByTestId('spec-nodes-from').textContent()).toContain('€29.00');

    await page.goto('/green-cluster');
    await expect.poll(() => offer.getByTestId('spec-sla').textContent(), POLL).toBe('99.5%');
    expect(await offer.getByTestId('spec-max-nodes').textContent()).toBe('10 nodes');
    expect(await offer.getByTestId('spec-ha').textContent()).toMatch(/^Optional at€49\.00/);
    expect(browser.pageErrors).toEqual([]);
  });

  it('orders a tier from its cluster-type page', async () => {
    const { page } = browser;
    await acceptCookies(page);
    await primaryUnreachable(page);
    await page.goto('/cluster-types/red');
    await page.getByTestId('cluster-type-offer').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toContain('regulated');
    expect(await page.getByTestId('order-tier').getAttribute('href')).toBe('/configure-cluster?tier=tier_enterprise');
  });
});

describe('preferences', () => {
  const browser = useBrowser();

  it('keeps the theme under the theme key, system by default', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/faq');
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    await expect.poll(scheme, POLL).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();

    await page.getByTestId('theme-toggle').click();
    await expect.poll(scheme, POLL).toBe('light');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect.poll(scheme, POLL).toBe('light');
  });
});

describe('exchange rates fallback chain', () => {
  const browser = useBrowser();

  const showUsd = (page: Page) => withNecessaryConsent(page, { currency: 'USD' });

  it('uses the server when the primary source is unreachable, well within the 5 s timeout', async () => {
    const { page } = browser;
    await showUsd(page);
    await primaryUnreachable(page);
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

  it('uses the seeded server rates of the real API', async () => {
    const { page } = browser;
    await showUsd(page);
    await primaryUnreachable(page);
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('rate-source').textContent(), POLL).toContain('rates from our server');
    expect(await page.getByTestId('rate-line').textContent()).toMatch(/^1 EUR = \d+\.\d{4} USD$/);
    expect(await page.getByTestId('rate-line').textContent()).not.toBe('1 EUR = 1.0000 USD');
  });

  it('uses the primary source when it answers', async () => {
    const { page } = browser;
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

  it('rejects an invalid primary response and falls back to the server', async () => {
    const { page } = browser;
    await showUsd(page);
    await page.route(PRIMARY_RATES, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ result: 'error' }) }),
    );
    await serverRates(page);
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.2500 USD');
  });

  it('falls back to expired cached rates when both sources fail', async () => {
    const { page } = browser;
    await showUsd(page);
    await page.addInitScript((key) => {
      const hourAgo = Date.now() - 60 * 60 * 1000;
      window.localStorage.setItem(key, JSON.stringify({ rates: { EUR: 1, USD: 1.1111, GBP: 0.8, CNY: 7.5 }, timestamp: hourAgo, date: '2026-03-12', fetchedAt: hourAgo }));
    }, RATES_CACHE_KEY);
    await primaryUnreachable(page);
    await page.route(SERVER_RATES, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) }));
    await page.goto('/currency-test');
    await expect.poll(() => page.getByTestId('rate-line').textContent(), POLL).toBe('1 EUR = 1.1111 USD');
    expect(await page.getByTestId('rate-source').textContent()).toContain('older cached rates');
    expect(await page.getByTestId('rates-error').count()).toBe(0);
  });

  it('shows the SPEC error and rates of 1 when nothing is available', async () => {
    const { page } = browser;
    await showUsd(page);
    await primaryUnreachable(page);
    await page.route(SERVER_RATES, (route: Route) => route.abort('connectionrefused'));
    await page.goto('/currency-test');
    const error = page.getByTestId('rates-error');
    await expect.poll(() => error.textContent(), POLL).toBe(RATES_UNAVAILABLE);
    expect(await page.getByTestId('rate-line').textContent()).toBe('1 EUR = 1.0000 USD');
  });

  it('serves fresh cached rates without any request, and refreshes on demand', async () => {
    const { page } = browser;
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

  it('gives up on a primary source that does not answer after 5 s', async () => {
    const { page } = browser;
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

  it('converts between currencies', async () => {
    const { page } = browser;
    await showUsd(page);
    await primaryUnreachable(page);
    await serverRates(page);
    await page.goto('/currency-test');
    const result = page.getByTestId('converter-result');
    await expect.poll(() => result.textContent(), POLL).toBe('€100.00 = $125.00');
    await page.getByTestId('converter-amount').fill('40');
    await expect.poll(() => result.textContent(), POLL).toBe('€40.00 = $50.00');
  });
});

/** SPEC.md section 2, public routes; each must render its own page with a heading. */
const PUBLIC_ROUTES = [
  '/',
  '/pricing',
  '/documentation',
  '/tutorials',
  '/tutorials/deploy-your-first-application',
  '/support',
  '/auth',
  '/dev-login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/verify-registration-email',
  '/magic-link-login',
  '/magic-link',
  '/schedule-demo',
  '/contact-sales',
  '/custom-quote',
  '/workload-migration',
  '/about',
  '/careers',
  '/privacy-policy',
  '/privacy',
  '/terms',
  '/cookie-policy',
  '/contact',
  '/data-centers',
  '/faq',
  '/api-reference',
  '/case-studies',
  '/newsletter',
  '/test-service',
  '/currency-test',
  '/technical-support',
  '/billing-support',
  '/submit-ticket',
  '/track-ticket',
  ...['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'].map((type) => `/cluster-types/${type}`),
  ...['sandbox', 'blue', 'red', 'green', 'data', 'ai'].flatMap((type) => [`/${type}-cluster`, `/${type}-cluster-page`]),
  '/additional-cluster',
  '/dev-cluster',
  '/test-cluster',
  '/orange-cluster',
];

describe('public routes', () => {
  const browser = useBrowser();

  // One page visits the whole table (its assets cached after the first route) instead of one
  // browser context per route; every route gets the same checks, and a failure names its route.
  it('every public route shows its own page', { timeout: 240_000 }, async () => {
    const { page } = browser;
    page.setDefaultTimeout(10_000);
    await primaryUnreachable(page);
    for (const path of PUBLIC_ROUTES) {
      const errorsBefore = browser.pageErrors.length;
      const response = await page.goto(path);
      expect.soft(response?.status(), `${path}: HTTP status`).toBe(200);
      const heading = await page.locator('h1').first().waitFor().then(() => true, () => false);
      expect.soft(heading, `${path}: has an h1`).toBe(true);
      expect.soft(await page.getByTestId('not-found').count(), `${path}: not-found page`).toBe(0);
      expect.soft(new URL(page.url()).pathname, `${path}: final path`).toBe(path);
      expect.soft(browser.pageErrors.slice(errorsBefore).map(String), `${path}: page errors`).toEqual([]);
    }
  });

  it('/fr redirects to the home page', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/fr');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('tier-card').first().waitFor();
  });

  it('aliases show the same detail page as their cluster type', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/cluster-types/data');
    const title = await page.getByTestId('page-title').textContent();
    for (const alias of ['/data-cluster', '/data-cluster-page']) {
      await page.goto(alias);
      await expect.poll(() => page.getByTestId('page-title').textContent(), POLL).toBe(title);
      await page.getByTestId('cluster-type-offer').waitFor();
    }
    await page.goto('/dev-cluster');
    await expect.poll(() => page.getByTestId('page-title').textContent(), POLL).toBe('Short-lived clusters for CI, previews and staging');
  });

  it('unknown paths show the not-found page', async () => {
    const { page } = browser;
    page.setDefaultTimeout(10_000);
    await primaryUnreachable(page);
    for (const path of ['/cluster-types/purple', '/tutorials/no-such-tutorial', '/definitely-not-a-page', '/pricing/extra']) {
      await page.goto(path);
      const heading = page.getByTestId('not-found');
      const shown = await heading.waitFor().then(() => true, () => false);
      expect.soft(shown && (await heading.textContent()), `${path}: not-found heading`).toBe('Page not found');
    }
  });

  it('lists the data centres from the database', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/data-centers');
    const cards = page.getByTestId('data-center');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    expect(await cards.filter({ hasText: 'Paris PAR1' }).textContent()).toContain('fr-par-1');
  });

  it('renders a tutorial from its content file', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/tutorials');
    const cards = page.getByTestId('tutorial-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await cards.filter({ hasText: 'Deploy from Git with Argo CD' }).click();
    await page.waitForURL((url) => url.pathname === '/tutorials/gitops-with-argo-cd');
    const content = page.getByTestId('tutorial-content');
    await content.waitFor();
    expect(await content.locator('h2').count()).toBeGreaterThanOrEqual(3);
    expect(await content.locator('pre').count()).toBeGreaterThanOrEqual(3);
  });

  it('checks live service health, counting a refused socket as reachable', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/test-service');
    for (const id of ['status-api', 'status-database', 'status-websocket']) {
      await expect.poll(() => page.getByTestId(id).getAttribute('data-status'), POLL).toBe('ok');
    }
    // Without a session the upgrade is refused; the endpoint still answers, so it counts as reachable.
    expect(await page.getByTestId('status-websocket').textContent()).toMatch(/requires a signed-in session|expects a WebSocket upgrade/);
  });
});

describe('lead forms', () => {
  const browser = useBrowser();

  it('validates, stores a contact-sales request and confirms it', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/contact-sales');
    const form = page.getByTestId('lead-form');
    await form.getByRole('button', { name: 'Contact sales' }).click();
    await form.getByText('Name is required.').waitFor();
    expect(await form.getByText('Company is required.').count()).toBe(1);

    await form.getByLabel('Full name').fill('Camille Durand');
    await form.getByLabel('Work email').fill('camille.e2e@example.com');
    await form.getByRole('textbox', { name: /^Company/ }).fill('Hôpital Exemple');
    await form.getByLabel('Phone').fill('12');
    await form.getByRole('button', { name: 'Contact sales' }).click();
    await form.getByText('Enter a valid phone number, e.g. +33 1 23 45 67 89.').waitFor();
    await form.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await form.getByLabel('What would you like to discuss?').fill('Two Enterprise clusters for HDS workloads in Paris.');
    await form.getByRole('button', { name: 'Contact sales' }).click();

    const success = page.getByTestId('lead-form-success');
    await success.waitFor();
    expect(await success.getByTestId('lead-reference').textContent()).toMatch(/\S+/);
  });

  it('shows the server error when a request is refused', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.route('**/trpc/leads.submit**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        // Mutations go one per request (no batch), so the answer is a single object.
        body: JSON.stringify({ error: { message: 'Too many requests. Please try again in 42 minutes.', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } }),
      }),
    );
    await page.goto('/contact');
    const form = page.getByTestId('lead-form');
    await form.getByLabel('Full name').fill('Jonas Weber');
    await form.getByLabel('Work email').fill('jonas.e2e@example.com');
    await form.getByLabel('Topic').click();
    await page.getByRole('option', { name: 'General question' }).click();
    await form.getByLabel('Message').fill('Do you offer private interconnects in Frankfurt?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('alert').filter({ hasText: 'Too many requests. Please try again in 42 minutes.' }).waitFor();
  });

  it('subscribes to the newsletter and reports an invalid confirmation link', async () => {
    const { page } = browser;
    await primaryUnreachable(page);
    await page.goto('/newsletter');
    const form = page.getByTestId('newsletter-form');
    await form.getByLabel('Email').fill(`news-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByTestId('newsletter-sent').waitFor();

    await page.goto('/newsletter?token=this-token-does-not-exist-anywhere');
    await page.getByText('This confirmation link is invalid or has expired. Subscribe again to get a new one.').waitFor();
  });
});
