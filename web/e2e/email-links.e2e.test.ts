import { request as apiRequest } from 'playwright-core';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createAccount, signInAsNewAccount, signInOnAnotherDevice } from './accounts';
import { anotherContext, BASE_URL, it } from './fixtures';
import { addressAfterPath, rejectCookies, signIn, waitForMailLink } from './auth-helpers';

/** Server round trips under a loaded test machine can take a few seconds. */
const POLL = { timeout: 10_000 };

/** The pages that mail a link to an address: what their form asks and says, and where the mailed link leads. */
const MAIL_LINK_FORMS = {
  'sign-in': { path: '/magic-link-login', button: 'Email me a sign-in link', sent: 'magic-link-sent', link: '/magic-link#token=' },
  'password-reset': { path: '/forgot-password', button: 'Send reset link', sent: 'reset-requested', link: '/reset-password#token=' },
} as const;

/** Asks `form`'s page for a link mailed to `email`, cookie banner answered, and answers the link once the mail has come. */
async function requestMailLink(page: Page, form: keyof typeof MAIL_LINK_FORMS, email: string): Promise<string> {
  const { path, button, sent, link } = MAIL_LINK_FORMS[form];
  await page.goto(path);
  await rejectCookies(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: button }).click();
  await page.getByTestId(sent).waitFor();
  return waitForMailLink(page, email, link);
}

/** The tRPC procedures a page called, in order ("auth.emailLinkInfo", ...). */
function recordProcedures(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) calls.push(...decodeURIComponent(pathname.slice('/trpc/'.length)).split(','));
  });
  return calls;
}

