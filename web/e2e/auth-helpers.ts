import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL } from './fixtures';

export interface TestAccount {
  name: string;
  email: string;
  username: string;
  companyName: string;
  password: string;
}

/** A fresh account per call: tests share one database and must not collide. */
export function uniqueAccount(label: string): TestAccount {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `E2E ${label} ${suffix}`,
    email: `e2e-${label}-${suffix}@example.com`,
    username: `e2e_${label}_${suffix}`,
    companyName: `E2E ${label} Company ${suffix}`,
    password: `sovereign clusters ${suffix}`,
  };
}

/** Registers from /auth's open register form: fills it in with `account` and sends it. */
export async function fillRegisterForm(page: Page, account: TestAccount): Promise<void> {
  const form = page.getByTestId('register-form');
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Work email').fill(account.email);
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Company name').fill(account.companyName);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function register(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/auth?tab=register');
  await fillRegisterForm(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email or username').fill(identifier);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export function verificationPrompt(page: Page) {
  return page.getByRole('dialog').filter({ hasText: 'Verify your email address' });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-button').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('sign-in-link').waitFor();
}

/**
 * Signs the page's session out over the API (POST /api/logout, what the menu's Logout sends), for
 * tests about something else: the menu itself is tested in auth.e2e.test.ts and shell.e2e.test.ts.
 */
export async function signOutOverApi(page: Page): Promise<void> {
  const request = page.context().request;
  const csrf = (await request.get(`${BASE_URL}/api/user`)).headers()['x-csrf-token'] ?? '';
  const response = await request.post(`${BASE_URL}/api/logout`, { headers: { 'X-CSRF-Token': csrf }, data: {} });
  expect(response.status(), await response.text()).toBe(200);
}

export function sessionItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.sessionStorage.getItem(name), key);
}

/** Where the page keeps the visitor's cookie choice. */
export const CONSENT_KEY = 'cookieConsent';

/** The stored cookie choice of the page, or null. */
export async function readConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

/** Runs in the page before its scripts: stores `items` and the choice Reject All stores (necessary only), unless `keep` finds one stored. */
function storeNecessaryConsent({ key, items, keep }: { key: string; items: Record<string, string>; keep: boolean }): void {
  for (const [name, value] of Object.entries(items)) window.localStorage.setItem(name, value);
  if (keep && window.localStorage.getItem(key)) return;
  const record = { necessary: true, functional: false, analytics: false, marketing: false, hasConsented: true, timestamp: Date.now(), version: '1.0.0' };
  window.localStorage.setItem(key, JSON.stringify(record));
}

/**
 * The cookie choice already made (as Reject All stores it) on every page the context opens, for
 * tests that are not about the banner: it then never covers the bottom of the page. The banner
 * itself is tested in cookie-consent.e2e.test.ts.
 */
export async function cookieChoiceMade(page: Page): Promise<void> {
  await page.context().addInitScript(storeNecessaryConsent, { key: CONSENT_KEY, items: {}, keep: true });
}

/** Before every load of `page`: a current cookie choice (necessary only) and any other stored items. */
export async function withNecessaryConsent(page: Page, items: Record<string, string> = {}): Promise<void> {
  await page.addInitScript(storeNecessaryConsent, { key: CONSENT_KEY, items, keep: false });
}

/** Answers the cookie banner with one of its buttons and waits for it to go. */
export async function answerCookieBanner(page: Page, answer: 'Accept All' | 'Reject All'): Promise<void> {
  await page.getByTestId('cookie-banner').getByRole('button', { name: answer }).click();
  await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
}

/** Dismisses the cookie banner, which covers the bottom of the page (and of modals) until answered. */
export async function rejectCookies(page: Page): Promise<void> {
  await answerCookieBanner(page, 'Reject All');
}

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

const MAIL_URL = /https?:\/\/[^\s<>"']+/g;

/** The development mailbox (tRPC `dev.mailbox`), newest first. */
async function mailTo(page: Page, to: string): Promise<MailboxMessage[]> {
  const input = encodeURIComponent(JSON.stringify({ to }));
  const response = await page.context().request.get(`${BASE_URL}/trpc/dev.mailbox?input=${input}`);
  if (!response.ok()) throw new Error(`dev.mailbox answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { result: { data: MailboxMessage[] } }).result.data;
}

/** The newest link containing `contains` in the mail `to` holds now, or undefined. */
async function newestMailLink(page: Page, to: string, contains: string, exclude: readonly string[]): Promise<string | undefined> {
  for (const mail of await mailTo(page, to)) {
    const link = (mail.text.match(MAIL_URL) ?? [])
      .map((url) => url.replace(/[.,;:!?)\]]+$/, ''))
      .find((url) => url.includes(contains) && !exclude.includes(url));
    if (link) return link;
  }
  return undefined;
}

/**
 * The newest link containing `contains` (say '/magic-link#token=') in mail sent to `to`. Links are
 * mailed after the server answered the request, so the mailbox is read until one arrives.
 */
export async function waitForMailLink(page: Page, to: string, contains: string, options: { exclude?: string[]; timeoutMs?: number } = {}): Promise<string> {
  const { exclude = [], timeoutMs = 15_000 } = options;
  let link: string | undefined;
  await expect
    .poll(async () => (link = await newestMailLink(page, to, contains, exclude)), {
      timeout: timeoutMs,
      message: `No mail to ${to} with a link containing ${contains} after ${timeoutMs} ms`,
    })
    .toBeDefined();
  return link!;
}

/**
 * Follows the link containing `contains` from the development mailbox page, once the mail (sent
 * after the server answered) is in the mailbox: the page then lists it when it opens.
 */
export async function followMailboxLink(page: Page, to: string, contains: string, timeoutMs = 15_000): Promise<void> {
  await waitForMailLink(page, to, contains, { timeoutMs });
  await page.goto('/dev/mailbox');
  await page.getByLabel('Recipient').fill(to);
  await page
    .getByTestId('mail-message')
    .filter({ has: page.getByText(`To: ${to}`) })
    .getByTestId('mail-link')
    .filter({ hasText: contains })
    .first()
    .click();
}

/** Everything after the path of the current address: it must never hold an emailed token. */
export function addressAfterPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.search}${url.hash}`;
}
