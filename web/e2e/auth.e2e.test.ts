import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { it } from './fixtures';
import { api } from './order-helpers';
import { addressAfterPath, followMailboxLink, register, rejectCookies, sessionItem, signIn, signOut, uniqueAccount, verificationPrompt } from './auth-helpers';

const TOTP_PERIOD_S = 30;

function totpFor(secret: string) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);

/** A gate for held answers: `opened` resolves true once `open()` is called, false on `release()`. */
function heldUntil(): { opened: Promise<boolean>; open: () => void; release: () => void } {
  let settle: (value: boolean) => void = () => undefined;
  const opened = new Promise<boolean>((resolve) => (settle = resolve));
  return { opened, open: () => settle(true), release: () => settle(false) };
}

describe('registration, email verification and the sign-in gate', () => {
  it('verifies the email from the mailbox, then brings a signed-out visitor back to the page they asked for', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    const account = uniqueAccount('verify');

    await register(page, account);
    await page.getByText('Registration successful').waitFor();
    await page.getByText(`Welcome, ${account.name}!`).waitFor();
    await page.getByTestId('dashboard-welcome').waitFor();

    // The blocking prompt: page behind it inert, Escape does not close it.
    const prompt = verificationPrompt(page);
    await prompt.waitFor();
    expect(await page.locator('#root').getAttribute('inert')).not.toBeNull();
    await page.keyboard.press('Escape');
    expect(await prompt.isVisible()).toBe(true);

    // Follow the verification link from the development mailbox (mailed after the answer, so it may take a moment).
    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    expect(await verificationPrompt(page).count()).toBe(0);
    await followMailboxLink(page, account.email, '/verify-email#token=');

    // The page says what the link does, has already taken the token out of the address, and
    // verifies only when asked to.
    const confirm = page.getByTestId('verify-email-confirm');
    await confirm.waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify-email');
    expect(addressAfterPath(page)).toBe('');
    expect(await confirm.textContent()).toContain(account.email);
    await confirm.getByRole('button', { name: 'Verify email address' }).click();
    await page.getByTestId('email-verified').waitFor();

    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.getByTestId('dashboard-organization-name').waitFor();
    expect(await page.getByTestId('dashboard-organization-name').textContent()).toBe(account.companyName);
    expect(await verificationPrompt(page).count()).toBe(0);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();

    await signOut(page);
    await page.getByText('Logged out successfully').waitFor();
    expect(await sessionItem(page, 'redirectAfterLogin')).toBeNull();

    // Signed out: a signed-in page sends us to sign in and remembers path, query and hash.
    await page.goto('/settings?tab=security#sessions');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await sessionItem(page, 'redirectAfterLogin')).toBe('/settings?tab=security#sessions');

    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/settings');
    const url = new URL(page.url());
    expect(url.search).toBe('?tab=security');
    expect(url.hash).toBe('#sessions');
    await page.getByText('Login successful').waitFor();
    await page.getByText(`Welcome back, ${account.name}!`).waitFor();
    const currentSession = page.getByTestId('session-row').filter({ hasText: 'This device' });
    await currentSession.waitFor();
    expect(await sessionItem(page, 'redirectAfterLogin')).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it("starts a console page's first load with its data: the page already says who is signed in", async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const calls: string[][] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) calls.push(url.pathname.slice('/trpc/'.length).split(','));
    });
    // Every answer about the session is held until the gate opens (the list is asked for; then the
    // sign-in page is reached): a page that waited for that answer first would never get there.
    // The app may refresh the user alongside.
    let gate = heldUntil();
    let answeredBefore = false;
    const sessionCheck = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes('auth.me');
    await page.route(sessionCheck, async (route) => {
      const held = gate;
      answeredBefore ||= !(await held.opened);
      await route.continue();
    });
    try {
      const listAsked = gate;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes('clusters.list')) listAsked.open();
      });
      await page.goto('/my-clusters');
      await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBe('My Clusters');
      // The list came with the page (the Worker writes a signed-in page's first answers into it, ADR
      // 0042, and the page does not ask again, ADR 54), or the page asked for it: either way before
      // any answer about the session.
      const listWithThePage = await page.evaluate(() => document.getElementById('first-queries')?.textContent?.includes('["clusters","list"]') ?? false);
      if (listWithThePage) listAsked.open();
      else await expect.poll(() => calls.some((names) => names.includes('clusters.list')), { timeout: 15_000 }).toBe(true);
      expect(answeredBefore).toBe(false);

      // Signed out, the same address goes to sign in at once.
      gate = heldUntil();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/auth') gate.open();
      });
      await page.context().clearCookies();
      await page.goto('/my-clusters');
      await page.waitForURL((url) => url.pathname === '/auth');
    } finally {
      // Whatever happened, no answer stays held past the test (answered then as "before").
      gate.release();
    }
    expect(answeredBefore).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

