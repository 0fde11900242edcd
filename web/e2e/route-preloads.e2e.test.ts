import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { BASE_URL, it, POLL } from './fixtures';

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)].map((match) => match[1]!);
const appScriptsOf = (html: string) => (/data-app-scripts="([^"]*)"/.exec(html)?.[1] ?? '').split(' ');

describe("a page's own code is fetched with the app, not after it (ADR 18)", () => {
  it('preloads the code of the console page asked for, which the page then runs without fetching it again', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const html = await (await page.context().request.get(`${BASE_URL}/dashboard`)).text();
    const preloads = preloadsOf(html);
    // The dashboard's page and its layout's, beside index.html's own links.
    expect(preloads.some((file) => /^\/assets\/dashboard-[\w-]+\.js$/.test(file))).toBe(true);
    expect(preloads.some((file) => /^\/assets\/_dashboard-[\w-]+\.js$/.test(file))).toBe(true);
    // And the cookie banner's code, which every page asks for as it starts (the shell).
    expect(preloads.some((file) => /^\/assets\/cookie-consent-[\w-]+\.js$/.test(file))).toBe(true);
    // The entry carries no table of every chunk's dependencies any more.
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(await (await fetch(`${BASE_URL}${entry}`)).text()).not.toMatch(/__vite__mapDeps\(\[[^\]]*\.js/);

    // Hold the entry back: the page's chunk can only be asked for by the page's own preload link.
    const dashboardChunk = preloads.find((file) => /^\/assets\/dashboard-[\w-]+\.js$/.test(file) && !file.includes('layout') && !file.includes('sidebar'))!;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await page.route(`${BASE_URL}${entry}`, async (route) => {
      await gate;
      await route.continue();
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect.poll(() => requested.includes(dashboardChunk), POLL).toBe(true);
    expect(requested).toContain(entry);
    open();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Fetched once: the import the app makes when it runs uses the preloaded module.
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
