import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

export interface BrowserFixture {
  /** The page of the current test, in a fresh context (no cookies or storage shared between tests). */
  readonly page: Page;
  /** Uncaught exceptions thrown by page scripts during the current test. */
  readonly pageErrors: readonly Error[];
}

/**
 * Registers vitest hooks for a test file: one browser for the file, a fresh context and page per test.
 * Call it at the top level of a file or describe block and read `page` inside the tests.
 */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: Error[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('The browser did not start');
    context = await browser.newContext({ baseURL: BASE_URL });
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
  });

  afterEach(async () => {
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
