import { formatMoney } from '@kubemarket/shared';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsDemoAccount, openAsNewAccount, signInAsNewAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { it, POLL } from './fixtures';
import { api, choose, fillCard, type OrderAnswer, readOrderInPage } from './order-helpers';

const DECLINED_CARD = '4000 0000 0000 0002';
const SUCCESS_CARD = '4242 4242 4242 4242';
const AUTHENTICATION_CARD = '4000 0027 6000 3184';

interface OrderPage {
  items: { id: string; status: string; totalCents: number }[];
  total: number;
  pageCount: number;
}

const BILLING = { companyName: 'E2E Buyer SAS', countryCode: 'FR', addressLine1: '1 place de la Bourse', postalCode: '75002', city: 'Paris' };

/**
 * A support plan order placed over REST, awaiting payment: what a new organisation can buy before it
 * has a cluster (a middleware runs in one, issue 31).
 */
async function placeOrder(page: Page, planId: string): Promise<OrderAnswer> {
  return api<OrderAnswer>(page, 'POST', '/api/orders', { lines: [{ kind: 'support', planId }], cycle: 'monthly', billing: BILLING }, { 'Idempotency-Key': crypto.randomUUID() });
}

/** A new organisation's support-plan order awaiting payment, its page open at the checkout unless `checkout` is false. */
async function openNewOrder(page: Page, planId: string, { checkout = true } = {}): Promise<OrderAnswer> {
  await signInAsNewAccount(page);
  const order = await placeOrder(page, planId);
  await page.goto(`/order-status/${order.id}${checkout ? '?checkout=1' : ''}`);
  await rejectCookies(page);
  return order;
}

async function rowsOf(page: Page): Promise<{ id: string; status: string; cents: number }[]> {
  return page.getByTestId('order-row').evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute('data-order-id') ?? '',
      status: row.querySelector('[data-testid="order-status"]')?.getAttribute('data-status') ?? '',
      cents: Number(row.querySelector('[data-testid="order-total"]')?.getAttribute('data-cents')),
    })),
  );
}

