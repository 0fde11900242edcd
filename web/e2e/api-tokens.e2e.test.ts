import { request as apiRequest } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { BASE_URL, it } from './fixtures';

describe('API tokens in /settings', () => {
  it('creates a token shown once, which a script uses without cookies until it is revoked', { timeout: 90_000 }, async ({ page }) => {
    await signInAsNewAccount(page);
    await page.goto('/settings?tab=api-tokens');
    // The cookie banner sits above everything at the bottom of the window, as for a new visitor.
    await page.getByRole('button', { name: 'Reject All' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await expect.poll(() => page.getByText('You have no API tokens yet.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByLabel('Name').fill('Nightly report');
    // Without a scope the form says so instead of sending.
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Choose at least one scope.');
    await dialog.getByRole('radiogroup', { name: 'Notifications' }).getByText('Read', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const secret = (await page.getByTestId('new-api-token').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^kmt_[a-z0-9]{20}_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /Nightly report/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('notifications read');
    expect(await row.textContent()).not.toContain(secret);

    const script = await apiRequest.newContext();
    try {
      const headers = { Authorization: `Bearer ${secret}` };
      const list = await script.get(`${BASE_URL}/api/notifications`, { headers });
      expect(list.status()).toBe(200);
      expect(Array.isArray(await list.json())).toBe(true);
      expect((await script.get(`${BASE_URL}/api/sidebar-counts`, { headers })).status()).toBe(403);

      // Revoking asks first.
      await row.getByRole('button', { name: 'Revoke the token Nightly report' }).click();
      await page.getByRole('dialog', { name: 'Revoke Nightly report?' }).getByText('Scripts that send it get 401 from now on. This cannot be undone.').waitFor();
      await page.getByTestId('confirm-revoke-token').click();
      await expect.poll(() => row.textContent()).toContain('revoked');
      const after = await script.get(`${BASE_URL}/api/notifications`, { headers });
      expect(after.status()).toBe(401);
    } finally {
      await script.dispose();
    }
  });

  it('creates a service account of the organisation, within the creator\'s role, which a script uses until it is revoked', { timeout: 90_000 }, async ({ page }) => {
    const account = await signInAsNewAccount(page);
    await page.goto('/settings?tab=api-tokens');
    await page.getByRole('button', { name: 'Reject All' }).click();
    await page.getByRole('heading', { name: 'Service accounts' }).waitFor();
    await expect.poll(() => page.getByText('Your organisation has no service accounts yet.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create service account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a service account' });
    await dialog.getByLabel('Name').fill('Terraform');
    // No personal scopes; an owner's service account acts as an administrator, who cannot change the organisation itself.
    expect(await dialog.getByRole('radiogroup', { name: 'Notifications' }).count()).toBe(0);
    expect(await dialog.getByRole('radiogroup', { name: 'Organisation profile' }).getByRole('radio', { name: 'Read & write' }).isDisabled()).toBe(true);
    await dialog.getByRole('radiogroup', { name: 'Clusters and node pools' }).getByText('Read & write', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create service account' }).click();

    const secret = (await page.getByTestId('new-api-token').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^kmt_[a-z0-9]{20}_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('table', { name: 'Service accounts of your organisation' }).getByRole('row', { name: /Terraform/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Administrator');
    expect(await row.textContent()).toContain(account.name);

    const script = await apiRequest.newContext();
    try {
      const headers = { Authorization: `Bearer ${secret}` };
      expect((await script.get(`${BASE_URL}/api/clusters`, { headers })).status()).toBe(200);
      // Not among the members of the team, which the owner reads with her session.
      const members = await page.context().request.get(`${BASE_URL}/api/organization/members`);
      expect(members.status()).toBe(200);
      const names = ((await members.json()) as { items: Array<{ name: string }> }).items.map((member) => member.name);
      expect(names).toEqual([account.name]);

      await row.getByRole('button', { name: 'Revoke the token Terraform' }).click();
      await page.getByTestId('confirm-revoke-token').click();
      await expect.poll(() => row.textContent()).toContain('revoked');
      expect((await script.get(`${BASE_URL}/api/clusters`, { headers })).status()).toBe(401);
    } finally {
      await script.dispose();
    }
  });
});
