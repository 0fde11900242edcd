import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { signInAsNewAccount } from './accounts';
import { addressAfterPath, fillRegisterForm, followMailboxLink, rejectCookies, uniqueAccount, verificationPrompt } from './auth-helpers';
import { anotherContext, BASE_URL, it, POLL } from './fixtures';

/** Registration sends the new account back to the invitation; the verification prompt may cover it first. */
async function dismissVerificationPrompt(page: Page) {
  const prompt = verificationPrompt(page);
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }).click();
}

describe('customer teams', () => {
  it('an owner invites a colleague by email; the colleague registers from the link, joins as viewer and sees only what a viewer may', { timeout: 180_000 }, async ({ page: owner }) => {
    const account = await signInAsNewAccount(owner, { organizationRole: 'owner' });
    const colleague = uniqueAccount('team');

    await owner.goto('/settings?tab=team');
    await rejectCookies(owner);
    await owner.getByTestId('members-table').waitFor();
    await owner.getByTestId('invite-member').click();
    const form = owner.getByTestId('invite-form');
    await form.getByLabel('Email').fill(colleague.email);
    await form.getByRole('combobox', { name: /^Role/ }).click();
    await owner.getByRole('option', { name: 'Viewer', exact: true }).click();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByTestId('invitation-row').filter({ hasText: colleague.email }).waitFor(POLL);
    expect(await owner.getByTestId('invitation-row').filter({ hasText: colleague.email }).textContent()).toContain('Viewer');
    // The dialog closes once the list shows the invitation: axe reads the page after its fade-out,
    // not through it (a fading dialog's text is near-white on near-white).
    await form.waitFor({ state: 'detached' });
    expect(await seriousViolations(owner)).toEqual([]);

    // The colleague, in a browser of their own, opens the link from the mailbox.
    const context = await anotherContext(owner);
    try {
      const page = await context.newPage();
      await followMailboxLink(page, colleague.email, '/join-team');
      const invitation = page.getByTestId('invitation');
      await invitation.waitFor(POLL);
      expect(new URL(page.url()).pathname).toBe('/join-team');
      expect(addressAfterPath(page)).toBe('');
      expect(await invitation.textContent()).toContain(`to join ${account.organization.name} as viewer`);
      await rejectCookies(page);
      expect(await seriousViolations(page)).toEqual([]);

      await invitation.getByTestId('invitation-register').click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await fillRegisterForm(page, colleague);

      // Back on the invitation, signed in as the invited address.
      await page.waitForURL((url) => url.pathname === '/join-team', POLL);
      const accept = page.getByTestId('accept-invitation');
      await accept.waitFor(POLL);
      // Not verified yet (accepting the invitation verifies the address): the prompt comes up.
      await verificationPrompt(page).waitFor(POLL);
      await dismissVerificationPrompt(page);
      await accept.click();
      await page.waitForURL((url) => url.pathname === '/dashboard', POLL);

      // A viewer reads clusters but cannot order one, and sees no billing.
      await page.goto('/my-clusters');
      await dismissVerificationPrompt(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('configure-cluster-link').count()).toBe(0);
      await page.goto('/billing');
      await page.getByTestId('billing-not-allowed').waitFor(POLL);
      expect(await page.getByTestId('billing-not-allowed').textContent()).toContain('(Viewer)');
      const billing = await context.request.get(`${BASE_URL}/api/billing/summary`);
      expect(billing.status()).toBe(403);
      // The team is readable, not manageable.
      await page.goto('/settings?tab=team');
      await page.getByTestId('member-row').filter({ hasText: account.email }).waitFor(POLL);
      expect(await page.getByTestId('invite-member').count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Activity' }).count()).toBe(0);
    } finally {
      await context.close();
    }

    // The owner sees the new member with the role chosen, the invitation gone, and the join in the activity.
    await owner.reload();
    const row = owner.getByTestId('member-row').filter({ hasText: colleague.email });
    await row.waitFor(POLL);
    expect(await row.getByTestId('member-role').textContent()).toBe('Viewer');
    expect(await owner.getByTestId('invitation-row').filter({ hasText: colleague.email }).count()).toBe(0);
    await owner.goto('/settings?tab=activity');
    // The action in words, not its code (issue 31).
    await owner.locator('[data-testid="activity-row"][data-action="team.member_joined"]').getByText('Joined the organisation').waitFor(POLL);
    expect(await seriousViolations(owner)).toEqual([]);
  });
});
