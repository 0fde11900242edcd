import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it, POLL } from './fixtures';

/*
 * docs/product/constants.md#layout-and-images: images load in groups. The first screen's (high) are asked for at once, the
 * medium ones only after them, the low ones only once the window has scrolled past 500 px.
 */

const HERO = '/images/hero-cluster.svg';
const MAP = '/images/eu-data-centres.svg';
const LOW = /\/images\/cluster-types\/[a-z]+\.svg$/;

/** The image requests of the page, in the order the browser sent them. */
function recordImageRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/images/')) requested.push(path);
  });
  return requested;
}

/** Layout shifts not caused by input, summed from the page's start (the CLS of the visit so far). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const target = window as unknown as { __cls: number };
    target.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) target.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), POLL).toBe(y);
}

/** Resolves once the page has rendered two more frames: whatever its last scroll or frame released is in the document. */
async function framesRendered(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Scrolls to `y` and resolves once the page has handled the scroll event (the image groups' listener
 * came before this one) and rendered two frames since: a group released by it is in the document.
 */
async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
        window.scrollTo({ top, behavior: 'instant' });
      }),
    y,
  );
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/** The pictures of the low group the page has put in (released): none until the window is past 500 px. */
const releasedLow = (page: Page) => page.locator('[data-image-group="low"] img').count();

describe('image loading groups', () => {
  it('on /, asks for the first screen first, the medium group after it, and the low group only past 500 px of scrolling', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await watchLayoutShifts(page);
    const requested = recordImageRequests(page);
    await page.goto('/');

    // The hero is the high group: eager, fetched with high priority, preloaded from the head, sized.
    const hero = page.locator(`img[src="${HERO}"]`);
    await hero.waitFor({ state: 'attached' });
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(await hero.getAttribute('alt')).toMatch(/control plane/);
    expect([await hero.getAttribute('width'), await hero.getAttribute('height')]).toEqual(['560', '420']);
    expect(await page.locator(`link[rel="preload"][as="image"][href="${HERO}"]`).count()).toBe(1);

    // The map (medium) follows the hero, without any scrolling.
    await expect.poll(() => requested.includes(MAP), POLL).toBe(true);
    expect(requested.indexOf(HERO)).toBeGreaterThanOrEqual(0);
    expect(requested.indexOf(HERO)).toBeLessThan(requested.indexOf(MAP));
    await page.locator(`img[src="${MAP}"]`).evaluate((image: HTMLImageElement) => image.decode());

    // The cluster-type gallery (low) waits: nothing is asked for at the top, nor at 400 px.
    const gallery = page.getByTestId('cluster-type-gallery');
    await gallery.waitFor({ state: 'attached' });
    expect(await gallery.locator('[data-image-group="low"]').count()).toBe(7);
    // Settled at the top: the medium group has been released and loaded (above), and the page has
    // rendered since the scroll position was first read.
    await framesRendered(page);
    expect(await releasedLow(page)).toBe(0);
    expect(requested.filter((path) => LOW.test(path))).toEqual([]);
    await scrollAndSettle(page, 400);
    expect(await releasedLow(page)).toBe(0);
    expect(requested.filter((path) => LOW.test(path))).toEqual([]);
    // Until then each keeps its place with a box of the picture's size.
    const size = async () => {
      const box = await gallery.locator('[data-image-group="low"]').first().boundingBox();
      return { width: box?.width ?? 0, height: box?.height ?? 0 };
    };
    const placeholder = await size();
    expect(placeholder.height).toBeGreaterThan(0);

    await scrollTo(page, 600);
    await expect.poll(() => requested.filter((path) => LOW.test(path)).length, POLL).toBe(7);
    const firstLow = requested.findIndex((path) => LOW.test(path));
    expect(firstLow).toBeGreaterThan(requested.indexOf(MAP));
    const loaded = gallery.locator('[data-image-group="low"][data-loaded]');
    await expect.poll(() => loaded.count(), POLL).toBe(7);
    expect(await size()).toEqual(placeholder);
    // Every picture has its alt attribute (empty for these: their links name the types).
    expect(await page.locator('img:not([alt])').count()).toBe(0);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    expect(pageErrors.map(String)).toEqual([]);
  });

  it('on a cluster-type page, the illustration comes at once and the other types only past 500 px', { timeout: 60_000 }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const requested = recordImageRequests(page);
    await page.goto('/cluster-types/data');
    const own = page.locator('img[src="/images/cluster-types/data.svg"]');
    await own.waitFor({ state: 'attached' });
    expect(await own.getAttribute('fetchpriority')).toBe('high');
    expect(await own.getAttribute('alt')).toBe('Illustration of a Data Analytics cluster');
    await expect.poll(() => own.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), POLL).toBe(true);
    await page.getByTestId('cluster-type-gallery').waitFor({ state: 'attached' });
    await framesRendered(page);
    expect(await releasedLow(page)).toBe(0);
    expect(requested.filter((path) => LOW.test(path))).toEqual(['/images/cluster-types/data.svg']);
    await scrollTo(page, 600);
    await expect.poll(() => requested.filter((path) => LOW.test(path)).length, POLL).toBe(7);
  });

  it('on /pricing, the tier pictures follow the first screen and the map waits for the scroll', { timeout: 60_000 }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const requested = recordImageRequests(page);
    await page.goto('/pricing');
    await page.getByTestId('pricing-tier').first().waitFor();
    await expect.poll(() => requested.filter((path) => LOW.test(path)).length, POLL).toBeGreaterThan(0);
    // Settled: the medium group (the tier pictures) has been released and has loaded, and the page
    // has rendered since.
    await expect.poll(() => page.locator('[data-image-group="medium"]:not([data-loaded])').count(), POLL).toBe(0);
    await framesRendered(page);
    expect(await releasedLow(page)).toBe(0);
    expect(requested).not.toContain(MAP);
    await scrollTo(page, 600);
    await expect.poll(() => requested.includes(MAP), POLL).toBe(true);
  });
});