describe('two-step verification', () => {
  it('asks for an authenticator code after the password once TOTP is on', { timeout: 120_000 }, async ({ page, pageErrors }) => {
    // A new account with its address not verified yet, signed in over the API (registering through
    // the form is the first test's).
    const account = await signInAsNewAccount(page, { emailVerified: false });
    // The verification mail registering would have sent.
    expect(await api<{ sent: boolean }>(page, 'POST', '/api/auth/resend-verification', { email: account.email })).toEqual({ sent: true });

    await page.goto('/settings?tab=security');
    await verificationPrompt(page).getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }).click();
    await verificationPrompt(page).waitFor({ state: 'detached' });
    await rejectCookies(page);

    // Setting it up needs the password again and a verified address: the server's refusal is shown.
    const setupDialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
    await page.getByTestId('totp-start').click();
    await setupDialog.getByLabel('Current password').fill(account.password);
    await setupDialog.getByRole('button', { name: 'Continue' }).click();
    await setupDialog.getByText('Verify your email address first: two-step verification settings need a verified email.').waitFor();
    await setupDialog.getByRole('button', { name: 'Cancel' }).click();
    await setupDialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('totp-secret').count()).toBe(0);

    await followMailboxLink(page, account.email, '/verify-email#token=');
    await page.getByTestId('verify-email-confirm').getByRole('button', { name: 'Verify email address' }).click();
    await page.getByTestId('email-verified').waitFor();

    await page.goto('/settings?tab=security');
    await page.getByTestId('totp-start').click();
    // A wrong password is refused with the server's message, and nothing is set up.
    await setupDialog.getByLabel('Current password').fill(`${account.password} wrong`);
    await setupDialog.getByRole('button', { name: 'Continue' }).click();
    await setupDialog.getByText('Your current password is incorrect.').waitFor();
    await setupDialog.getByLabel('Current password').fill(account.password);
    await setupDialog.getByRole('button', { name: 'Continue' }).click();
    await setupDialog.waitFor({ state: 'detached' });
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByTestId('totp-qr').waitFor();

    // The code of the current step, so that the step the server records as used is known here.
    const enabledStep = currentStep();
    await page.getByTestId('totp-code').fill(totpFor(secret).generate({ timestamp: enabledStep * TOTP_PERIOD_S * 1000 }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    for (const code of await page.getByTestId('recovery-code').allTextContents()) {
      expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    }
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('On');

    await signOut(page);

    await page.goto('/auth');
    await signIn(page, account.username, account.password);
    const mfaForm = page.getByTestId('mfa-form');
    await mfaForm.waitFor();
    expect(await sessionItem(page, 'mfaToken')).toBeTruthy();
    expect(await sessionItem(page, 'tempUserId')).toBeTruthy();

    // A code is accepted once per 30 s step, and the server allows one step of clock drift: the
    // code of the step after the one that turned TOTP on is valid now, not a replay of that one.
    const signInStep = Math.max(currentStep(), enabledStep + 1);
    await mfaForm.getByLabel('Authentication code').fill(totpFor(secret).generate({ timestamp: signInStep * TOTP_PERIOD_S * 1000 }));
    await mfaForm.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Login successful').waitFor();
    await page.getByTestId('user-menu').waitFor();
    expect(await sessionItem(page, 'mfaToken')).toBeNull();
    expect(await sessionItem(page, 'tempUserId')).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});

describe('signing out in one tab', () => {
  it('signs the other tabs out and sends them home', async ({ page, pageErrors }) => {

    await signInAsNewAccount(page);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    const otherTab = await page.context().newPage();
    await otherTab.goto('/settings');
    await otherTab.getByTestId('sessions-table').waitFor();

    // Background pages get no animation frames in headless Chromium: bring the first one forward to click in it.
    await page.bringToFront();
    await signOut(page);

    await otherTab.waitForURL((url) => url.pathname === '/');
    await otherTab.getByTestId('sign-in-link').waitFor();
    expect(await otherTab.getByTestId('user-menu').count()).toBe(0);
    expect(await sessionItem(otherTab, 'redirectAfterLogin')).toBeNull();

    // The session is gone on the server too: the signed-in page now leads to sign in.
    await otherTab.goto('/dashboard');
    await otherTab.waitForURL((url) => url.pathname === '/auth');
    expect(pageErrors).toEqual([]);
  });
});

describe('logout when the server does not cooperate', () => {
  async function signInAsNew(page: Page) {
    await signInAsNewAccount(page);
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  }

  it('refreshes a rejected CSRF token through GET /api/user and tries again', async ({ page }) => {
    await signInAsNew(page);

    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/logout' || pathname === '/api/user') calls.push(`${request.method()} ${pathname}`);
    });
    let rejected = false;
    await page.route('**/api/logout', async (route) => {
      if (rejected) return route.continue();
      rejected = true;
      return route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Invalid or missing CSRF token."}' });
    });

    await signOut(page);
    await page.getByText('Logged out successfully').waitFor();
    expect(calls).toEqual(['POST /api/logout', 'GET /api/user', 'POST /api/logout']);

    // The server session really ended.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth');
  });

  it('signs out locally after 3 failed attempts, and says so', { timeout: 60_000 }, async ({ page }) => {
    await signInAsNew(page);
    await page.evaluate(() => {
      for (const key of ['redirectAfterLogin', 'authToken', 'refreshToken', 'loginTimestamp']) {
        window.localStorage.setItem(key, 'stale');
        window.sessionStorage.setItem(key, 'stale');
      }
    });

    let attempts = 0;
    await page.route('**/api/logout', (route) => {
      attempts += 1;
      return route.abort('internetdisconnected');
    });

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-button').click();
    await page.getByTestId('logout-button').filter({ hasText: 'Logging out...' }).waitFor();

    await page.getByText('Logged out (offline)').waitFor({ timeout: 15_000 });
    await page.getByText('You have been logged out locally. Please check your connection.').waitFor();
    expect(attempts).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('sign-in-link').waitFor();
    const leftovers = await page.evaluate(() =>
      ['redirectAfterLogin', 'mfaToken', 'tempUserId', 'authToken', 'refreshToken', 'loginTimestamp'].flatMap((key) =>
        [window.localStorage.getItem(key), window.sessionStorage.getItem(key)].filter((value) => value !== null),
      ),
    );
    expect(leftovers).toEqual([]);
  });
});
