import { request as apiRequest } from 'playwright-core';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { cookieChoiceMade, rejectCookies } from './auth-helpers';
import { anotherContext, BASE_URL } from './fixtures';

/** Platform roles of packages/db (`user` is a customer; the others are staff). */
export type PlatformRole = 'user' | 'officer' | 'admin' | 'super_admin';
export type OrganizationRole = 'owner' | 'admin' | 'member' | 'billing' | 'viewer';

export interface AccountOptions {
  role?: PlatformRole;
  organizationRole?: OrganizationRole;
  /** Verified unless false: an unverified account gets the blocking verification prompt. */
  emailVerified?: boolean;
  /** Two-step verification already on; the secret comes back in `totpSecret`. */
  totp?: boolean;
}

/** What POST /api/dev/test-accounts answers: a new organisation and its user, made for one test. */
export interface Account {
  id: string;
  username: string;
  email: string;
  name: string;
  role: PlatformRole;
  organizationRole: OrganizationRole;
  password: string;
  organization: { id: string; name: string; billingId: string };
  totpSecret: string | null;
}

const ENDPOINT = '/api/dev/test-accounts';

/** The anonymous CSRF token: GET /api/user answers it in a header (and sets its cookie) even when signed out. */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${BASE_URL}/api/user`);
  const token = response.headers()['x-csrf-token'];
  if (!token) throw new Error('GET /api/user answered no X-CSRF-Token header');
  return token;
}

async function create(request: APIRequestContext, options: AccountOptions, signIn: boolean): Promise<Account> {
  const response = await request.post(`${BASE_URL}${ENDPOINT}`, {
    headers: { 'X-CSRF-Token': await csrfToken(request) },
    data: { ...options, signIn },
  });
  if (response.status() !== 200) throw new Error(`POST ${ENDPOINT} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Account;
}

/**
 * A fresh organisation and user, signed in nowhere: for tests that sign in through the form.
 * Each call makes new ones, so tests (and test files running in parallel) never share an account.
 */
export async function createAccount(options: AccountOptions = {}): Promise<Account> {
  const request = await apiRequest.newContext();
  try {
    return await create(request, options, false);
  } finally {
    await request.dispose();
  }
}

/**
 * A fresh organisation and user, with the page's browser context signed in as that user (the
 * session cookie is set by the development endpoint itself, so no sign-in rate limit applies).
 */
export async function signInAsNewAccount(page: Page, options: AccountOptions = {}): Promise<Account> {
  return create(page.context().request, options, true);
}

/** Signed in as a fresh organisation's user (`signInAsNewAccount`), on `path`, the cookie banner answered "Reject All". */
export async function openAsNewAccount(page: Page, path: string, options: AccountOptions = {}): Promise<Account> {
  const account = await signInAsNewAccount(page, options);
  await page.goto(path);
  await rejectCookies(page);
  return account;
}

/**
 * Signs the page's browser context in as a seeded demo account, as /dev-login's buttons do (tRPC
 * `dev.login`, development only), without loading a page: the test then opens the page it is about.
 * accessibility.e2e.test.ts signs in through /dev-login itself.
 */
export async function signInAsDemoAccount(page: Page, username: string): Promise<void> {
  const request = page.context().request;
  const response = await request.post(`${BASE_URL}/trpc/dev.login`, { headers: { 'X-CSRF-Token': await csrfToken(request) }, data: { username } });
  if (response.status() !== 200) throw new Error(`dev.login as ${username} answered ${response.status()}: ${await response.text()}`);
}

/**
 * Signed in as a seeded demo account (`signInAsDemoAccount`), with the cookie choice made before
 * any page loads (`cookieChoiceMade`): for tests that are not about the banner.
 */
export async function signInAsDemoAccountWithoutBanner(page: Page, username: string): Promise<void> {
  await cookieChoiceMade(page);
  await signInAsDemoAccount(page, username);
}

/** Signed in as a seeded demo account (`signInAsDemoAccount`), on `path`, the cookie banner answered "Reject All". */
export async function openAsDemoAccount(page: Page, username: string, path: string): Promise<void> {
  await signInAsDemoAccount(page, username);
  await page.goto(path);
  await rejectCookies(page);
}

/**
 * A seeded demo account at a desk of its own (a browser context beside the page's: another person),
 * signed in with its cookie choice made: its page. The test closes the page's context.
 */
export async function demoAccountBeside(page: Page, username: string): Promise<Page> {
  const context = await anotherContext(page);
  try {
    const other = await context.newPage();
    await signInAsDemoAccountWithoutBanner(other, username);
    return other;
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * The console pages Alice (a member of the seeded Acme organisation) uses most: its lists, a
 * cluster, a ticket and the configurator, each showing seeded data. The accessibility and layout
 * tests check them, and a few more of hers.
 */
export const ALICE_CONSOLE_PAGES = [
  '/dashboard',
  '/my-clusters',
  '/clusters/clu_demo_webshop',
  '/orders',
  '/billing',
  '/usage',
  '/support',
  '/support/tickets/tkt_demo_acme_ingress',
  '/configure-cluster',
] as const;

/**
 * Signs `context` in with the account's password over the API (POST /api/login, what the sign-in
 * form sends): a second session of the account, as another device has it. The form itself is
 * tested in auth.e2e.test.ts.
 */
export async function signInWithPassword(context: BrowserContext, identifier: string, password: string): Promise<void> {
  const response = await context.request.post(`${BASE_URL}/api/login`, { headers: { 'X-CSRF-Token': await csrfToken(context.request) }, data: { identifier, password } });
  if (response.status() !== 200) throw new Error(`POST /api/login answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { mfaRequired?: boolean };
  if (answer.mfaRequired) throw new Error(`${identifier} has two-step verification on: POST /api/login asked for a code`);
}

/**
 * The account signed in with its password on another device (a browser context beside the page's,
 * `signInWithPassword`): that device's page. The test closes the page's context.
 */
export async function signInOnAnotherDevice(page: Page, identifier: string, password: string): Promise<Page> {
  const context = await anotherContext(page);
  try {
    await signInWithPassword(context, identifier, password);
    return await context.newPage();
  } catch (error) {
    await context.close();
    throw error;
  }
}
