import { APP_LOADER_SCRIPT, PRERENDERED_PAGES } from '@kubemarket/shared';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { anotherContext, BASE_URL, it, POLL } from './fixtures';

/** The markup inside #root of an HTML answer, or '' for the empty SPA shell. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</body>'));
}

const OUR_SCRIPTS = /\/assets\/.*\.js$/;

/** Holds every script of ours back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(OUR_SCRIPTS, async (route) => {
    await gate;
    await route.continue();
  });
  // Released requests go on through this handler (the newest handler takes a request first).
  return async () => open();
}

describe('prerendered public pages (ADR 17)', () => {
  it('answers each prerendered page with its markup, the colour-scheme script and the CSRF token filled in', async () => {
    for (const path of PRERENDERED_PAGES) {
      const response = await fetch(`${BASE_URL}${path}`);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('data-prerendered');
      expect(rootMarkup(html), path).toMatch(/<main[\s>]/);
      expect(rootMarkup(html), path).toMatch(/<h1[\s>]/);
      expect(html, path).toMatch(/<meta name="csrf-token" content="[^"]+"/);
      expect(html, path).toContain("data-mantine-color-scheme");
      // Plain markup: no streaming scripts inside #root (the CSP would refuse them); after it, the
      // loader that fetches the app once the page has painted, and no script of the app before.
      const loader = `<script>${APP_LOADER_SCRIPT}</script>`;
      expect(rootMarkup(html).trimEnd().endsWith(loader), path).toBe(true);
      expect(rootMarkup(html).replace(loader, ''), path).not.toContain('<script');
      expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"/);
      // The entry, its modulepreloads, then the page's own chunks (ADR 18; some names have dots).
      expect(html, path).toMatch(/data-app-scripts="\/assets\/index-[\w-]+\.js( \/assets\/[\w.-]+\.js)+"/);
    }
    // Any other page is the SPA shell.
    expect(rootMarkup(await (await fetch(`${BASE_URL}/dashboard`)).text())).toMatch(/^<div id="root"><\/div>\s*$/);
  });

  it('paints the page, in the visitor\'s colour scheme, before any JavaScript of ours has run', async ({ page, pageErrors }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // What shows while our scripts are held back comes from the HTML and the stylesheet alone.
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    // The tiers are the visitor's to load: the markup has their placeholders, not their prices.
    expect(await page.getByTestId('tier-card').count()).toBe(0);
    await release();
    // Then the app takes the page over: the tiers come from the catalogue.
    await expect.poll(() => page.getByTestId('tier-card').count(), POLL).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('hydrates /, /pricing and /documentation in place, with no console error or refused script', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // Hydration mismatches are logged as warnings by main.tsx; a default visitor must have none.
      if (message.type() === 'error' || message.text().includes('prerendered page was rendered again')) problems.push(`${message.type()}: ${message.text()}`);
    });
    // The machine is offline: the public rates service (docs/product/states.md#exchange-rates-and-billing-cycle) is answered by the page's fallback.
    await page.route('https://open.er-api.com/**', (route) => route.abort('blockedbyclient'));
    for (const path of ['/', '/pricing', '/documentation']) {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      // Mark the heading painted from HTML before any script of ours runs…
      const heading = page.locator('h1').first();
      await heading.waitFor();
      await heading.evaluate((element) => ((element as HTMLElement).dataset.fromHtml = 'yes'));
      await release();
      // …then let the app start: once React owns the page's heading, it must still be that element,
      // hydrated in place rather than rendered again.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'))), POLL).toBe(true);
      expect(await page.locator('h1[data-from-html="yes"]').count(), `${path}: ${problems.join(' | ')}`).toBe(1);
    }
    expect(problems.filter((problem) => !problem.includes('open.er-api.com') && !problem.includes('ERR_BLOCKED_BY_CLIENT'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('hydrates a page opened on a phone in place: no query answers before the page itself is hydrated', { timeout: 90_000 }, async ({ page }) => {
    // The root's Outlet hydrates the page in a Suspense boundary of its own, after the frame. The
    // catalogue's answer, asked once the frame was hydrated, reached / and /pricing before their
    // pages were and the browser's first render of them differed from the markup: each was rendered
    // again (router.ts reportingPageHydration). Opened as a phone opens them, scripts not held back.
    const context = await anotherContext(page, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    const renderedAgain: string[] = [];
    phone.on('console', (message) => {
      if (message.text().includes('prerendered page was rendered again')) renderedAgain.push(`${new URL(phone.url()).pathname}: ${message.text()}`);
    });
    await phone.route('https://open.er-api.com/**', (route) => route.abort('blockedbyclient'));
    for (const path of ['/', '/pricing', '/documentation', '/faq']) {
      await phone.goto(path);
      await phone.waitForLoadState('networkidle');
      // The page's own content (the tiers of / and /pricing) came from the catalogue after hydration.
      if (path === '/' || path === '/pricing') await expect.poll(() => phone.getByTestId(path === '/' ? 'tier-card' : 'pricing-tier').count(), POLL).toBeGreaterThan(0);
    }
    await context.close();
    expect(renderedAgain).toEqual([]);
  });

  it('serves a signed-in visitor the app, not the anonymous markup', async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const html = await (await page.context().request.get(`${BASE_URL}/pricing`)).text();
    expect(html).not.toContain('data-prerendered');
    await page.goto('/pricing');
    await page.locator('h1').first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
