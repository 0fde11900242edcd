import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures';

/** vitest's expect.poll gives up after 1 s by default, less than a cold page load. */
const POLL = { timeout: 10_000 } as const;

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
  // One page visits the whole table (its assets cached after the first route) instead of one
  // browser context per route; every route gets the same checks, and a failure names its route.
  it('every public route shows its own page', { timeout: 240_000 }, async ({ page, pageErrors }) => {
    page.setDefaultTimeout(10_000);
    for (const path of PUBLIC_ROUTES) {
      const errorsBefore = pageErrors.length;
      const response = await page.goto(path);
      expect.soft(response?.status(), `${path}: HTTP status`).toBe(200);
      const heading = await page.locator('h1').first().waitFor().then(() => true, () => false);
      expect.soft(heading, `${path}: has an h1`).toBe(true);
      expect.soft(await page.getByTestId('not-found').count(), `${path}: not-found page`).toBe(0);
      expect.soft(new URL(page.url()).pathname, `${path}: final path`).toBe(path);
      expect.soft(pageErrors.slice(errorsBefore).map(String), `${path}: page errors`).toEqual([]);
    }
  });

  it('/fr redirects to the home page', async ({ page }) => {
    await page.goto('/fr');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('tier-card').first().waitFor();
  });

  it('aliases show the same detail page as their cluster type', async ({ page }) => {
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

  it('unknown paths show the not-found page', async ({ page }) => {
    page.setDefaultTimeout(10_000);
    for (const path of ['/cluster-types/purple', '/tutorials/no-such-tutorial', '/definitely-not-a-page', '/pricing/extra']) {
      await page.goto(path);
      const heading = page.getByTestId('not-found');
      const shown = await heading.waitFor().then(() => true, () => false);
      expect.soft(shown && (await heading.textContent()), `${path}: not-found heading`).toBe('Page not found');
    }
  });

  /** The cards a public page lists, once the first one shows. */
  async function cardsOn(page: Page, path: string, testId: string): Promise<Locator> {
    await page.goto(path);
    const cards = page.getByTestId(testId);
    await cards.first().waitFor();
    return cards;
  }

  it('lists the data centres from the database', async ({ page }) => {
    const cards = await cardsOn(page, '/data-centers', 'data-center');
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    expect(await cards.filter({ hasText: 'Paris PAR1' }).textContent()).toContain('fr-par-1');
  });

  it('renders a tutorial from its content file', async ({ page }) => {
    const cards = await cardsOn(page, '/tutorials', 'tutorial-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await cards.filter({ hasText: 'Deploy from Git with Argo CD' }).click();
    await page.waitForURL((url) => url.pathname === '/tutorials/gitops-with-argo-cd');
    const content = page.getByTestId('tutorial-content');
    await content.waitFor();
    expect(await content.locator('h2').count()).toBeGreaterThanOrEqual(3);
    expect(await content.locator('pre').count()).toBeGreaterThanOrEqual(3);
  });

  it('checks live service health, counting a refused socket as reachable', async ({ page }) => {
    await page.goto('/test-service');
    for (const id of ['status-api', 'status-database', 'status-websocket']) {
      await expect.poll(() => page.getByTestId(id).getAttribute('data-status'), POLL).toBe('ok');
    }
    // Without a session the upgrade is refused; the endpoint still answers, so it counts as reachable.
    expect(await page.getByTestId('status-websocket').textContent()).toMatch(/requires a signed-in session|expects a WebSocket upgrade/);
  });
});
