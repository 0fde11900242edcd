import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');

// Debian's chromium; Playwright's own browser download does not work on our machines (DESIGN.md section 6).
const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

// One browser per test file (each file runs in its own worker, files run in parallel):
// launched by the first describe block that needs it, closed by e2e/setup.ts after the file.
let sharedBrowser: Promise<Browser> | undefined;

function fileBrowser(): Promise<Browser> {
  sharedBrowser ??= launchBrowser();
  return sharedBrowser;
}

export async function closeFileBrowser(): Promise<void> {
  const browser = sharedBrowser;
  sharedBrowser = undefined;
  await (await browser)?.close();
}

export interface BrowserFixture {
  /** The page of the current test, in a fresh context (no cookies or storage shared between tests). */
  readonly page: Page;
  /** Uncaught exceptions thrown by page scripts during the current test. */
  readonly pageErrors: readonly Error[];
}

/**
 * Registers vitest hooks for a test file or describe block: a fresh context and page per test, in
 * the browser of the file. Call it at the top level of a file or describe block and read `page`
 * inside the tests.
 */
/**
 * A prerendered public page (ADR 17) is on screen before its scripts run, and answers clicks once
 * the browser has hydrated it (main.tsx then drops #root's data-prerendered). Navigations wait for
 * that, as a person waits for the page to respond; `waitUntil: 'commit'` opts out.
 */
export function waitForHydration(page: Page): Promise<unknown> {
  return page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
}

function waitingForHydration(page: Page): void {
  const hydrated = async <T>(navigation: Promise<T>, options?: { waitUntil?: string }): Promise<T> => {
    const response = await navigation;
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => hydrated(goto(url, options), options);
  page.reload = (options) => hydrated(reload(options), options);
}

export function useBrowser(): BrowserFixture {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: Error[] = [];

  beforeEach(async () => {
    context = await (await fileBrowser()).newContext({ baseURL: BASE_URL });
    context.on('page', waitingForHydration);
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
  });

  afterEach(async ({ task }) => {
    // A failed test says what its page showed: a flaky failure in CI then explains itself.
    if (task.result?.state === 'fail' && page && !page.isClosed()) {
      const shown = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: unknown) => `(the page's text could not be read: ${String(error)})`);
      console.log(`[${task.name}] failed on ${page.url()}; page errors: ${pageErrors.length}; the page showed:\n${shown.slice(0, 2_000)}`);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get page() {
      if (!page) throw new Error('No page: read `page` inside a test, after the fixture hooks have run');
      return page;
    },
    get pageErrors() {
      return pageErrors;
    },
  };
}