describe('ordering and paying', () => {
  it(
    'orders a support plan with PARIS, is declined with the reason, pays on retry and lands on /payment-success with the amount charged',
    { timeout: 120_000 },
    async ({ page, pageErrors }) => {
      // A new organisation: PARIS is for a first purchase, which the demo organisation made long ago.
      await openAsNewAccount(page, '/orders/support/support_business');
      await page.getByTestId('subscribe-plan').click();
      const modal = page.getByRole('dialog', { name: 'Order Support: Business' });
      await modal.getByTestId('order-summary').waitFor();
      await modal.getByRole('textbox', { name: 'Promotion code' }).fill('paris');
      await modal.getByTestId('summary-discount').waitFor(POLL);
      await modal.getByRole('textbox', { name: 'Company name' }).fill(BILLING.companyName);
      await modal.getByRole('textbox', { name: 'Address', exact: true }).fill(BILLING.addressLine1);
      await modal.getByRole('textbox', { name: 'Postcode' }).fill(BILLING.postalCode);
      await modal.getByRole('textbox', { name: 'City' }).fill(BILLING.city);
      await modal.getByTestId('place-order-submit').click();

      await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname) && url.searchParams.get('checkout') === '1', POLL);
      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      const placed = await api<OrderAnswer>(page, 'GET', `/api/orders/${orderId}`);
      expect(placed).toMatchObject({ kind: 'support', status: 'pending', promotion: { code: 'PARIS', applied: true } });
      expect(placed.discountCents).toBeGreaterThan(0);

      const checkout = page.getByTestId('checkout');
      await checkout.getByTestId('test-mode-notice').getByText('Test mode — no real money moves').waitFor();
      expect(await checkout.getByTestId('test-cards').textContent()).toContain(SUCCESS_CARD);
      expect(await checkout.getByTestId('summary-charged-eur').textContent()).toBe(formatMoney(placed.totalCents / 100, 'EUR'));

      // The declined card: the reason, the order still awaits payment, and the form stays for a retry.
      await fillCard(checkout, DECLINED_CARD);
      await checkout.getByTestId('pay-button').click();
      await checkout.getByTestId('decline-reason').getByText('Your card was declined.').waitFor(POLL);
      expect(new URL(page.url()).pathname).toBe(`/order-status/${orderId}`);
      await page.getByTestId('timeline-reason').getByText('Your card was declined.').waitFor(POLL);
      expect((await api<OrderAnswer>(page, 'GET', `/api/orders/${orderId}`)).status).toBe('pending');

      await checkout.getByRole('textbox', { name: 'Card number' }).fill(SUCCESS_CARD);
      await checkout.getByTestId('pay-button').click();
      await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === orderId, POLL);
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor(POLL);

      const paid = await api<OrderAnswer>(page, 'GET', `/api/orders/${orderId}`);
      expect(paid.status).toBe('completed');
      const succeeded = paid.payments.filter((payment) => payment.status === 'succeeded');
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0]!.amountCents).toBe(paid.totalCents);
      expect(paid.payments.map((payment) => payment.status)).toEqual(['declined', 'succeeded']);
      const amount = page.getByTestId('payment-amount');
      expect(await amount.textContent()).toBe(formatMoney(paid.totalCents / 100, 'EUR'));
      expect(Number(await amount.getAttribute('data-cents'))).toBe(paid.totalCents);
      await page.getByTestId('payment-method').getByText(/ending in 4242/).waitFor();

      // What happens next: the support orders, where this one is completed.
      await page.getByTestId('next-orders-list').click();
      await page.waitForURL((url) => url.pathname === '/orders/support');
      const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
      await row.waitFor(POLL);
      expect(await row.getByTestId('order-status').getAttribute('data-status')).toBe('completed');
      expect(pageErrors).toEqual([]);
    },
  );

  it('keeps the card that paid when asked, and the next order pays with it without entering it again (issue 31)', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const first = await openNewOrder(page, 'support_business');
    const checkout = page.getByTestId('checkout');
    // Nothing saved yet: the card form, and the choice to keep the card.
    expect(await checkout.getByTestId('saved-methods').count()).toBe(0);
    await fillCard(checkout, SUCCESS_CARD);
    await checkout.getByRole('checkbox', { name: 'Save this card for later payments' }).check();
    await checkout.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === first.id, POLL);

    const second = await placeOrder(page, 'support_business');
    await page.goto(`/order-status/${second.id}?checkout=1`);
    const saved = checkout.getByRole('radio', { name: 'Visa ending in 4242 (default)' });
    await saved.waitFor(POLL);
    expect(await saved.isChecked()).toBe(true);
    // No card field to fill: the saved card pays.
    expect(await checkout.getByRole('textbox', { name: 'Card number' }).count()).toBe(0);
    await checkout.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === second.id, POLL);
    const paid = await api<OrderAnswer>(page, 'GET', `/api/orders/${second.id}`);
    expect(paid.status).toBe('completed');
    expect(paid.payments.map((payment) => payment.status)).toEqual(['succeeded']);
    await page.getByTestId('payment-method').getByText(/ending in 4242/).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('asks for the bank confirmation of a 3-D Secure card: cancelling it declines with the reason, completing it pays', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    const order = await openNewOrder(page, 'support_business');

    const checkout = page.getByTestId('checkout');
    await fillCard(checkout, AUTHENTICATION_CARD);
    await checkout.getByTestId('pay-button').click();
    const modal = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
    await modal.getByText('Test mode', { exact: true }).waitFor(POLL);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached', ...POLL });
    const reason = 'You cancelled the authentication, so the payment was not taken.';
    await checkout.getByTestId('decline-reason').getByText(reason).waitFor(POLL);
    await page.getByTestId('timeline-reason').getByText(reason).waitFor(POLL);
    expect((await api<OrderAnswer>(page, 'GET', `/api/orders/${order.id}`)).status).toBe('pending');

    await checkout.getByTestId('pay-button').click();
    await modal.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === order.id, POLL);
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor(POLL);
    const paid = await api<OrderAnswer>(page, 'GET', `/api/orders/${order.id}`);
    expect(paid.status).toBe('completed');
    expect(paid.payments.map((payment) => payment.status)).toEqual(['declined', 'succeeded']);
    expect(paid.events.map((event) => event.type)).toContain('authentication_required');
    expect(await page.getByTestId('payment-amount').textContent()).toBe(formatMoney(paid.totalCents / 100, 'EUR'));
    expect(pageErrors).toEqual([]);
  });

  it('charges a double-clicked Pay once', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    const order = await openNewOrder(page, 'support_enterprise', { checkout: false });
    await page.getByTestId('order-pay').click();
    await page.waitForURL((url) => url.searchParams.get('checkout') === '1');

    const checkout = page.getByTestId('checkout');
    await fillCard(checkout, SUCCESS_CARD);
    await checkout.getByTestId('pay-button').dblclick();
    await page.waitForURL((url) => url.pathname === '/payment-success', POLL);

    const paid = await readOrderInPage(page, order.id);
    expect(paid.status).toBe('completed');
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ status: 'succeeded', amountCents: paid.totalCents });
    expect(pageErrors).toEqual([]);
  });
});

