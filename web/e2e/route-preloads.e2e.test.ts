import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { BASE_URL, it, POLL, waitForHydration } from './fixtures';

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)].map((match) => match[1]!);
/** Holds the script at `path` back until `open()`, and records every path the page requests. */
async function holdBack(page: Page, path: string): Promise<{ open: () => void; requested: string[] }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(`${BASE_URL}${path}`, async (route) => {
    await gate;
    await route.continue();
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return { open, requested };
}

const appScriptsOf = (html: string) => (/data-app-scripts="([^"]*)"/.exec(html)?.[1] ?? '').split(' ');

describe("a page's own code is fetched with the app, not after it (ADR 18)", () => {
  it('preloads the code of a console page the Worker does not render, which the page then runs without fetching it again', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const html = await (await page.context().request.get(`${BASE_URL}/marketplace`)).text();
    const preloads = preloadsOf(html);
    // The marketplace's page and its layout's, beside index.html's own links.
    expect(preloads.some((file) => /^\/assets\/marketplace-[\w-]+\.js$/.test(file))).toBe(true);
    expect(preloads.some((file) => /^\/assets\/_dashboard-[\w-]+\.js$/.test(file))).toBe(true);
    // And the cookie banner's code, which every page asks for as it starts (the shell).
    expect(preloads.some((file) => /^\/assets\/cookie-consent-[\w-]+\.js$/.test(file))).toBe(true);
    // The entry carries no table of every chunk's dependencies any more.
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(await (await fetch(`${BASE_URL}${entry}`)).text()).not.toMatch(/__vite__mapDeps\(\[[^\]]*\.js/);

    // Hold the entry back: the page's chunk can only be asked for by the page's own preload link.
    const pageChunk = preloads.find((file) => /^\/assets\/marketplace-[\w-]+\.js$/.test(file))!;
    const { open, requested } = await holdBack(page, entry!);
    await page.goto('/marketplace', { waitUntil: 'commit' });
    await expect.poll(() => requested.includes(pageChunk), POLL).toBe(true);
    expect(requested).toContain(entry);
    open();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Fetched once: the import the app makes when it runs uses the preloaded module.
    expect(requested.filter((path) => path === pageChunk)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('shows a console page the Worker rendered before its scripts run, then fetches all its code at once and hydrates it (ADR 0045)', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const html = await (await page.context().request.get(`${BASE_URL}/dashboard`)).text();
    // No script before the first paint: the entry, what it imports and the page's code come after it.
    expect(html).not.toContain('<script type="module"');
    expect(preloadsOf(html)).toEqual([]);
    const scripts = appScriptsOf(html);
    const entry = scripts[0]!;
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const dashboardChunk = scripts.find((file) => /^\/assets\/dashboard-[\w-]+\.js$/.test(file))!;
    expect(dashboardChunk).toBeDefined();
    expect(scripts.some((file) => /^\/assets\/_dashboard-[\w-]+\.js$/.test(file))).toBe(true);

    // Hold the entry back: the page is on screen all the same, its chunk already asked for.
    const { open, requested } = await holdBack(page, entry);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
    await expect.poll(() => requested.includes(dashboardChunk), POLL).toBe(true);
    open();
    await waitForHydration(page);
    expect(requested.filter((path) => path === dashboardChunk)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('preloads no console code for a visitor who is not signed in, and the public page they are sent to works', async ({ page, pageErrors }) => {
    const html = await (await fetch(`${BASE_URL}/dashboard`)).text();
    expect(preloadsOf(html).some((file) => /\/dashboard-/.test(file))).toBe(false);
    await page.goto('/dashboard');
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/auth');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("loads a prerendered page's own code with the app once the page has painted", async () => {
    for (const [path, chunk] of [
      ['/pricing', /^\/assets\/pricing-[\w-]+\.js$/],
      ['/documentation', /^\/assets\/documentation-[\w-]+\.js$/],
    ] as const) {
      const scripts = appScriptsOf(await (await fetch(`${BASE_URL}${path}`)).text());
      expect(scripts[0], path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect(scripts.some((file) => chunk.test(file)), path).toBe(true);
    }
  });
});
