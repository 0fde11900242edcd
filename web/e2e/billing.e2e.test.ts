import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsNewAccount, signInAsDemoAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { it } from './fixtures';

async function addTestCard(page: Page, number: string): Promise<void> {
  await page.getByTestId('add-card').click();
  const form = page.getByTestId('add-card-form');
  await form.getByTestId('test-mode-notice').waitFor();
  await form.getByRole('textbox', { name: 'Name on the card' }).fill('E2E Billing');
  await form.getByRole('button', { name: `Use the test card ${number}` }).click();
  await form.getByTestId('save-card').click();
  await form.waitFor({ state: 'detached' });
}

const rows = (page: Page) => page.getByTestId('payment-method-row');

describe('billing', () => {
  it("shows Acme's summary, its welcome credit and its default test-mode card", { timeout: 90_000 }, async ({ page, pageErrors }) => {
    await signInAsDemoAccount(page, 'bruno');
    await page.goto('/billing');
    await rejectCookies(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Billing');

    const summary = page.getByTestId('billing-summary');
    await summary.waitFor();
    for (const label of ['Month to date', 'Forecast to month end', 'Last invoice', 'Balance due', 'Credits left']) expect(await summary.textContent()).toContain(label);
    expect(Number(await page.getByTestId('summary-credits-left').getAttribute('data-cents'))).toBeGreaterThanOrEqual(5_000);

    const welcome = page.getByTestId('credit-row').filter({ hasText: 'Welcome credit' });
    await welcome.waitFor();
    expect(await welcome.getAttribute('data-status')).toBe('active');
    expect(await welcome.textContent()).toContain('Promotion');
    expect(await welcome.getByTestId('credit-left').textContent()).toBe('€50.00');

    const visa = rows(page).filter({ hasText: 'Visa ending in 4242' });
    await visa.waitFor();
    expect(await visa.getAttribute('data-default')).toBe('true');
    expect(await visa.textContent()).toContain('Test mode');
    // The billing profile every order is taxed by, its VAT number checked (issue 30).
    await page.getByTestId('billing-profile').waitFor();
    expect(await page.getByTestId('billing-profile-vat').textContent()).toContain('FR40303265045');
    expect(await page.getByTestId('vat-check').textContent()).toContain('Valid according to');
    expect(await page.getByTestId('vat-treatment').textContent()).toBe('France (FR) VAT at 20% is invoiced.');
    // Last month's invoice, issued by the seed's run of the monthly cron and paid by the card.
    await page.getByRole('heading', { level: 2, name: 'Invoices' }).waitFor();
    const invoice = page.locator('[data-testid="invoice-row"][data-kind="monthly"]').first();
    await invoice.waitFor();
    const number = (await invoice.getAttribute('data-number'))!;
    expect(number).toMatch(/^KM-\d{4}-\d{6}$/);
    // Beside it, the invoices of the orders Acme paid at checkout and the seeded credit note in its own series.
    expect(await page.locator('[data-testid="invoice-row"][data-kind="order"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="invoice-row"][data-kind="credit_note"]').first().getAttribute('data-number')).toMatch(/^KM-CN-\d{4}-\d{6}$/);
    expect(await invoice.getByTestId('invoice-status').getAttribute('data-status')).toBe('paid');
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    // The same invoice, with its lines, in the dialog.
    await invoice.getByTestId('invoice-open').click();
    const detail = page.getByTestId('invoice-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('invoice-detail-number').textContent()).toContain(number);
    expect(await detail.getByTestId('invoice-line').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows an organisation paying by bank transfer what it owes against its credit limit', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await signInAsDemoAccount(page, 'gabriel');
    await page.goto('/billing');
    await rejectCookies(page);
    const line = page.getByTestId('summary-bank-transfer');
    await line.waitFor();
    // Globex: a €20,000 limit, and (seeded) bank transfers still awaited, so something is owed and something left.
    expect(Number(await line.getByTestId('summary-bank-transfer-limit').getAttribute('data-cents'))).toBe(2_000_000);
    const owed = Number(await line.getByTestId('summary-bank-transfer-owed').getAttribute('data-cents'));
    expect(owed).toBeGreaterThan(0);
    expect(Number(await line.getByTestId('summary-bank-transfer-left').getAttribute('data-cents'))).toBe(2_000_000 - owed);
    expect(await line.textContent()).toContain('Orders confirmed by bank transfer beyond it are refused; card payments are not limited.');
    expect(pageErrors).toEqual([]);
  });

  it('adds and removes a sandbox card, and switches plan once the switch is explained', { timeout: 120_000 }, async ({ page, pageErrors }) => {
    await openAsNewAccount(page, '/billing', { organizationRole: 'owner' });
    await page.getByTestId('payment-methods-empty').waitFor();

    // A number the sandbox does not know is refused with what to type instead.
    await page.getByTestId('add-card').click();
    const form = page.getByTestId('add-card-form');
    await form.getByRole('textbox', { name: 'Name on the card' }).fill('E2E Billing');
    await form.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
    await form.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
    await form.getByRole('textbox', { name: 'Security code' }).fill('123');
    await form.getByTestId('save-card').click();
    expect(await form.getByTestId('add-card-error').textContent()).toContain('Use a test card: 4242 4242 4242 4242 succeeds.');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await addTestCard(page, '4242 4242 4242 4242');
    await rows(page).filter({ hasText: 'Visa ending in 4242' }).waitFor();
    expect(await rows(page).first().getAttribute('data-default')).toBe('true');
    await addTestCard(page, '4000 0027 6000 3184');
    await rows(page).filter({ hasText: 'Visa ending in 3184' }).waitFor();
    expect(await rows(page).count()).toBe(2);

    // Removing the default passes the default on.
    await rows(page).filter({ hasText: 'Visa ending in 4242' }).getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
    await page.getByTestId('confirm-remove-method').click();
    await rows(page).filter({ hasText: 'Visa ending in 4242' }).waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-last4')).toBe('3184');
    expect(await rows(page).first().getAttribute('data-default')).toBe('true');

    // The yearly commitment is explained (date, discount) before anything changes.
    const yearly = page.getByTestId('plan-yearly_commitment');
    expect(await yearly.getByTestId('plan-discount').textContent()).toMatch(/^Save \d+ %$/);
    await page.getByTestId('switch-to-yearly_commitment').click();
    const explanation = page.getByTestId('plan-switch-explanation');
    await explanation.waitFor();
    const text = (await explanation.textContent())!;
    expect(text).toMatch(/From \d{4}-\d{2}-01 \(UTC\)/);
    expect(text).toMatch(/\d+ % off the monthly price/);
    expect(text).toContain('Nothing changes before then.');
    await page.getByTestId('confirm-plan-switch').click();
    const scheduled = page.getByTestId('plan-scheduled');
    await scheduled.waitFor();
    expect(await scheduled.textContent()).toContain('You move to Yearly commitment on');
    expect(await page.getByTestId('plan-pay_as_you_go').getAttribute('data-current')).toBe('true');

    await scheduled.getByRole('button', { name: 'Cancel the switch' }).click();
    await scheduled.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
