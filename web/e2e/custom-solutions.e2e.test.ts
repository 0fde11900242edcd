import { describe, expect } from 'vitest';
import { openAsNewAccount, signInAsDemoAccount, signInAsNewAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { anotherContext, it } from './fixtures';
import { choose } from './order-helpers';

/** Picks an option of a Mantine Select found by its label in `scope`. */
describe('custom solutions', () => {
  it(
    'a customer sends a request, an officer answers it from the queue, and the customer reads the answer and is notified',
    { timeout: 150_000 },
    async ({ page: alice }) => {
      const subject = `Confidential computing nodes ${Date.now().toString(36)}`;
      const response = 'We can offer AMD SEV-SNP nodes in fr-par-1 from next month. Our proposal with prices follows by email.';

      await signInAsDemoAccount(alice, 'alice');
      await alice.goto('/custom-solutions');
      await rejectCookies(alice);
      expect(await alice.getByRole('heading', { level: 1 }).textContent()).toBe('Custom Solutions');
      // Alice is a customer: no queue.
      expect(await alice.getByRole('heading', { name: 'Requests from customers' }).count()).toBe(0);

      const form = alice.getByTestId('custom-solution-form');
      await form.getByLabel('What do you need?').fill(subject);
      await choose(alice, form, 'Category', 'Hardware (GPUs, bare metal, storage)');
      await form.getByLabel('Description').fill('We process payroll data and need worker nodes with memory encryption (AMD SEV-SNP) in an EU region.');
      await form.getByLabel('Expected nodes').fill('12');
      await form.getByLabel('Monthly budget (EUR)').fill('8000');
      await form.getByRole('radio', { name: 'Video meeting' }).check();
      await form.getByRole('button', { name: 'Send request' }).click();

      const sent = alice.getByTestId('custom-solution-sent');
      await sent.waitFor();
      expect(await sent.textContent()).toContain('Our solutions team replies within 2 business days.');
      const reference = (await alice.getByTestId('custom-solution-reference').textContent())!;
      expect(reference).toMatch(/^csr_[a-z0-9]{20}$/);

      const card = alice.locator(`[data-testid="custom-solution-request"][data-request-id="${reference}"]`);
      await card.waitFor();
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(subject);
      expect(await card.getByTestId('custom-solution-status').textContent()).toBe('Submitted');
      expect(await card.textContent()).toContain('€8,000.00 a month');
      // The seeded answer to Acme's GPU request is there too.
      await alice.locator('[data-request-id="csr_demo_acme_gpu"]').getByTestId('custom-solution-response').waitFor();

      // Olivia, an officer, in another browser context.
      const staffContext = await anotherContext(alice);
      try {
        const olivia = await staffContext.newPage();
        await signInAsDemoAccount(olivia, 'olivia');
        await olivia.goto('/custom-solutions');
        await rejectCookies(olivia);
        const queue = olivia.getByTestId('custom-solutions-queue');
        await queue.waitFor();
        await queue.getByLabel('Search').fill(subject);
        const item = queue.locator(`[data-testid="custom-solutions-queue-item"][data-request-id="${reference}"]`);
        await item.waitFor();
        await expect.poll(() => queue.getByTestId('custom-solutions-queue-item').count()).toBe(1);
        expect(await item.getByTestId('custom-solution-status').textContent()).toBe('Submitted');
        expect(await item.textContent()).toContain('Acme Industries');

        await item.getByRole('button', { name: new RegExp(subject) }).click();
        const answer = item.getByTestId('custom-solution-answer-form');
        await answer.waitFor();
        expect(await item.textContent()).toContain('Alice Martin <alice@acme.example>');
        await answer.getByLabel('Response to the customer').fill(response);
        await choose(olivia, answer, 'Status', 'Proposal sent');
        await answer.getByLabel('Assigned to me').check();
        await answer.getByRole('button', { name: 'Save' }).click();
        await olivia.getByText('Request updated').waitFor();
        await expect.poll(() => item.getByTestId('custom-solution-status').textContent()).toBe('Proposal sent');
        expect(await item.textContent()).toContain('handled by Olivia Laurent');
      } finally {
        await staffContext.close();
      }

      // Back to Alice: the answer after a reload, and a notification.
      await alice.reload();
      await expect.poll(() => card.getByTestId('custom-solution-status').textContent()).toBe('Proposal sent');
      expect(await card.getByTestId('custom-solution-response').textContent()).toContain(response);
      await alice.getByTestId('notification-bell').click();
      await alice
        .getByTestId('notification-item')
        .filter({ hasText: `Your custom solution request '${subject}' is now Proposal sent.` })
        .waitFor();
    },
  );

  it('shows what an empty form lacks, and sends nothing', { timeout: 60_000 }, async ({ page }) => {
    await openAsNewAccount(page, '/custom-solutions');
    await page.getByTestId('custom-solutions-empty').waitFor();

    const form = page.getByTestId('custom-solution-form');
    await form.getByRole('button', { name: 'Send request' }).click();
    for (const message of ['Subject is required.', 'Choose what kind of solution you need.', 'Description is required.']) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('What do you need?').getAttribute('aria-invalid')).toBe('true');

    // A call needs a number; a short description is refused with the same words as the server's.
    await form.getByRole('radio', { name: 'Phone call' }).check();
    await form.getByLabel('Description').fill('Too short');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('Please describe what you need in at least 20 characters.', { exact: true }).waitFor();
    await form.getByText('Give a phone number so that we can call you, or choose another way to be contacted.', { exact: true }).waitFor();
    expect(await page.getByTestId('custom-solution-sent').count()).toBe(0);
    expect(await page.getByTestId('custom-solutions-empty').count()).toBe(1);
  });

  it('lets a viewer follow the requests but not send one', { timeout: 60_000 }, async ({ page }) => {
    await signInAsNewAccount(page, { organizationRole: 'viewer' });
    await page.goto('/custom-solutions');
    await page.getByTestId('custom-solution-not-allowed').waitFor();
    expect(await page.getByTestId('custom-solution-form').count()).toBe(0);
    await page.getByTestId('custom-solutions-empty').waitFor();
  });
});
