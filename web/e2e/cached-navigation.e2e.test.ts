import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsDemoAccount } from './accounts';
import { it, POLL } from './fixtures';

/** What a page shows while its data loads: Mantine's skeletons and loaders, and ours. */
const LOADING_SELECTOR = '[data-skeleton], .mantine-Skeleton-root, [role="progressbar"], .mantine-Loader-root';

interface Frame {
  path: string;
  rows: number;
}

interface Watch {
  /** Loading elements inserted since the watch began: the path then and their outer HTML's start. */
  loaders: string[];
  /** The path and the number of cluster rows at each animation frame. */
  frames: Frame[];
}

/** Records, from now on, every loading element put in the page and what each frame shows. */
async function watchRendering(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const watch: Watch = { loaders: [], frames: [] };
    (window as unknown as { renderWatch: Watch }).renderWatch = watch;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const found = node.matches(selector) ? [node] : [...node.querySelectorAll(selector)];
          for (const element of found) watch.loaders.push(`${window.location.pathname}: ${element.outerHTML.slice(0, 160)}`);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    const sample = () => {
      watch.frames.push({ path: window.location.pathname, rows: document.querySelectorAll('[data-testid="cluster-row"]').length });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, LOADING_SELECTOR);
}

/** Whether the address is a tRPC read (alone or batched) of the procedure. */
function isRead(address: string, procedure: string): boolean {
  const { pathname } = new URL(address);
  return pathname.startsWith('/trpc/') && decodeURIComponent(pathname.slice('/trpc/'.length)).split(',').includes(procedure);
}

const readWatch = (page: Page) => page.evaluate(() => (window as unknown as { renderWatch: Watch }).renderWatch);

/** Alice, signed in over the API (the sign-in form is tested in auth.e2e.test.ts), on her dashboard. */
async function signInAsAlice(page: Page): Promise<void> {
  await signInAsDemoAccount(page, 'alice');
  await page.goto('/dashboard');
}

describe('navigation to cached data', () => {
  it('shows the cluster list in the first frame when coming back to it, with no skeleton or loader', { timeout: 60_000 }, async ({ page }) => {
    await signInAsAlice(page);
    await page.getByRole('link', { name: 'View All Clusters' }).first().click();
    await page.waitForURL((url) => url.pathname === '/my-clusters');
    // The seed gives Acme Industries 3 clusters.
    await expect.poll(() => page.getByTestId('cluster-row').count(), POLL).toBe(3);

    await page.getByTestId('cluster-link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/clusters/'));
    await page.getByTestId('back-to-clusters').waitFor();
    await page.getByTestId('page-title').waitFor();
    // The cluster page settles first (its cost card, below the title, shows its chart's loading
    // status when its figures arrive): what is watched from here is the way back alone.
    await page.waitForLoadState('networkidle');

    await watchRendering(page);
    // The list is stale at once (query defaults): coming back reads it again in the background.
    const refetched = page.waitForResponse((response) => isRead(response.url(), 'clusters.list'));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/my-clusters');
    await expect.poll(() => page.getByTestId('cluster-row').count(), POLL).toBe(3);
    // The background read has come back and its answer is rendered (the list is no longer busy):
    // any loader it would bring has shown by now.
    await refetched;
    await page.locator('[aria-busy="false"]').filter({ has: page.getByTestId('clusters-range') }).waitFor();

    const { loaders, frames } = await readWatch(page);
    const onList = frames.filter((frame) => frame.path === '/my-clusters');
    expect(onList.length).toBeGreaterThan(0);
    expect(onList[0]).toEqual({ path: '/my-clusters', rows: 3 });
    expect(onList.every((frame) => frame.rows === 3)).toBe(true);
    expect(loaders).toEqual([]);
  });

  it("fetches a sidebar link's route code when the pointer rests on it, before any click", { timeout: 60_000 }, async ({ page }) => {
    await signInAsAlice(page);
    await page.getByTestId('dashboard-sidebar').waitFor();
    // Let the dashboard finish loading its own code first.
    await page.waitForLoadState('networkidle');

    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    const usage = page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Usage' });
    await usage.hover();
    await expect.poll(() => scripts.filter((path) => path.startsWith('/assets/')).length, POLL).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/dashboard$/);

    await usage.click();
    await page.waitForURL((url) => url.pathname === '/usage');
  });
});
