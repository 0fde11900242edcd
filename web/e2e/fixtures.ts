import { chromium, request as apiRequest } from 'playwright-core';
import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { test } from 'vitest';
import { primaryRatesUnreachable } from './rates';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');

/**
 * How long a browser test waits for what a page should come to show (`expect.poll`, a locator's
 * `waitFor`): longer than a cold page load or a lazy chunk's first load on a busy machine.
 */
export const POLL = { timeout: 15_000 } as const;

/** An operation of the cluster simulator (a provisioning, a scaling) at the browser tests' speed, with room for a busy machine. */
export const OPERATION = { timeout: 90_000 } as const;

// Debian's chromium, as its headless shell (package chromium-headless-shell, the same Chromium
// version without the browser's UI layer, what Playwright itself runs headless): the browser tier
// took 24-29 % less time than with /usr/bin/chromium (ADR 24). Playwright's own browser download
// does not work on our machines (docs/architecture.md#toolchain). E2E_CHROMIUM picks another binary.
const CHROMIUM_EXECUTABLE = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // V8 interprets only (no Sparkplug, Maglev or TurboFan): a test's page lives a few seconds, too
  // short for optimised code to repay its compilation. Measured on a fresh page load of /auth:
  // 2.9 s → 2.6 s of machine CPU (ADR 24). Behaviour is the same in every tier.
  '--js-flags=--no-opt,--no-maglev,--no-sparkplug',
];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

// One browser per test file (each file runs in its own worker, files run in parallel):
// launched by the first test that needs a page, closed by e2e/setup.ts after the file.
let sharedBrowser: Promise<Browser> | undefined;

function fileBrowser(): Promise<Browser> {
  sharedBrowser ??= launchBrowser();
  return sharedBrowser;
}

export async function closeFileBrowser(): Promise<void> {
  const browser = sharedBrowser;
  const requests = buildFileRequests;
  sharedBrowser = undefined;
  buildFileRequests = undefined;
  await (await browser)?.close();
  await (await requests)?.dispose();
}

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

interface BuildFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers of the Worker's answer that must not be replayed to another request (another context's cookies, a body already decoded). */
const NOT_REPLAYED = new Set(['set-cookie', 'content-encoding', 'content-length', 'transfer-encoding', 'connection']);

/**
 * The build's hashed files (/assets/: scripts, styles, fonts), as the Worker served them the first
 * time a page of this test file asked: they cannot change during a run. Every page load asks for
 * about forty of them and the Worker runs first on every path (wrangler.toml), so answering them
 * from memory spares the machine a Worker call each; pages, the API and every other file still
 * come from the Worker. The page sees the same requests (its `request` events) and answers.
 */
const buildFiles = new Map<string, Promise<BuildFile | null>>();

/** Fetches build files for the whole test file, whichever test's context has closed meanwhile. */
let buildFileRequests: Promise<APIRequestContext> | undefined;

function isBuildFile(url: URL): boolean {
  return url.origin === BASE_URL && url.pathname.startsWith('/assets/');
}

async function fetchBuildFile(url: string): Promise<BuildFile | null> {
  try {
    buildFileRequests ??= apiRequest.newContext();
    const response = await (await buildFileRequests).get(url);
    if (response.status() !== 200) return null;
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !NOT_REPLAYED.has(name)));
    return { status: 200, headers, body: await response.body() };
  } catch {
    return null;
  }
}

async function answerBuildFile(route: Route): Promise<void> {
  const request = route.request();
  if (request.method() !== 'GET') return route.fallback();
  const url = request.url();
  let file = buildFiles.get(url);
  if (!file) {
    file = fetchBuildFile(url);
    buildFiles.set(url, file);
  }
  const answer = await file;
  if (!answer) {
    // Not kept (the Worker did not answer 200): this request, and the next one, go to the Worker.
    if (buildFiles.get(url) === file) buildFiles.delete(url);
    return route.fallback();
  }
  return route.fulfill(answer);
}

/**
 * A browser context of its own beside the page's, in the same browser: another person, or the same
 * person on another device. Its pages' navigations wait for hydration as the test's page does (a
 * console page the Worker rendered, ADR 45, is on screen before it answers clicks). The test closes it.
 */
export async function anotherContext(page: Page, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser');
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  context.on('page', waitingForHydration);
  return context;
}

/**
 * The browser tests' `it`: a test names what it uses and gets it, made for it alone and closed
 * after it. `page` is a fresh context's page (no cookies or storage shared between tests) in the
 * browser of the file, offline as the machine is (the public exchange-rates service fails at once);
 * `pageErrors` the uncaught exceptions its scripts threw during the test.
 * Hooks take them too: `it.beforeEach(({ page }) => …)` sees the page of the test it runs for.
 */
export const it = test
  .extend('pageErrors', (): Error[] => [])
  .extend('page', async ({ pageErrors, task }, { onCleanup }) => {
    const context = await (await fileBrowser()).newContext({ baseURL: BASE_URL });
    if (!process.env.E2E_NO_BUILD_CACHE) await context.route(isBuildFile, answerBuildFile);
    await primaryRatesUnreachable(context);
    context.on('page', waitingForHydration);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    onCleanup(async () => {
      // A failed test says what its page showed: a flaky failure in CI then explains itself.
      if (task.result?.state === 'fail' && !page.isClosed()) {
        const shown = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch((error: unknown) => `(the page's text could not be read: ${String(error)})`);
        // Its start (the frame, the page) and its end, where portals put open dialogs and toasts.
        const excerpt = shown.length > 3_500 ? `${shown.slice(0, 2_000)}\n[…]\n${shown.slice(-1_500)}` : shown;
        console.log(`[${task.name}] failed on ${page.url()}; page errors: ${pageErrors.length}; the page showed:\n${excerpt}`);
      }
      await context.close();
    });
    return page;
  });