describe('what each role sees', () => {
  it('shows a viewer the catalogue and the orders, without any Order, Pay or Cancel button', { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await openAsDemoAccount(page, 'vera', '/orders/products/mw_postgresql');
    await page.getByTestId('middleware-plan').first().waitFor();
    expect(await page.getByTestId('order-plan').count()).toBe(0);
    await page.getByTestId('order-not-allowed').waitFor();
    // The organisation's orders of it are listed all the same.
    await page.locator('[data-testid="order-row"][data-order-id="ord_demo_postgres"]').waitFor();

    await page.goto('/orders/support/support_enterprise');
    await page.getByTestId('order-not-allowed').waitFor();
    expect(await page.getByTestId('subscribe-plan').count()).toBe(0);

    await page.goto('/orders/products');
    await page.getByTestId('order-row').first().waitFor();

    // Acme's cluster order awaiting payment: its status, no way to pay or cancel it.
    await page.goto('/order-status/ord_demo_ml_pending?checkout=1');
    await page.getByTestId('order-timeline').waitFor();
    expect(await page.getByTestId('order-status').first().getAttribute('data-status')).toBe('pending');
    await page.getByTestId('checkout-not-allowed').waitFor();
    await page.getByTestId('order-awaits-payer').waitFor();
    expect(await page.getByTestId('order-pay').count()).toBe(0);
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('counts the orders of each kind and lists the cluster orders filtered, sorted and paginated by the server', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    await openAsDemoAccount(page, 'alice', '/orders');
    const counts = await api<{ total: number; byKind: Record<string, number> }>(page, 'GET', '/api/orders/counts');
    for (const kind of ['cluster', 'addon', 'middleware', 'support']) {
      await expect.poll(() => page.locator(`[data-testid="order-count"][data-kind="${kind}"]`).getByTestId('order-count-value').textContent(), POLL).toBe(String(counts.byKind[kind]));
    }
    await expect.poll(() => page.getByTestId('orders-table').getByTestId('order-row').count(), POLL).toBe(Math.min(5, counts.total));
    await page.locator('[data-testid="order-count"][data-kind="cluster"]').getByTestId('order-count-link').click();
    await page.waitForURL((url) => url.pathname === '/orders/clusters');

    // Two a page, from the address: as many pages as the server counts.
    await page.goto('/orders/clusters?pageSize=2');
    const all = await api<OrderPage>(page, 'GET', '/api/orders?kind=cluster&pageSize=2');
    expect(all.total).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.getByTestId('order-row').count(), POLL).toBe(2);
    const firstPage = await rowsOf(page);
    expect(firstPage.map((row) => row.id)).toEqual(all.items.map((item) => item.id));
    const pagination = page.getByTestId('orders-pagination');
    await pagination.getByRole('button', { name: String(all.pageCount), exact: true }).waitFor();
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('pageSize') === '2');
    await expect.poll(async () => (await rowsOf(page)).map((row) => row.id).join(), POLL).not.toBe(firstPage.map((row) => row.id).join());
    const second = await api<OrderPage>(page, 'GET', '/api/orders?kind=cluster&pageSize=2&page=2');
    expect((await rowsOf(page)).map((row) => row.id)).toEqual(second.items.map((item) => item.id));

    // A status filter goes back to the first page, and shows only that status.
    await choose(page, page, 'Status', 'Completed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'completed' && !url.searchParams.has('page'));
    const completed = await api<OrderPage>(page, 'GET', '/api/orders?kind=cluster&status=completed&pageSize=2');
    await expect.poll(async () => (await rowsOf(page)).map((row) => row.id).join(), POLL).toBe(completed.items.map((item) => item.id).join());
    expect((await rowsOf(page)).every((row) => row.status === 'completed')).toBe(true);
    expect(await page.getByTestId('orders-range').textContent()).toContain(`of ${completed.total}`);

    // Sorted by total, highest first: in every status, on a larger page.
    await choose(page, page, 'Status', 'All statuses');
    await choose(page, page, 'Rows per page', '10');
    await choose(page, page, 'Sort by', 'Total, highest first');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'total_desc' && !url.searchParams.has('pageSize'));
    const byTotal = await api<OrderPage>(page, 'GET', '/api/orders?kind=cluster&sort=total_desc&pageSize=10');
    await expect.poll(async () => (await rowsOf(page)).map((row) => row.id), POLL).toEqual(byTotal.items.map((item) => item.id));
    const totals = (await rowsOf(page)).map((row) => row.cents);
    expect(totals).toHaveLength(Math.min(10, all.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    // A search narrows the list on the server, and the address keeps it across a reload.
    await page.getByTestId('orders-search').fill('webshop');
    await page.waitForURL((url) => url.searchParams.get('q') === 'webshop', POLL);
    await expect.poll(async () => (await rowsOf(page)).map((row) => row.id), POLL).toEqual(['ord_demo_webshop']);
    await page.reload();
    await expect.poll(async () => (await rowsOf(page)).map((row) => row.id), POLL).toEqual(['ord_demo_webshop']);
    expect(await page.getByTestId('orders-search').inputValue()).toBe('webshop');
    expect(pageErrors).toEqual([]);
  });
});
