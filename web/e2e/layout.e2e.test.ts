import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ALICE_CONSOLE_PAGES, signInAsDemoAccount } from './accounts';
import { withNecessaryConsent } from './auth-helpers';
import { it, POLL } from './fixtures';
import { openLoaded } from './page-loaded';

// Issue 31: at 1440 × 900 and on a 390 × 844 phone, the ten most used console pages show nothing
// clipped: no text cut inside its box (a badge, a status label, a truncated cell), nothing wider
// than the page, and every sidebar item reachable.

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Alice's most used pages (Acme, seeded): the console's lists, a cluster, an order, a ticket, the
 * configurator, and the page of the PostgreSQL Acme runs (issue 31).
 */
const PAGES = [
  ...ALICE_CONSOLE_PAGES,
  '/settings',
  '/middlewares/mwi_demo_acme_orders',
] as const;

interface Clipped {
  what: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * What the page cuts: elements whose own text overflows a box that hides it (overflow hidden or
 * clip, an ellipsis), and the page itself when it is wider than the window. Elements hidden from
 * everyone (visually hidden text for screen readers, closed drawers) are not looked at.
 */
function clippedOn(page: Page): Promise<{ clipped: Clipped[]; pageWidth: number; windowWidth: number }> {
  return page.evaluate(() => {
    const clipped: Clipped[] = [];
    const describe = (element: Element) => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
      const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).slice(0, 2).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? ` in [data-testid=${testId}]` : ''}`;
    };
    for (const element of document.querySelectorAll('body *')) {
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      // Visually hidden (1 px, clipped on purpose for screen readers) and off-screen parts are not shown text.
      if (box.width <= 2 || box.height <= 2 || style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (!hides) continue;
      // Only boxes that hold text of their own: a scroll container or a layout wrapper is not a label.
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        clipped.push({ what: describe(element), text: (element.textContent ?? '').trim().slice(0, 80), scrollWidth: element.scrollWidth, clientWidth: element.clientWidth });
      }
    }
    return { clipped, pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth };
  });
}

describe('layout at 1440 × 900 and 390 × 844 (issue 31)', () => {
  for (const viewport of VIEWPORTS) {
    it(`clips nothing on the most used console pages, ${viewport.name} ${viewport.width} × ${viewport.height}`, { timeout: 180_000 }, async ({ page }) => {
      await withNecessaryConsent(page);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAsDemoAccount(page, 'alice');
      const found: Record<string, unknown> = {};
      for (const path of PAGES) {
        await openLoaded(page, path);
        const { clipped, pageWidth, windowWidth } = await clippedOn(page);
        if (clipped.length > 0 || pageWidth > windowWidth) found[path] = { clipped, ...(pageWidth > windowWidth ? { pageWidth, windowWidth } : {}) };
      }
      expect(found).toEqual({});
    });
  }

  it('reaches every sidebar item at 1440 × 900: the sidebar scrolls its own items', { timeout: 60_000 }, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemoAccount(page, 'alice');
    await openLoaded(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const links = nav.getByRole('link');
    await links.first().waitFor(POLL);
    const count = await links.count();
    expect(count).toBeGreaterThan(8);
    for (let index = 0; index < count; index += 1) {
      const link = links.nth(index);
      await link.scrollIntoViewIfNeeded();
      // Scrolled to, each item shows whole inside the window, under the header.
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, await link.textContent() ?? '').toBeLessThanOrEqual(900);
      expect(box.y).toBeGreaterThanOrEqual(0);
    }
  });
});
