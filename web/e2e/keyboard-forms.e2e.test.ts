import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsNewAccount } from './accounts';
import { rejectCookies, uniqueAccount, waitForMailLink } from './auth-helpers';
import { it, POLL } from './fixtures';

/*
 * The configurator and the ticket forms driven with the keyboard alone (Tab, Shift+Tab, Enter,
 * Space, the arrows), read through the accessibility tree: names, roles, aria-invalid, what the
 * alerts say and where the focus lands after a refused submit. The mouse is used only to dismiss
 * the cookie banner before the forms are reached.
 */

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reachable so. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reachable with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${String(target)}`);
}

/** The focused element as the accessibility tree sees it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const describedBy = (element?.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const style = element ? getComputedStyle(element) : null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      role: element?.getAttribute('role') ?? '',
      invalid: element?.getAttribute('aria-invalid') ?? null,
      describedBy,
      // A keyboard focus indicator: Mantine's focus ring is an outline.
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
    };
  });
}

function hasVisibleOutline(outline: string): boolean {
  const [style = 'none', width = '0px'] = outline.split(' ');
  return style !== 'none' && Number.parseFloat(width) > 0;
}

async function expectHeadingFocused(page: Page, title: string): Promise<void> {
  await page.getByTestId('configurator-step').getByRole('heading', { level: 2, name: title }).waitFor();
  await expect.poll(async () => (await focused(page)).id, POLL).toBe('configurator-step-title');
}

/** From wherever the focus is in the step, on to its "Next" button, and Enter. */
async function nextWithKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByTestId('step-next'));
  await page.keyboard.press('Enter');
}

describe('keyboard and screen-reader use of the forms', () => {
  it('configures a cluster, orders it and pays for it with the keyboard alone, each refusal announced and focused on the field to correct', { timeout: 180_000 }, async ({ page, pageErrors }) => {
    page.setDefaultTimeout(15_000);
    await openAsNewAccount(page, '/configure-cluster');
    await page.getByTestId('configurator-step').getByRole('heading', { level: 2, name: 'Choose a cluster tier' }).waitFor();

    // 1. "Next" with no tier: the summary is an alert naming the problem, the focus on the tier choice.
    await nextWithKeyboard(page);
    const summary = page.getByTestId('step-errors');
    await expect.poll(() => summary.getAttribute('role'), POLL).toBe('alert');
    expect(await summary.textContent()).toContain('Choose a cluster tier to continue.');
    await expect.poll(async () => (await focused(page)).role, POLL).toBe('radio');
    const tierGroup = page.getByTestId('tier-options');
    expect(await tierGroup.evaluate((group) => group.contains(document.activeElement))).toBe(true);
    expect(hasVisibleOutline((await focused(page)).outline)).toBe(true);

    // Space chooses the focused tier; the arrows move through the tiers, choosing as they go.
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-checked')), POLL).toBe('true');
    const standard = page.getByRole('radio', { name: 'Standard (Blue)' });
    const firstName = await page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), POLL).not.toBe(firstName);
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.getAttribute('aria-checked')])).toEqual(['radio', 'true']);
    expect(await tierGroup.getByRole('radio', { checked: true }).count()).toBe(1);
    for (let presses = 0; presses < 10 && !(await isFocused(standard)); presses += 1) await page.keyboard.press('ArrowDown');
    expect(await isFocused(standard)).toBe(true);
    await expect.poll(() => standard.getAttribute('aria-checked'), POLL).toBe('true');
    // The price appears in a polite live region, not in an alert.
    const livePrice = page.locator('[aria-live="polite"]').filter({ hasText: /^Total .+ VAT included\.$/ });
    await expect.poll(() => livePrice.count(), POLL).toBeGreaterThan(0);
    expect(await page.getByRole('alert').filter({ hasText: /^Total / }).count()).toBe(0);

    // 2–5: each step's heading takes the focus, so that its name is read out.
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Region and zones');
    expect(await page.getByRole('radio', { name: /Paris PAR1/ }).getAttribute('aria-checked')).toBe('true');
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Kubernetes version');
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Node pools');
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Control plane and networking');
    await nextWithKeyboard(page);

    // 6. An add-on card is a checkbox that Space ticks.
    await expectHeadingFocused(page, 'Add-ons');
    const loki = page.getByRole('checkbox', { name: 'Grafana Loki' });
    await tabTo(page, loki);
    expect(hasVisibleOutline((await focused(page)).outline)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => loki.getAttribute('aria-checked'), POLL).toBe('true');
    await page.getByTestId('addon-change').getByText('Added Grafana Loki and Prometheus and Grafana, which Grafana Loki requires.').waitFor();
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Maintenance and upgrades');
    await nextWithKeyboard(page);

    // 8. The review: ordering without a name is refused; the focus lands on the name field, which
    // is marked invalid and described by its message.
    await expectHeadingFocused(page, 'Name and review');
    await tabTo(page, page.getByRole('button', { name: 'Continue to checkout' }));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await summary.textContent()) ?? '', POLL).toContain('The cluster name is required.');
    const nameField = page.getByRole('textbox', { name: 'Cluster name' });
    await expect.poll(() => isFocused(nameField), POLL).toBe(true);
    const onName = await focused(page);
    expect(onName.invalid).toBe('true');
    expect(onName.describedBy).toContain('The cluster name is required.');
    await page.keyboard.type(`kb-${Date.now().toString(36)}`);
    await expect.poll(() => nameField.getAttribute('aria-invalid'), POLL).not.toBe('true');

    // Back and forth with the keyboard: each step's heading takes the focus, the name is kept.
    await tabTo(page, page.getByTestId('step-back'));
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'Maintenance and upgrades');
    await nextWithKeyboard(page);
    await expectHeadingFocused(page, 'Name and review');
    expect(await nameField.inputValue()).toMatch(/^kb-/);

    // The billing details still missing are typed in; Enter in the last field orders.
    const billing = page.getByTestId('billing-fields');
    const company = billing.getByRole('textbox', { name: 'Company name' });
    await tabTo(page, company);
    if ((await company.inputValue()) === '') await page.keyboard.type('Keyboard Industries');
    for (const [label, value] of [
      ['Address', '1 rue du Clavier'],
      ['Postcode', '75001'],
      ['City', 'Paris'],
    ] as const) {
      await tabTo(page, billing.getByRole('textbox', { name: label, exact: true }));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname) && url.searchParams.get('checkout') === '1', { timeout: 30_000 });

    // The checkout: paying with no card is refused aloud, and the focus goes to the first card field.
    const checkout = page.getByTestId('checkout');
    await checkout.getByTestId('test-mode-notice').waitFor(POLL);
    await tabTo(page, checkout.getByTestId('pay-button'));
    expect(hasVisibleOutline((await focused(page)).outline)).toBe(true);
    await page.keyboard.press('Enter');
    const cardErrors = checkout.getByTestId('card-errors');
    await expect.poll(async () => (await cardErrors.textContent()) ?? '', POLL).toMatch(/card details? needs? correcting\.$/);
    expect(await cardErrors.getAttribute('role')).toBe('alert');
    const holder = checkout.getByRole('textbox', { name: 'Name on the card' });
    await expect.poll(() => isFocused(holder), POLL).toBe(true);
    const onHolder = await focused(page);
    expect(onHolder.invalid).toBe('true');
    expect(onHolder.describedBy.trim()).not.toBe('');

    await page.keyboard.type('Keyboard Buyer');
    await tabTo(page, checkout.getByRole('textbox', { name: 'Card number' }));
    await page.keyboard.type('4242424242424242');
    await tabTo(page, checkout.getByRole('textbox', { name: 'Expiry date' }));
    await page.keyboard.type('12/34');
    await tabTo(page, checkout.getByRole('textbox', { name: 'Security code' }));
    await page.keyboard.type('123');
    // Enter in the last card field pays, as the button does.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/payment-success', { timeout: 30_000 });
    expect(pageErrors.map(String)).toEqual([]);
  });

  it('submits a ticket on /submit-ticket and replies to it with the keyboard alone, each refusal announced', { timeout: 120_000 }, async ({ page, pageErrors }) => {
    page.setDefaultTimeout(15_000);
    const visitor = uniqueAccount('kbticket');
    const subject = `Keyboard question ${Date.now().toString(36)}`;
    await page.goto('/submit-ticket');
    await rejectCookies(page);
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.waitFor();

    // Every field is named by its label (no placeholder-only fields).
    for (const name of ['Your name', 'Email', 'Subject', 'Description']) expect(await form.getByRole('textbox', { name }).count()).toBe(1);
    for (const name of ['Category', 'Severity']) expect(await form.getByRole('combobox', { name }).count()).toBe(1);

    await tabTo(page, form.getByRole('textbox', { name: 'Your name' }));
    await page.keyboard.type(visitor.name);
    await page.keyboard.press('Tab');
    expect(await isFocused(form.getByRole('textbox', { name: 'Email' }))).toBe(true);
    await page.keyboard.type('not-an-email');
    await tabTo(page, form.getByRole('textbox', { name: 'Subject' }));
    await page.keyboard.type(subject);
    await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('short');
    // Enter in a text field submits, as it would with the button.
    await tabTo(page, form.getByRole('textbox', { name: 'Subject' }), { backwards: true });
    await page.keyboard.press('Enter');

    // Both problems are announced; the focus is on the first one, the email, which says why.
    await expect.poll(() => form.getByRole('alert').allTextContents(), POLL).toEqual(
      expect.arrayContaining(['Enter a valid email address.', 'Describe the problem in at least 10 characters.']),
    );
    await expect.poll(() => isFocused(form.getByRole('textbox', { name: 'Email' })), POLL).toBe(true);
    const onEmail = await focused(page);
    expect(onEmail.invalid).toBe('true');
    expect(onEmail.describedBy).toContain('Enter a valid email address.');
    expect(await form.getByRole('textbox', { name: 'Description' }).getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(visitor.email);
    await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type(' — the ingress answers 502 since this morning.');
    await tabTo(page, form.getByRole('button', { name: 'Submit ticket' }));
    expect(hasVisibleOutline((await focused(page)).outline)).toBe(true);
    await page.keyboard.press('Enter');

    const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(visitor.email);

    // The confirmed ticket's reply form: an empty reply is refused and focused, then sent.
    const link = await waitForMailLink(page, visitor.email, '/track-ticket#confirm=');
    await page.goto(link);
    const ticket = page.getByTestId('public-ticket');
    await ticket.getByRole('heading', { name: subject }).waitFor();
    const reply = page.getByTestId('public-reply-body');
    await tabTo(page, page.getByTestId('public-reply-submit'));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(reply), POLL).toBe(true);
    const onReply = await focused(page);
    expect(onReply.invalid).toBe('true');
    const [replyAlert = ''] = await page.getByTestId('public-reply').getByRole('alert').allTextContents();
    expect(replyAlert).not.toBe('');
    expect(onReply.describedBy).toContain(replyAlert);
    await page.keyboard.type('Sent from the keyboard alone.');
    await tabTo(page, page.getByTestId('public-reply-submit'));
    await page.keyboard.press('Enter');
    await ticket.getByTestId('ticket-message').filter({ hasText: 'Sent from the keyboard alone.' }).waitFor();
    expect(pageErrors.map(String)).toEqual([]);
  });
});
