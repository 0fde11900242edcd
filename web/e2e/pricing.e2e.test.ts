import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { withNecessaryConsent } from './auth-helpers';
import { it } from './fixtures';
import { serverRates } from './rates';

/** vitest's expect.poll gives up after 1 s by default, less than a cold page load. */
const POLL = { timeout: 10_000 } as const;

describe('pricing', () => {
  /** Opens `path` with the cookie choice made, offline, our server answering the stub rates (1 EUR = 1.25 USD). */
  async function openWithStubRates(page: Page, path: string): Promise<void> {
    await withNecessaryConsent(page);
    await serverRates(page);
    await page.goto(path);
  }

  /** Scrolls the pricing page's section `id` into view, as a visitor reading down to it does. */
  async function scrollToSection(page: Page, id: string): Promise<void> {
    await page.locator(`section#${id}`).scrollIntoViewIfNeeded();
  }

  /**
   * What the catalogue promises for Standard (Blue), as `scope` shows it in its `${fields}-…` fields:
   * the pricing page's tier card ('tier') or the cluster-type page's offer ('spec').
   */
  async function expectStandardBlueOffer(scope: Locator, fields: 'tier' | 'spec'): Promise<void> {
    const field = (name: string) => scope.getByTestId(`${fields}-${name}`).textContent();
    await expect.poll(() => field('sla'), POLL).toBe('99.95%');
    expect(await field('ha')).toBe('Included');
    expect(await field('max-nodes')).toBe('50 nodes');
    expect(await field('max-pools')).toBe('8 pools');
    expect(await field('regions')).toBe('Paris, Frankfurt am Main, Amsterdam, Milan');
    expect(await field('nodes-from')).toContain('€29.00');
  }

  it('shows the tiers from the database and converts prices when the currency changes', async ({ page, pageErrors }) => {
    await openWithStubRates(page, '/pricing');

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
    expect(pageErrors).toEqual([]);
  });

  it('switches to yearly billing with the discount', async ({ page }) => {
    await openWithStubRates(page, '/pricing');

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

  it('shows the node flavours, add-ons, data services, support plans and the PARIS promotion from the catalogue', async ({ page, pageErrors }) => {
    await openWithStubRates(page, '/pricing');

    // Each tier's promises and limits, from GET /api/cluster-tiers.
    await expectStandardBlueOffer(page.getByTestId('pricing-tier').filter({ hasText: 'Standard (Blue)' }), 'tier');
    const economy = page.getByTestId('pricing-tier').filter({ hasText: 'Economy (Green)' });
    const economyHa = await economy.getByTestId('tier-ha').textContent();
    expect(economyHa).toContain('Optional at');
    expect(economyHa).toContain('€49.00');
    const sandbox = page.getByTestId('pricing-tier').filter({ hasText: 'Sandbox (Gray)' });
    expect(await sandbox.getByTestId('tier-sla').textContent()).toBe('No SLA');
    expect(await sandbox.getByTestId('tier-ha').textContent()).toBe('Not available');

    // The node flavours table: per hour and per month, 2 decimals (docs/product/constants.md#currencies-and-prices).
    // The catalogue below the tiers renders as the visitor scrolls near it (ADR 53): not yet on the
    // first screen (1280 × 720, the flavours three screens down), then each section once scrolled to.
    expect(await page.getByTestId('flavor-table').count()).toBe(0);
    await scrollToSection(page, 'flavors');
    const flavors = page.getByTestId('flavor-table');
    await expect.poll(() => flavors.getByTestId('flavor-row').count(), POLL).toBe(14);
    const general = flavors.locator('[data-flavor="gp-4-16"]');
    expect(await general.getByRole('rowheader').textContent()).toBe('General purpose 4 vCPU, 16 GB');
    expect(await general.getByTestId('flavor-price').textContent()).toBe('€57.00');
    expect(await general.getByTestId('flavor-hourly').textContent()).toBe('€0.08');
    expect(await flavors.getByRole('columnheader', { name: 'Per month' }).count()).toBe(1);

    // Add-ons and middlewares from their cheapest paid price, support plans with their price.
    expect(await page.getByTestId('addons-from').textContent()).toContain('€9.00');
    await scrollToSection(page, 'add-ons');
    await expect.poll(() => page.getByTestId('addon-table').getByTestId('addon-row').count(), POLL).toBe(15);
    expect(await page.getByTestId('middlewares-from').textContent()).toContain('€4.90');
    await scrollToSection(page, 'middlewares');
    await expect.poll(() => page.getByTestId('middleware-table').getByTestId('middleware-row').count(), POLL).toBe(8);
    await scrollToSection(page, 'support');
    await expect.poll(() => page.getByTestId('support-plan').count(), POLL).toBe(4);
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
    expect(pageErrors).toEqual([]);
  });

  it("shows a cluster type's SLA, HA control plane and limits from the catalogue", async ({ page, pageErrors }) => {
    await openWithStubRates(page, '/cluster-types/blue');
    const offer = page.getByTestId('cluster-type-offer');
    await expectStandardBlueOffer(offer, 'spec');

    await page.goto('/green-cluster');
    await expect.poll(() => offer.getByTestId('spec-sla').textContent(), POLL).toBe('99.5%');
    expect(await offer.getByTestId('spec-max-nodes').textContent()).toBe('10 nodes');
    expect(await offer.getByTestId('spec-ha').textContent()).toMatch(/^Optional at€49\.00/);
    expect(pageErrors).toEqual([]);
  });

  it('orders a tier from its cluster-type page', async ({ page }) => {
    await withNecessaryConsent(page);
    await page.goto('/cluster-types/red');
    await page.getByTestId('cluster-type-offer').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toContain('regulated');
    expect(await page.getByTestId('order-tier').getAttribute('href')).toBe('/configure-cluster?tier=tier_enterprise');
  });
});
