import { formatEurCents, formatMoney } from '@kubemarket/shared';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { it, POLL } from './fixtures';
import {
  api,
  choose,
  configuratorStep,
  expectStep,
  fillBillingFields,
  fillCard,
  nextStep,
  type OrderAnswer,
  PARIS_BUSINESS,
  readOrderInPage,
  serverQuote,
  standardClusterQuote,
  waitForServerMatch,
} from './order-helpers';
import { KNOWN_RATES } from './rates';
import { FORWARD_SLIDE, recordViewTransitions } from './view-transitions';

const SUCCESS_CARD = '4242 4242 4242 4242';
/** What the server answers for PARIS once the organisation has made its first purchase (packages/shared/src/quote/promotion.ts). */
const FIRST_PURCHASE_ONLY = 'Promotion code PARIS: This code is only for an organisation’s first purchase.';

describe('from configurator to payment with PARIS', () => {
  it(
    'configures a two-pool cluster with an add-on, applies PARIS, pays the quoted amount with the success card, and a second order of the organisation no longer gets PARIS',
    { timeout: 180_000 },
    async ({ page, pageErrors }) => {
      const transitions = await recordViewTransitions(page);
      // A new, active organisation: it has bought nothing yet, so PARIS applies to its first purchase.
      await signInAsNewAccount(page);
      // The provisioning page's code is fetched once, as the link's intent preload has it by the
      // time it is pressed: the slide below then measures the transition, not the machine's disk.
      await page.goto('/cluster-provisioning');
      await page.getByTestId('page-title').waitFor();
      await page.goto('/configure-cluster');
      await rejectCookies(page);
      const name = `e2e-paris-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

      // 1–3. Standard tier, Paris, the default Kubernetes version.
      await configuratorStep(page).getByRole('heading', { level: 2, name: 'Choose a cluster tier' }).waitFor();
      await page.getByRole('radio', { name: 'Standard (Blue)' }).click();
      await page.getByTestId('estimate-total').waitFor();
      await nextStep(page);
      await expectStep(page, 'Region and zones', 2);
      expect(await page.getByRole('radio', { name: /Paris PAR1/ }).getAttribute('aria-checked')).toBe('true');
      await nextStep(page);
      await expectStep(page, 'Kubernetes version', 3);
      await nextStep(page);

      // 4. Two node pools: the baseline one, and two larger nodes.
      await expectStep(page, 'Node pools', 4);
      const pools = page.getByTestId('pool');
      expect(await pools.count()).toBe(1);
      await page.getByTestId('add-pool').click();
      const second = pools.nth(1);
      await second.getByRole('textbox', { name: 'Pool name' }).fill('batch');
      await choose(page, second, 'Node flavour', 'General purpose 8 vCPU, 32 GB');
      await second.getByRole('textbox', { name: 'Nodes', exact: true }).fill('2');
      await expect.poll(() => pools.count(), POLL).toBe(2);
      await nextStep(page);

      // 5. Networking: the defaults. 6. One add-on.
      await expectStep(page, 'Control plane and networking', 5);
      await nextStep(page);
      await expectStep(page, 'Add-ons', 6);
      await page.getByRole('checkbox', { name: 'Prometheus and Grafana' }).click();
      expect(await page.getByRole('checkbox', { name: 'Prometheus and Grafana' }).getAttribute('aria-checked')).toBe('true');
      await nextStep(page);

      // 7. Maintenance: the defaults. 8. Name, billing details and PARIS on the review.
      await expectStep(page, 'Maintenance and upgrades', 7);
      await nextStep(page);
      await expectStep(page, 'Name and review', 8);
      await page.getByTestId('cluster-name').fill(name);
      const billing = page.getByTestId('billing-fields');
      await fillBillingFields(page, billing, PARIS_BUSINESS);
      expect(await page.getByTestId('review-tier').textContent()).toBe('Standard (Blue)');
      expect(await page.getByTestId('review-addons').textContent()).toBe('Prometheus and Grafana');
      expect(await page.getByTestId('review-pools').getByRole('row').count()).toBe(3);

      const panel = page.getByTestId('price-panel');
      await panel.getByRole('textbox', { name: 'Promotion code' }).fill('paris');
      await panel.getByTestId('apply-promotion').click();
      await panel.locator('[data-testid="promotion-status"][data-applied="true"]').getByText(/applied: −€/).waitFor(POLL);
      await panel.getByTestId('estimate-discount').waitFor(POLL);
      await page.getByTestId('review-promotion').getByText('PARIS').waitFor();

      // The panel shows what POST /api/quotes answers for the same cluster, with PARIS, for this organisation.
      await waitForServerMatch(page);
      const quoted = await serverQuote(page, standardClusterQuote({ cluster: { addonIds: ['addon_monitoring'] }, promotionCode: 'PARIS' }));
      expect(quoted.promotion).toMatchObject({ code: 'PARIS', applied: true });
      expect(quoted.discount?.amountCents).toBeGreaterThan(0);
      expect(await panel.getByTestId('estimate-total').textContent()).toBe(formatEurCents(quoted.totalCents, 'EUR', KNOWN_RATES));
      expect(await panel.getByTestId('estimate-discount').textContent()).toContain(formatEurCents(quoted.discount!.amountCents, 'EUR', KNOWN_RATES));

      // Continue to checkout: the order stores the quote, PARIS and its discount.
      await page.getByTestId('continue-to-checkout').click();
      await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname) && url.searchParams.get('checkout') === '1', { timeout: 30_000 });
      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      const placed = await api<OrderAnswer>(page, 'GET', `/api/orders/${orderId}`);
      expect(placed).toMatchObject({ kind: 'cluster', status: 'pending', promotion: { code: 'PARIS', applied: true } });
      expect(placed.discountCents).toBe(quoted.discount!.amountCents);
      expect(placed.discountCents).toBeGreaterThan(0);
      expect(placed.subtotalCents).toBe(quoted.subtotalCents);
      expect(placed.totalCents).toBe(quoted.totalCents);

      // Pay with the sandbox success card.
      const checkout = page.getByTestId('checkout');
      await checkout.getByTestId('test-mode-notice').waitFor(POLL);
      expect(await checkout.getByTestId('summary-charged-eur').textContent()).toBe(formatMoney(quoted.totalCents / 100, 'EUR'));
      await fillCard(checkout, SUCCESS_CARD);
      await checkout.getByTestId('pay-button').click();
      await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === orderId, POLL);
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor(POLL);

      // The amount charged is the quote: the stored total, the succeeded payment, and what the page shows.
      const paid = await readOrderInPage(page, orderId);
      expect(paid.totalCents).toBe(quoted.totalCents);
      expect(paid.payments.map((payment) => payment.status)).toEqual(['succeeded']);
      expect(paid.payments[0]!.amountCents).toBe(quoted.totalCents);
      expect(['paid', 'provisioning', 'completed']).toContain(paid.status);
      const amount = page.getByTestId('payment-amount');
      expect(Number(await amount.getAttribute('data-cents'))).toBe(quoted.totalCents);
      expect(await amount.textContent()).toBe(formatMoney(quoted.totalCents / 100, 'EUR'));
      await page.getByTestId('payment-method').getByText(/ending in 4242/).waitFor();
      // Its invoice was issued with the payment, paid: the VAT on it is exactly the VAT charged (issue 30).
      expect(paid.invoice).toMatchObject({ status: 'paid', totalCents: quoted.totalCents, receivedCents: quoted.totalCents });
      const invoice = await api<{ number: string; taxCents: number; totalCents: number; orderId: string }>(page, 'GET', `/api/billing/invoices/${paid.invoice!.id}`);
      expect(invoice).toMatchObject({ number: paid.invoice!.number, orderId, taxCents: paid.taxCents, totalCents: quoted.totalCents });
      expect(invoice.taxCents).toBeGreaterThan(0);

      // After payment, watching the cluster being built is the forward slide (docs/product/screens.md#page-transitions), and back is its reverse.
      expect(await transitions()).toEqual([]);
      await page.getByTestId('watch-provisioning').click();
      await expect.poll(async () => (await transitions()).some((transition) => transition.animations || transition.skipped), POLL).toBe(true);
      expect((await transitions())[0]).toEqual(FORWARD_SLIDE);
      await expect.poll(() => page.getByTestId('page-title').textContent(), POLL).toBe('Cluster Provisioning');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor(POLL);
      expect((await transitions()).map((transition) => transition.types)).toEqual([['configuration-slide-forward'], ['configuration-slide-backward']]);

      // A second order of the same organisation: PARIS is refused, with the server's reason, before and on placing it.
      await page.goto('/orders/products/mw_postgresql');
      await page.getByRole('button', { name: 'Order PostgreSQL Essential' }).click();
      // It runs in the cluster just bought (issue 31): named, placed, then billed.
      const placement = page.getByRole('dialog', { name: 'Order PostgreSQL: Essential' });
      await placement.getByRole('textbox', { name: 'Name' }).fill('orders-db');
      await placement.getByRole('combobox', { name: 'Cluster', exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
      await placement.getByTestId('middleware-placement-next').click();
      const modal = page.getByRole('dialog', { name: 'Order PostgreSQL: Essential (orders-db)' });
      await modal.getByTestId('order-summary').waitFor(POLL);
      const promotion = modal.getByRole('textbox', { name: 'Promotion code' });
      await promotion.fill('PARIS');
      await modal.getByText(FIRST_PURCHASE_ONLY).waitFor(POLL);
      await expect.poll(() => promotion.getAttribute('aria-invalid'), POLL).toBe('true');
      expect(await modal.getByTestId('summary-discount').count()).toBe(0);
      // The first order set the billing profile: its country and VAT number tax this order, shown, not chosen (issue 30).
      const country = modal.getByRole('combobox', { name: 'Country', exact: true });
      expect(await country.isDisabled()).toBe(true);
      expect(await country.inputValue()).toBe('France (FR)');
      expect(await modal.getByRole('textbox', { name: 'VAT number', exact: true }).inputValue()).toBe('FR40303265045');
      await modal.getByText('From your billing profile, which decides the VAT of every order (Billing → Billing profile).').first().waitFor(POLL);
      for (const [label, value] of [
        ['Company name', PARIS_BUSINESS.companyName],
        ['Address', PARIS_BUSINESS.addressLine1],
        ['Postcode', PARIS_BUSINESS.postalCode],
        ['City', PARIS_BUSINESS.city],
      ] as const) {
        await modal.getByRole('textbox', { name: label, exact: true }).fill(value);
      }
      await modal.getByTestId('place-order-submit').click();
      await modal.getByText(FIRST_PURCHASE_ONLY).waitFor(POLL);
      expect(new URL(page.url()).pathname).toBe('/orders/products/mw_postgresql');

      // The API says the same to a script, and no second order was placed.
      const refused = await page.evaluate(async (code) => {
        const response = await fetch('/api/quotes', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': (await fetch('/api/user', { credentials: 'include' })).headers.get('x-csrf-token') ?? '' },
          body: JSON.stringify({ lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter' }], cycle: 'monthly', promotionCode: code }),
        });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      }, 'PARIS');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(FIRST_PURCHASE_ONLY);
      const orders = await api<{ total: number; items: { id: string }[] }>(page, 'GET', '/api/orders');
      expect(orders.items.map((item) => item.id)).toEqual([orderId]);
      expect(pageErrors).toEqual([]);
    },
  );
});