describe('magic links', () => {
  it('take the token out of the address at once and sign in only when the button is pressed', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const account = await createAccount();

    const link = await requestMailLink(page, 'sign-in', account.email);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);

    // A mail scanner fetches the link: the server only serves the page.
    const scanner = await apiRequest.newContext();
    try {
      const fetched = await scanner.get(link);
      expect(fetched.status()).toBe(200);
    } finally {
      await scanner.dispose();
    }

    const calls = recordProcedures(page);
    await page.goto(link);
    const confirm = page.getByTestId('magic-link-confirm');
    await confirm.waitFor();
    expect(new URL(page.url()).pathname).toBe('/magic-link');
    expect(addressAfterPath(page)).toBe('');
    expect(page.url()).not.toContain(token);
    expect(await confirm.textContent()).toContain(`This link signs you in as ${account.email}.`);
    expect(calls).toContain('auth.emailLinkInfo');
    expect(calls).not.toContain('auth.consumeMagicLink');
    // The token is kept in memory only: a reload of the cleaned address no longer has it.
    await page.reload();
    await page.getByText('This link is incomplete. Open the link from the email again.').waitFor();
    expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))).not.toContain(token);
    expect(calls).not.toContain('auth.consumeMagicLink');

    // Opened again from the email, in a new tab or in this one, the link still works: nothing spent it so far.
    // (The new tab opens it in the older form, with the token in the query: it is read and removed the same way.)
    const newTab = await page.context().newPage();
    await newTab.goto(link.replace('#token=', '?token='));
    await newTab.getByTestId('magic-link-confirm').waitFor();
    expect(addressAfterPath(newTab)).toBe('');
    await newTab.close();
    await page.bringToFront();
    await page.goto(link);
    await confirm.waitFor();
    expect(addressAfterPath(page)).toBe('');
    expect(calls).not.toContain('auth.consumeMagicLink');
    expect(await page.getByText('Login successful').count()).toBe(0);
    await confirm.getByRole('button', { name: `Sign in as ${account.email}` }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Login successful').waitFor();
    await page.getByText(`Welcome back, ${account.name}!`).waitFor();
    expect(calls.filter((call) => call === 'auth.consumeMagicLink')).toHaveLength(1);

    // Used once, it is dead: the server's reason and a way to get a new one.
    const otherContext = await anotherContext(page);
    try {
      const other = await otherContext.newPage();
      await other.goto(link);
      await other.getByText('This sign-in link is invalid or has expired. Request a new one.').waitFor();
      expect(addressAfterPath(other)).toBe('');
      await other.getByRole('link', { name: 'Send a new link' }).waitFor();
    } finally {
      await otherContext.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it('continue to the code step when two-step verification is on', { timeout: 60_000 }, async ({ page }) => {
    const account = await createAccount({ totp: true });
    await page.goto(await requestMailLink(page, 'sign-in', account.email));
    await page.getByRole('button', { name: `Sign in as ${account.email}` }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByTestId('mfa-form').waitFor();
    expect((await page.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    expect(await page.getByText('Login successful').count()).toBe(0);
  });
});

describe('password reset links', () => {
  it('show the account, and change the password only when the form is sent', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const account = await createAccount();
    const newPassword = `new sovereign passphrase ${Date.now().toString(36)}`;

    const link = await requestMailLink(page, 'password-reset', account.email);

    const calls = recordProcedures(page);
    await page.goto(link);
    const form = page.getByTestId('reset-password-form');
    await form.waitFor();
    expect(addressAfterPath(page)).toBe('');
    await page.getByText(`For ${account.email}.`, { exact: false }).waitFor();
    expect(calls).not.toContain('auth.resetPassword');

    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('password-reset-done').waitFor();

    // The card's own link (the header's is "Sign In").
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signIn(page, account.username, newPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Login successful').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('changing the email address', () => {
  it('confirms the new address from its link and signs out the other sessions when asked', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const account = await signInAsNewAccount(page);
    const newEmail = `new-${account.username}@example.eu`.replace(/_/g, '-');

    const other = await signInOnAnotherDevice(page, account.username, account.password);
    try {
      await page.goto('/account');
      await rejectCookies(page);
      const emailForm = page.locator('form').filter({ has: page.getByLabel('New email address') });
      await emailForm.getByLabel('New email address').fill(newEmail);
      await emailForm.getByLabel('Current password').fill(account.password);
      await emailForm.getByLabel('Sign out my other sessions when the new address is confirmed').check();
      await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
      const sent = page.getByTestId('email-change-sent');
      await sent.waitFor();
      expect(await sent.textContent()).toContain('When you confirm it, your other sessions are signed out');

      const link = await waitForMailLink(page, newEmail, '/verify-email#token=');
      await page.goto(link);
      const confirm = page.getByTestId('verify-email-confirm');
      await confirm.waitFor();
      expect(addressAfterPath(page)).toBe('');
      await page.getByRole('heading', { name: 'Confirm your new email address' }).waitFor();
      expect(await confirm.textContent()).toContain(`Confirm ${newEmail} as your new email address.`);
      // Not confirmed yet: the other session still works.
      await other.goto('/settings');
      await other.getByTestId('sessions-table').waitFor();

      await confirm.getByRole('button', { name: 'Confirm new email address' }).click();
      await page.getByTestId('email-verified').waitFor();
      expect(await page.getByTestId('email-verified').textContent()).toContain(newEmail);

      await other.goto('/dashboard');
      await other.waitForURL((url) => url.pathname === '/auth');
      await page.goto('/account');
      await expect.poll(() => page.getByTestId('account-email').textContent(), POLL).toBe(newEmail);
    } finally {
      await other.context().close();
    }
    expect(pageErrors).toEqual([]);
  });

  it("shows the server's explanation when the confirmation email cannot be sent", { timeout: 60_000 }, async ({ page }) => {
    const account = await signInAsNewAccount(page);
    const message = 'We could not send the confirmation email right now. Your email address is unchanged; please try again in a few minutes.';
    // The development mailer never fails: answer as the server does when the mail service is down.
    await page.route('**/trpc/account.changeEmail**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'account.changeEmail' } } }),
      }),
    );
    await page.goto('/account');
    await rejectCookies(page);
    const emailForm = page.locator('form').filter({ has: page.getByLabel('New email address') });
    await emailForm.getByLabel('New email address').fill(`other-${account.username.replace(/_/g, '-')}@example.eu`);
    await emailForm.getByLabel('Current password').fill(account.password);
    await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
    await emailForm.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.getByTestId('email-change-sent').count()).toBe(0);
    expect(await page.getByTestId('account-email').textContent()).toBe(account.email);
  });
});
