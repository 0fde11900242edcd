import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { ALICE_CONSOLE_PAGES } from './accounts';
import { rejectCookies } from './auth-helpers';
import { it } from './fixtures';
import { openLoaded } from './page-loaded';

// Issue 17: axe (WCAG 2.2 A/AA) finds no serious or critical violation on the 25 most used pages,
// signed out and signed in, in the light and the dark scheme. Each page is loaded once and checked
// in both schemes (the scheme changes in place, as the header toggle changes it). Its first tab
// stops must also show where the keyboard focus is, in both schemes.

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

interface Figure {
  page: string;
  scheme: Scheme;
  seriousOrCritical: number;
}

const figures: Figure[] = [];

afterAll(() => {
  // Every figure against the budget of 0, so a run shows what was measured and not only a pass.
  console.log('\naxe WCAG 2.2 AA, serious + critical violations per page (budget 0):');
  console.table(figures.map((figure) => ({ ...figure, budget: 0 })));
});

/** Signed-out pages: the home page, marketing, documentation, the sign-in page and public support. */
const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/documentation',
  '/auth',
  '/about',
  '/contact',
  '/faq',
  '/submit-ticket',
  '/track-ticket',
  '/cluster-types/blue',
  '/support',
  '/tutorials',
] as const;

/** Alice's pages (a member of the seeded Acme organisation): her console, her clusters, orders, bills and tickets. */
const SIGNED_IN_PAGES = [
  ...ALICE_CONSOLE_PAGES,
  '/price-estimator',
  '/marketplace',
  '/settings',
  '/account',
  '/orders/products',
  '/middlewares/mwi_demo_acme_orders',
] as const;

/** One-click development sign-in as a seeded demo account (no second factor), cookie banner answered. */
async function devLogin(page: Page, username: string): Promise<void> {
  await page.goto('/dev-login');
  await rejectCookies(page);
  await page.getByTestId('demo-account').filter({ hasText: `@${username} ` }).getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/dev-login');
}

/** The page whole, its data in (page-loaded.ts). */
const loaded = openLoaded;

/** Changes the scheme as another tab of the app would (the stored `theme` preference), then waits for it to apply. */
async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((value) => {
    window.localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, scheme);
  // Colours that fade to the new scheme (a segmented control's labels) are waited for by seriousViolations.
  await page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor({ state: 'attached' });
}

/** Tab stops checked per page and scheme: from the top of the page (its header) in the light scheme, the next ones in the dark. */
const TAB_STOPS = 6;

/**
 * The tab stops, reached with the keyboard, that look the same focused and not: no outline
 * (Mantine's or the browser's), ring drawn as a shadow, border or background marks the focus.
 */
async function stopsWithoutFocusIndicator(page: Page): Promise<string[]> {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  const missing: string[] = [];
  for (let stop = 0; stop < TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      // Most controls show their focus with an outline, a Mantine input with its border's colour (a
      // password input with its wrapper's), a visually hidden input (a switch, a segmented control)
      // on the element drawn right after it.
      const shown = [element, element.parentElement, element.nextElementSibling].filter((part) => part instanceof HTMLElement);
      const look = () =>
        shown
          .map((part) => {
            // Borders and backgrounds fade in and out: compare where they end.
            for (const animation of part.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
            const style = getComputedStyle(part);
            const outline = style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
            return [outline, style.boxShadow, style.borderColor, style.backgroundColor].join(' | ');
          })
          .join(' / ');
      const withFocus = look();
      // Blurring leaves the keyboard's starting point on the element: the next Tab goes on from it.
      element.blur();
      const withoutFocus = look();
      return { shown: withFocus !== withoutFocus, name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" (${withFocus})` };
    });
    if (focused && !focused.shown) missing.push(focused.name);
  }
  return missing;
}

async function checkPages(page: Page, group: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await loaded(page, path);
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      const violations = await seriousViolations(page);
      figures.push({ page: `${group} ${path}`, scheme, seriousOrCritical: violations.length });
      console.log(`${group} ${path} [${scheme}]: ${violations.length} serious/critical${violations.length ? `\n  ${violations.join('\n  ')}` : ''}`);
      expect.soft(violations, `${group} ${path} in the ${scheme} scheme`).toEqual([]);
      expect.soft(await stopsWithoutFocusIndicator(page), `tab stops without a focus indicator on ${group} ${path} in the ${scheme} scheme`).toEqual([]);
    }
    await useScheme(page, 'light');
  }
}

describe('accessibility of the most used pages (axe, WCAG 2.2 AA)', () => {
  it('has no serious or critical violation and shows keyboard focus on the public pages, signed out, in both schemes', { timeout: 120_000 }, async ({ page }) => {
    await checkPages(page, 'signed out', PUBLIC_PAGES);
  });

  it('has no serious or critical violation and shows keyboard focus on a customer’s pages, signed in, in both schemes', { timeout: 120_000 }, async ({ page }) => {
    await devLogin(page, 'alice');
    await checkPages(page, 'signed in', SIGNED_IN_PAGES);
  });
});
