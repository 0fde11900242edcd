import type { Page } from 'playwright-core';

/*
 * Signals that a page has settled, for the checks that something does NOT happen (no polling, no
 * late read): they never wait on elapsed time. The page's timers are run forward on its own clock
 * instead, and a known request sent afterwards marks the point up to which requests are counted.
 */

/**
 * Puts the page's timers (setTimeout, setInterval, animation frames, Date) on Playwright's clock,
 * which keeps following real time until `runPageTimers` moves it on. Call it before the first
 * navigation: timers made before it stay on the real clock.
 */
export async function installPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** Whether the address is a tRPC call (alone or in a batch) of the procedure. */
export function isTrpcCall(address: string, procedure: string): boolean {
  const { pathname } = new URL(address);
  return pathname.startsWith('/trpc/') && decodeURIComponent(pathname.slice('/trpc/'.length)).split(',').includes(procedure);
}

const MARKER_PATH = '/__e2e-settled';

/**
 * Runs every timer the page would run in the next `ms` of its time at once (a poll every few seconds
 * fires now), lets the timers they set themselves run, then sends a marker request from the page and
 * waits for it: every request those timers started was sent before it, so it has been seen by now.
 * Needs `installPageClock` before the page's first load.
 */
export async function runPageTimers(page: Page, ms: number): Promise<void> {
  const marker = `${MARKER_PATH}?${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await page.route(`**${MARKER_PATH}?*`, (route) => route.fulfill({ status: 204 }));
  await page.clock.runFor(ms);
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  // The marker goes on the page's clock too, after what the timers above scheduled at once (a
  // batched read is sent from a zero-delay timer), and the clock is moved on to send it.
  await page.evaluate((path) => {
    setTimeout(() => void fetch(path).catch(() => undefined), 50);
  }, marker);
  await page.clock.runFor(100);
  const request = await seen;
  await request.response();
}

/**
 * Counts, in every page of the context, the WebSockets that have opened (their `open` event).
 * Call it before the first navigation; read it with `openSockets`.
 */
export async function countOpenSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const counter = window as unknown as { openedSockets: number };
    counter.openedSockets = 0;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('open', () => (counter.openedSockets += 1));
      }
    } as typeof WebSocket;
  });
}

/** Resolves once the page has at least `count` opened WebSockets (see `countOpenSockets`). */
export async function waitForOpenSockets(page: Page, count = 1): Promise<void> {
  await page.waitForFunction((wanted) => (window as unknown as { openedSockets?: number }).openedSockets! >= wanted, count);
}
