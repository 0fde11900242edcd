import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import { createAccount, openAsNewAccount, signInAsNewAccount, signInOnAnotherDevice } from './accounts';
import { BASE_URL, it } from './fixtures';
import { rejectCookies, sessionItem, signIn, signOutOverApi } from './auth-helpers';

/** Server round trips under a loaded test machine can take a few seconds. */
const POLL = { timeout: 10_000 };

const RECOVERY_CODE = /^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/;

function totp(secret: string) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

function totpCode(secret: string): string {
  return totp(secret).generate();
}

/** A 6-digit code the server will refuse: none of the steps around now (it accepts one step either side). */
function wrongTotpCode(secret: string): string {
  const now = Date.now();
  const near = [-60_000, -30_000, 0, 30_000, 60_000].map((offset) => totp(secret).generate({ timestamp: now + offset }));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
}

describe('staff accounts set up two-step verification when they sign in', () => {
  it('asks a staff account without it to set it up, and signs in only after the first valid code', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const account = await createAccount({ role: 'officer' });

    await page.goto('/auth');
    await rejectCookies(page);
    await signIn(page, account.username, account.password);

    const step = page.getByTestId('mfa-setup');
    await step.waitFor();
    await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
    await step.getByText('Staff accounts need two-step verification').waitFor();
    expect(await sessionItem(page, 'mfaToken')).toBeTruthy();
    expect(await sessionItem(page, 'mfaStep')).toBe('setup');
    // The password alone gave no session.
    expect((await page.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    expect(await page.getByText('Login successful').count()).toBe(0);

    // A reload resumes the step (with a fresh key).
    await page.reload();
    await step.waitFor();
    await step.getByTestId('totp-qr').waitFor();
    const secret = (await step.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    const form = page.getByTestId('mfa-setup-form');
    await form.getByLabel('Code from the app').fill(wrongTotpCode(secret));
    await form.getByRole('button', { name: 'Turn on and sign in' }).click();
    await form.getByText('That code is not valid. Check the time on your device and try again.').waitFor();
    expect((await page.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(401);

    await form.getByLabel('Code from the app').fill(totpCode(secret));
    await form.getByRole('button', { name: 'Turn on and sign in' }).click();

    // The recovery codes come once, before the console opens.
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(await sessionItem(page, 'mfaToken')).toBeNull();
    expect(await sessionItem(page, 'mfaStep')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Login successful').waitFor();
    await page.getByText(`Welcome back, ${account.name}!`).waitFor();
    expect(await sessionItem(page, 'tempUserId')).toBeNull();

    // Staff cannot turn it off: the settings do not offer it.
    await page.goto('/settings?tab=security');
    await expect.poll(() => page.getByTestId('totp-status').textContent(), POLL).toBe('On');
    await page.getByTestId('totp-required-for-staff').waitFor();
    expect(await page.getByTestId('totp-required-for-staff').textContent()).toBe('Staff accounts must keep two-step verification on.');
    expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Generate new recovery codes' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('recovery codes in /settings', () => {
  it('generates new codes after the password, and only the new ones sign in', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const account = await openAsNewAccount(page, '/settings?tab=security', { totp: true });
    await expect.poll(() => page.getByTestId('totp-status').textContent(), POLL).toBe('On');
    // A customer may turn it off (the button is there); here it stays on.
    await page.getByRole('button', { name: 'Turn off' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Generate new recovery codes' });
    async function generate(): Promise<string[]> {
      await page.getByRole('button', { name: 'Generate new recovery codes' }).click();
      await dialog.getByText('All your current recovery codes, used or not, stop working at once.').waitFor();
      await dialog.getByLabel('Current password').fill(account.password);
      await dialog.getByRole('button', { name: 'Generate new codes' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const codes = await page.getByTestId('recovery-code').allTextContents();
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByTestId('recovery-codes').waitFor({ state: 'detached' });
      // Every dialog gone, its closing transition and focus return included: a menu opened while a
      // modal still closed was shut again by it, and the sign-out below then never happened (seen
      // twice in CI as a 30 s wait for '/').
      await expect.poll(() => page.getByRole('dialog').count(), POLL).toBe(0);
      return codes;
    }

    // A wrong password is refused with the server's message and no codes.
    await page.getByRole('button', { name: 'Generate new recovery codes' }).click();
    await dialog.getByLabel('Current password').fill(`${account.password}-wrong`);
    await dialog.getByRole('button', { name: 'Generate new codes' }).click();
    await dialog.getByText('Your current password is incorrect.').waitFor();
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const first = await generate();
    expect(first).toHaveLength(10);
    for (const code of first) expect(code).toMatch(RECOVERY_CODE);
    const second = await generate();
    expect(second).toHaveLength(10);
    expect(second.filter((code) => first.includes(code))).toEqual([]);

    // The codes of the first set stopped working; one of the second set signs in. (Signed out over
    // the API: the menu's Logout is tested elsewhere; clicking it right after these two modals
    // sometimes started no sign-out, seen three times in CI and not explained.)
    await signOutOverApi(page);
    await page.goto('/auth');
    await signIn(page, account.username, account.password);
    const mfaForm = page.getByTestId('mfa-form');
    await mfaForm.waitFor();
    await mfaForm.getByLabel('Authentication code').fill(first[0]!);
    await mfaForm.getByRole('button', { name: 'Verify and sign in' }).click();
    await mfaForm.getByText('That code is not valid. Enter the 6-digit code from your app or an unused recovery code.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await mfaForm.getByLabel('Authentication code').fill(second[3]!);
    await mfaForm.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Login successful').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('signing out the other sessions', () => {
  it('asks for the password, then signs out every other session but keeps this one', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    const account = await signInAsNewAccount(page);

    const other = await signInOnAnotherDevice(page, account.email, account.password);
    try {
      await page.goto('/settings?tab=security');
      await rejectCookies(page);
      await page.getByTestId('sessions-table').waitFor();
      await expect.poll(() => page.getByTestId('session-row').count(), POLL).toBe(2);

      const dialog = page.getByRole('dialog', { name: 'Sign out other sessions' });
      await page.getByRole('button', { name: 'Sign out other sessions' }).click();
      await dialog.getByText('The other browser or device signed in to your account is signed out at once.', { exact: false }).waitFor();
      await dialog.getByLabel('Current password').fill(`${account.password}-wrong`);
      await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
      await dialog.getByText('Your current password is incorrect.').waitFor();
      expect(await page.getByTestId('session-row').count()).toBe(2);

      await dialog.getByLabel('Current password').fill(account.password);
      await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Signed out of 1 other session.').waitFor();
      await expect.poll(() => page.getByTestId('session-row').count(), POLL).toBe(1);
      expect(await page.getByTestId('session-row').getAttribute('data-current')).toBe('true');

      // The other device is signed out; this one is not.
      await other.goto('/dashboard');
      await other.waitForURL((url) => url.pathname === '/auth');
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-welcome').waitFor();
    } finally {
      await other.context().close();
    }
    expect(pageErrors).toEqual([]);
  });
});
