import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { POLL } from './fixtures';

/** Loaders and skeletons still showing: a page is looked at once its data is in. */
export const PENDING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [aria-busy="true"]';

/**
 * Opens `path` and waits until the page is whole, as a reader who scrolls through it gets it:
 * its heading shown, and no loader or skeleton left in view. Sections drawn once scrolled into
 * view (WhenInView: the usage charts) are scrolled to, then the page goes back to its top.
 */
export async function openLoaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: POLL.timeout });
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; top < document.documentElement.scrollHeight; top += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo(0, top);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  // Only what shows: a tab panel that is not open may keep a skeleton until it is. A section drawn
  // when scrolled into view may have been scrolled past before its observer fired (a busy machine):
  // each poll brings the first one still pending into view, as a reader scrolling down would.
  const pending = page.locator(PENDING).filter({ visible: true });
  await expect
    .poll(
      async () => {
        const count = await pending.count();
        // Scrolled in the page, not with Playwright's scrollIntoViewIfNeeded, which waits for the
        // element and hung when the section finished loading between the count and the scroll.
        if (count > 0) {
          await page.evaluate((selector) => {
            const shown = [...document.querySelectorAll(selector)].find((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && box.height > 0;
            });
            shown?.scrollIntoView({ block: 'center' });
          }, PENDING);
        }
        return count;
      },
      { ...POLL, message: `${path} still loading` },
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}
