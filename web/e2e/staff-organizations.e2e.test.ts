import { describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { insertInvoice } from '../../scripts/lib/race-scenarios.mjs';
import { createAccount, demoAccountBeside, openAsNewAccount, signInAsNewAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { workerDatabase } from './database';
import { anotherContext, BASE_URL, it, POLL } from './fixtures';
import { REQUEST_ID_PATTERN } from '@kubemarket/shared';

describe('staff: organisations', () => {
  it('an administrator finds an organisation, suspends it with a reason (its orders refused) and reinstates it', { timeout: 180_000 }, async ({ page }) => {
    // The customer: a fresh organisation of its own, so no other test's counts move.
    const customerContext = await anotherContext(page);
    const customerPage = await customerContext.newPage();
    const customer = await signInAsNewAccount(customerPage, { organizationRole: 'owner' });
    await signInAsNewAccount(page, { role: 'admin' });
    try {
      await page.goto('/officers/panel');
      await rejectCookies(page);
      const attention = page.getByTestId('attention-panel');
      await attention.getByTestId('attention-item').first().waitFor(POLL);
      expect(await attention.getByTestId('attention-item').count()).toBe(6);
      expect(await page.getByTestId('revenue-this-month').textContent()).toMatch(/^€/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/officers/organizations');
      await page.getByLabel('Search').fill(customer.organization.billingId);
      // The search runs on the server once typing pauses: one organisation has this billing id.
      await page.getByTestId('organization-count').filter({ hasText: '1–1 of 1 organisation' }).waitFor(POLL);
      const row = page.getByTestId('organization-row').filter({ hasText: customer.organization.name });
      expect(await page.getByTestId('organization-row').count()).toBe(1);
      await row.waitFor(POLL);
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByRole('button', { name: customer.organization.name }).click();
      const detail = page.getByTestId('organization-detail');
      await detail.waitFor(POLL);
      expect(new URL(page.url()).searchParams.get('id')).toBe(customer.organization.id);
      expect(await detail.getByRole('table', { name: 'Members' }).textContent()).toContain(customer.email);

      await detail.getByRole('button', { name: 'Suspend' }).click();
      const modal = page.getByTestId('reason-dialog');
      await modal.getByRole('button', { name: 'Suspend organisation' }).click();
      await modal.getByText('Give a reason: the organisation and the audit log read it.').waitFor();
      await modal.getByLabel(/^Reason/).fill('Card payments disputed, see ticket KM-T-1.');
      await modal.getByRole('button', { name: 'Suspend organisation' }).click();
      await page.getByTestId('organization-status').filter({ hasText: 'Suspended' }).waitFor(POLL);
      expect(await detail.getByRole('table', { name: 'Status and settings history' }).textContent()).toContain('Card payments disputed, see ticket KM-T-1.');
      expect(await seriousViolations(page)).toEqual([]);

      // The customer's clusters keep running; ordering is refused with a clear message.
      const order = await customerContext.request.post(`${BASE_URL}/api/orders`, {
        headers: { 'X-CSRF-Token': (await customerContext.request.get(`${BASE_URL}/api/user`)).headers()['x-csrf-token'] ?? '', 'Idempotency-Key': `e2e-suspended-${Date.now()}` },
        data: { lines: [{ kind: 'support', planId: 'support_business' }], billing: { companyName: 'E2E', countryCode: 'FR', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris' } },
      });
      expect(order.status()).toBe(403);
      expect(((await order.json()) as { message: string }).message).toBe('Your organisation is suspended, so it cannot order or pay. Contact our support team to find out why and to restore it.');

      await detail.getByRole('button', { name: 'Reinstate' }).click();
      await page.getByTestId('reason-dialog').getByLabel(/^Reason/).fill('Dispute settled with the bank.');
      await page.getByTestId('reason-dialog').getByRole('button', { name: 'Reinstate' }).click();
      await page.getByTestId('organization-status').filter({ hasText: 'Active' }).waitFor(POLL);

      // The credit limit staff set for payment by bank transfer: in euros, shown with what it owes, kept in the history.
      expect(await detail.getByTestId('organization-outstanding').textContent()).toContain('No credit limit');
      const settings = detail.getByRole('region', { name: 'Settings staff control' });
      await settings.getByLabel('Credit limit (EUR)').fill('5000');
      await settings.getByLabel(/^Reason/).fill('Invoicing agreed up to €5,000.');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await detail.getByTestId('organization-outstanding').filter({ hasText: 'Credit limit €5,000.00' }).waitFor(POLL);
      expect(await detail.getByRole('table', { name: 'Status and settings history' }).textContent()).toContain('Invoicing agreed up to €5,000.');
      expect(await seriousViolations(page)).toEqual([]);

      // The audit log tab shows both decisions for this organisation.
      await page.goto(`/officers/organizations?tab=activity`);
      await page.getByLabel('Organisation id').fill(customer.organization.id);
      // Rows are told apart by their action's code; they read it in words (issue 31).
      await page.locator('[data-testid="activity-row"][data-action="organization.reinstated"]').getByText('Organisation reinstated').waitFor(POLL);
      expect(await page.locator('[data-testid="activity-row"][data-action="organization.suspended"]').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await customerContext.close();
    }
  });

  it('an administrator corrects a €1,200 invoice with a credit note; another approves it from the organisation page, and it is issued once', { timeout: 180_000 }, async ({ page }) => {
    // A fresh customer with an unpaid invoice of a past month (no screen makes one: written in the Worker's database).
    const customer = await createAccount({ organizationRole: 'owner' });
    const invoice = await insertInvoice(await workerDatabase(), customer.organization.id, { totalCents: 120_000 });
    await openAsNewAccount(page, `/officers/organizations?id=${customer.organization.id}`, { role: 'admin' });
    const detail = page.getByTestId('organization-detail');
    await detail.getByRole('button', { name: `Issue credit note for ${invoice.number}` }).click(POLL);
    const ask = page.getByRole('dialog', { name: `Issue a credit note for ${invoice.number}?` });
    await ask.getByText('Above €500.00 it waits for another administrator.', { exact: false }).waitFor();
    await ask.getByRole('textbox', { name: /Reason/ }).fill('Billed to the wrong organisation');
    await ask.getByRole('button', { name: 'Issue credit note' }).click();
    await page.getByText(`The credit note for ${invoice.number} waits for another administrator.`).waitFor(POLL);
    const waiting = detail.getByTestId('credit-note-request').filter({ hasText: invoice.number });
    await expect.poll(() => waiting.textContent(), POLL).toContain('Another administrator decides');
    expect(await seriousViolations(page)).toEqual([]);

    const approverContext = await anotherContext(page);
    try {
      const approver = await approverContext.newPage();
      await openAsNewAccount(approver, `/officers/organizations?id=${customer.organization.id}`, { role: 'admin' });
      const request = approver.getByTestId('credit-note-request').filter({ hasText: invoice.number });
      expect(await request.textContent({ timeout: 15_000 })).toContain('Billed to the wrong organisation');
      await request.getByRole('button', { name: 'Approve' }).click();
      await approver.getByRole('dialog', { name: `Issue the credit note for ${invoice.number}?` }).getByRole('button', { name: 'Approve and issue' }).click();
      await approver.getByText(`${invoice.number} is corrected.`).waitFor(POLL);
      await request.waitFor({ state: 'detached', ...POLL });
      const invoices = approver.getByRole('table', { name: 'Latest invoices' });
      await invoices.getByText('Corrected by a credit note').waitFor(POLL);
      await invoices.getByText('(credit note)', { exact: false }).waitFor(POLL);
      expect(await invoices.getByRole('row').filter({ hasText: `${invoice.number}` }).filter({ hasText: 'Void' }).count()).toBe(1);
    } finally {
      await approverContext.close();
    }
  });

  it('an administrator records the bank transfer Globex owes: the list refreshes, what it owes drops, the customer sees it received', { timeout: 180_000 }, async ({ page }) => {
    // The demo seed (scripts/seed.ts): Globex confirmed two orders by bank transfer; the support plan's is overdue.
    const orderId = 'ord_demo_globex_support';
    await openAsNewAccount(page, '/officers/organizations?id=org_demo_globex', { role: 'admin' });
    const detail = page.getByTestId('organization-detail');
    await detail.waitFor(POLL);
    const awaited = detail.getByTestId('awaiting-transfers');
    const rows = awaited.getByTestId('awaiting-transfer-row');
    await rows.first().waitFor(POLL);
    expect(await rows.count()).toBe(2);
    const row = rows.filter({ hasText: orderId });
    expect(await row.getByTestId('transfer-overdue').textContent()).toBe('Overdue');
    const owedBefore = await detail.getByTestId('organization-outstanding').textContent();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Record transfer received for order ${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Record transfer received' });
    const form = dialog.getByTestId('transfer-dialog');
    await form.waitFor();
    // Nothing typed: the reference is asked for under its field; a day ahead is refused under the date.
    // Pressed near its top edge: the field the press takes the focus from is checked once the press
    // is over, so its message does not push the button from under the pointer before the release.
    await form.getByRole('button', { name: 'Record transfer' }).click({ position: { x: 20, y: 4 } });
    await form.getByText('Enter the bank’s reference of the transfer, as on the bank statement.').waitFor();
    const ahead = new Date(Date.now() + 3 * 86_400_000);
    const aheadDay = `${ahead.getFullYear()}-${String(ahead.getMonth() + 1).padStart(2, '0')}-${String(ahead.getDate()).padStart(2, '0')}`;
    await form.getByLabel('Date received').fill(aheadDay);
    await form.getByText('The date received cannot be in the future.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Date received').fill('');
    await form.getByLabel(/^Bank reference/).fill('E2E-BNP-0001');
    await form.getByRole('button', { name: 'Record transfer' }).click();

    await page.getByText('Transfer recorded').waitFor(POLL);
    await dialog.waitFor({ state: 'hidden' });
    // The list refreshes without the recorded transfer, and what Globex owes drops.
    await rows.filter({ hasText: orderId }).waitFor({ state: 'detached', ...POLL });
    expect(await rows.count()).toBe(1);
    await detail.getByTestId('organization-outstanding').filter({ hasNotText: owedBefore ?? '' }).waitFor(POLL);

    // Globex's owner sees the payment received on the order's page.
    const customerPage = await demoAccountBeside(page, 'gabriel');
    try {
      await customerPage.goto(`/order-status/${orderId}`);
      const payment = customerPage.getByTestId('payment-row').filter({ hasText: 'Bank transfer' });
      await payment.waitFor(POLL);
      expect(await payment.getAttribute('data-status')).toBe('succeeded');
      expect(await payment.textContent()).toContain('Received');
      expect(await payment.textContent()).toContain('reference E2E-BNP-0001');
      await customerPage.getByText('Bank transfer received', { exact: true }).first().waitFor(POLL);
      expect(await seriousViolations(customerPage)).toEqual([]);
    } finally {
      await customerPage.context().close();
    }
  });

  it('an administrator records a partial transfer against an invoice by its RF reference: the rest stays due, for staff and the customer alike', { timeout: 180_000 }, async ({ page }) => {
    await openAsNewAccount(page, '/officers/organizations?id=org_demo_globex', { role: 'admin' });
    const invoices = page.getByRole('table', { name: 'Latest invoices' });
    await invoices.waitFor(POLL);
    // The seeded Valkey order's invoice (issue 30): €142.80, payable by transfer, nothing received yet.
    const row = invoices.getByRole('row').filter({ hasText: '€142.80' }).filter({ has: page.getByRole('button', { name: /^Record transfer for KM-/ }) });
    await row.waitFor(POLL);
    const number = (await row.getByRole('link').first().textContent())!.trim();
    expect(number).toMatch(/^KM-\d{4}-\d{6}$/);
    await row.getByRole('button', { name: `Record transfer for ${number}` }).click();
    const form = page.getByRole('dialog', { name: 'Record a bank transfer' }).getByTestId('invoice-transfer-dialog');
    await form.waitFor();
    expect(await form.textContent()).toMatch(/reference RF\d{2}/);
    await form.getByLabel(/^Amount received/).fill('100');
    await form.getByLabel(/^Bank reference/).fill('E2E-PARTIAL-1');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByTestId('invoice-transfer-submit').click();
    await page.getByText(`${number}: €100.00 received, €42.80 still due.`).waitFor(POLL);
    await invoices.getByRole('row').filter({ hasText: number }).filter({ hasText: '€100.00' }).waitFor(POLL);

    // Globex's owner sees the same: the invoice still due, €100.00 received and €42.80 left, with its reference.
    const customerPage = await demoAccountBeside(page, 'gabriel');
    try {
      await customerPage.goto('/billing');
      const invoiceRow = customerPage.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
      await invoiceRow.waitFor(POLL);
      await invoiceRow.getByTestId('invoice-open').click();
      const reference = customerPage.getByTestId('invoice-transfer-reference');
      await reference.waitFor(POLL);
      expect(await reference.textContent()).toContain('received so far €100.00, still due €42.80');
      expect(await seriousViolations(customerPage)).toEqual([]);
    } finally {
      await customerPage.context().close();
    }
  });

  it('staff see what customers run across organisations, each row leading to its organisation', { timeout: 120_000 }, async ({ page }) => {
    await openAsNewAccount(page, '/officers/clusters', { role: 'officer' });
    for (const [path, noun] of [
      ['/officers/clusters', 'cluster'],
      ['/officers/addons', 'add-on'],
      ['/officers/middlewares', 'middleware'],
      ['/officers/support-plans', 'support plan'],
    ] as const) {
      await page.goto(path);
      const count = page.getByTestId('result-count');
      await count.filter({ hasText: new RegExp(`of \\d+ ${noun}`) }).waitFor(POLL);
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    // The seeded Acme bought the Business support plan: its row opens Acme's page.
    await page.getByRole('link', { name: 'Acme Industries' }).first().click();
    await page.getByTestId('organization-detail').waitFor(POLL);
    expect(await page.getByRole('heading', { level: 2, name: 'Acme Industries' }).count()).toBe(1);
  });

  it('a customer is refused every staff list', { timeout: 60_000 }, async ({ page }) => {
    await signInAsNewAccount(page, { organizationRole: 'owner' });
    for (const path of [
      '/api/admin/organizations',
      '/api/admin/clusters',
      '/api/admin/addons',
      '/api/admin/middlewares',
      '/api/admin/support-plans',
      '/api/admin/attention',
      '/api/admin/activity',
      '/api/staff/users',
      '/api/admin/registrations',
      '/api/admin/promotion-requests',
      '/api/admin/organization-users',
    ]) {
      const answer = await page.context().request.get(`${BASE_URL}${path}`);
      expect({ path, status: answer.status(), body: await answer.json() }).toEqual({ path, status: 403, body: { message: 'You do not have permission to do this.', code: 'forbidden', requestId: expect.stringMatching(REQUEST_ID_PATTERN) } });
    }
    await page.goto('/officers/organizations');
    await page.getByTestId('staff-access-required').waitFor(POLL);
  });
});
