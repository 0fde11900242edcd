import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect } from 'vitest';
import { signInAsDemoAccount, signInAsNewAccount } from './accounts';
import { register, rejectCookies, uniqueAccount } from './auth-helpers';
import { anotherContext, BASE_URL, it } from './fixtures';

/** A cluster order over REST as the page's user: the status and body of the answer. */
async function orderCluster(page: Page): Promise<{ status: number; body: { message?: string; status?: string } }> {
  const request = page.context().request;
  const token = (await request.get(`${BASE_URL}/api/user`)).headers()['x-csrf-token'] ?? '';
  const response = await request.post(`${BASE_URL}/api/orders`, {
    headers: { 'X-CSRF-Token': token, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      lines: [{ kind: 'cluster', name: 'first-cluster', tierId: 'tier_economy', regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-2-8', count: 2 }] }],
      billing: { companyName: 'E2E Staff Users SAS', countryCode: 'FR', addressLine1: '1 place de la Bourse', postalCode: '75002', city: 'Paris' },
    },
  });
  return { status: response.status(), body: (await response.json()) as { message?: string; status?: string } };
}

/** The reason dialog of a staff action: fills the reason and confirms. */
async function confirmWithReason(page: Page, reason: string, confirm: string): Promise<void> {
  const dialog = page.getByTestId('reason-dialog');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('staff: users, registrations and promotions', () => {
  const extraContexts: BrowserContext[] = [];

  /** Another signed-out browser (its own cookies), as a second person at another desk. */
  async function otherBrowser(page: Page): Promise<Page> {
    const context = await anotherContext(page);
    extraContexts.push(context);
    return context.newPage();
  }

  afterEach(async () => {
    await Promise.all(extraContexts.splice(0).map((context) => context.close()));
  });

  it('a super admin approves a registration, and its owner can then order', { timeout: 120_000 }, async ({ page: owner, pageErrors }) => {
    owner.setDefaultTimeout(15_000);
    const account = uniqueAccount('pending');
    await register(owner, account);
    const refused = await orderCluster(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('waiting for approval');

    const staff = await otherBrowser(owner);
    staff.setDefaultTimeout(15_000);
    await signInAsDemoAccount(staff, 'sophie');
    await staff.goto('/admin/pending-registrations');
    await rejectCookies(staff);
    expect(await staff.getByTestId('page-title').textContent()).toBe('Pending Registrations');
    await staff.getByRole('textbox', { name: 'Search' }).fill(account.companyName);
    const row = staff.getByTestId('registration-row').filter({ hasText: account.companyName });
    await row.waitFor();
    expect(await row.textContent()).toContain(account.email);
    await row.getByRole('button', { name: `Approve ${account.companyName}` }).click();
    const dialog = staff.getByTestId('reason-dialog');
    await dialog.getByRole('textbox', { name: /^Note/ }).fill('Company number checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => staff.getByTestId('registration-count').textContent()).toBe('No registration matches.');

    const placed = await orderCluster(owner);
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('pending');
    expect(pageErrors).toEqual([]);
  });

  it('an admin requests a promotion, a super admin approves it elsewhere, and the old session ends', { timeout: 120_000 }, async ({ page: adam, pageErrors }) => {
    // The user to promote, signed in in a browser of their own.
    const userPage = await otherBrowser(adam);
    const user = await signInAsNewAccount(userPage);
    expect((await userPage.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(200);

    adam.setDefaultTimeout(15_000);
    await signInAsDemoAccount(adam, 'adam');
    await adam.goto('/officers/manage-users');
    await rejectCookies(adam);
    await adam.getByTestId('user-search').fill(user.username);
    const row = adam.getByTestId('user-row').and(adam.locator(`[data-username="${user.username}"]`));
    await row.getByRole('button', { name: `Open ${user.name} (${user.username})` }).click();
    await adam.waitForURL((url) => url.searchParams.get('user') === user.id);
    expect(await adam.getByTestId('user-detail-role').textContent()).toContain('Customer');
    await adam.getByRole('button', { name: 'Request promotion' }).click();
    // An admin may propose officer or admin, never super admin.
    await adam.getByRole('combobox', { name: 'New platform role' }).click();
    expect(await adam.getByRole('option').allTextContents()).toEqual(['Officer', 'Admin']);
    await adam.getByRole('option', { name: 'Officer', exact: true }).click();
    await confirmWithReason(adam, 'Joins the support desk on Monday', 'Send request');
    await adam.getByTestId('user-detail-pending-promotion').waitFor();

    // Adam cannot decide his own request: the page offers him no decision.
    await adam.goto('/admin/promotion-requests');
    const adamsRow = adam.getByTestId('promotion-row').and(adam.locator(`[data-username="${user.username}"]`));
    await adamsRow.waitFor();
    expect(await adamsRow.getByRole('button').count()).toBe(0);

    const sophie = await otherBrowser(adam);
    sophie.setDefaultTimeout(15_000);
    await signInAsDemoAccount(sophie, 'sophie');
    await sophie.goto('/admin/promotion-requests');
    await rejectCookies(sophie);
    const pending = sophie.getByTestId('promotion-row').and(sophie.locator(`[data-username="${user.username}"]`));
    expect(await pending.textContent()).toContain('Joins the support desk on Monday');
    await pending.getByRole('button', { name: `Approve the promotion of ${user.name}` }).click();
    await confirmWithReason(sophie, 'Agreed with the support lead', 'Approve promotion');
    await pending.waitFor({ state: 'detached' });

    // The promoted user's old session no longer works: the API says so and the page sends them to sign in.
    expect((await userPage.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    await userPage.goto('/dashboard');
    await userPage.waitForURL((url) => url.pathname === '/auth');

    await sophie.getByRole('combobox', { name: 'Status' }).click();
    await sophie.getByRole('option', { name: 'Approved', exact: true }).click();
    const approved = sophie.getByTestId('promotion-row').and(sophie.locator(`[data-username="${user.username}"]`));
    expect(await approved.getByTestId('promotion-status').textContent()).toBe('approved');
    expect(pageErrors).toEqual([]);
  });
});
