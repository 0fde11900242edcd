import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { it, OPERATION } from './fixtures';
import { api, choose, fillCard, orderAndPayCluster } from './order-helpers';

const POLL = { timeout: 20_000 } as const;
const BILLING = { companyName: 'E2E Middlewares SAS', countryCode: 'FR', addressLine1: '3 rue du Bac', postalCode: '75007', city: 'Paris' };

interface Instance {
  id: string;
  name: string;
  status: string;
  orderId: string;
  waitingFor: string | null;
}

// A middleware is bought, used and deleted in the console (issue 31): a new organisation orders a
// cluster, then a PostgreSQL in it while the cluster is still being built; the PostgreSQL waits
// for its cluster, the cluster's operator creates it as soon as the cluster runs, and the page
// follows it live; then its password is revealed and changed, and it is deleted by typing its name.
describe('a managed middleware, from order to deletion', () => {
  it('is ordered with where it runs, waits for its cluster, is created with live progress, shows its connection string, rotates its password and is deleted', { timeout: 180_000 }, async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    const stamp = Date.now().toString(36);
    const clusterName = `e2e-mw-${stamp}`;
    const { clusterId } = await orderAndPayCluster(page, { name: clusterName, tierId: 'tier_standard', flavorId: 'gp-4-16', count: 1, billing: BILLING });
    const name = `pg-${stamp}`;
    await page.goto('/orders/products/mw_postgresql');
    await rejectCookies(page);
    await page.getByRole('button', { name: 'Order PostgreSQL Starter' }).click();

    // Where it runs: a bad name is refused under its field, then a name and the new cluster.
    const placement = page.getByRole('dialog', { name: 'Order PostgreSQL: Starter' });
    await placement.getByRole('textbox', { name: 'Name' }).fill('Orders DB');
    await choose(page, placement, 'Cluster', `${clusterName} (Paris PAR1)`);
    await placement.getByTestId('middleware-placement-next').click();
    await placement.getByText('The instance name uses lower-case letters, digits and hyphens, starts with a letter and does not end with a hyphen.').waitFor();
    await placement.getByRole('textbox', { name: 'Name' }).fill(name);
    await placement.getByTestId('middleware-placement-next').click();

    // The billing step with the server's quote (the billing profile of the first order), then the checkout.
    const modal = page.getByRole('dialog', { name: `Order PostgreSQL: Starter (${name})` });
    await modal.getByTestId('order-summary').waitFor(POLL);
    await modal.getByTestId('place-order-submit').click();
    await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname), POLL);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const checkout = page.getByTestId('checkout');
    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === '/payment-success', POLL);

    // Listed with the organisation's middlewares; its page says what it waits for, if the
    // cluster is still being built, then follows the creation its operator starts.
    await page.goto('/orders/products');
    const row = page.getByTestId('middleware-instance-row').filter({ hasText: name });
    await row.waitFor(POLL);
    await row.getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/middlewares/mwi_'), POLL);
    const instanceId = new URL(page.url()).pathname.split('/').pop()!;
    const instance = await api<Instance>(page, 'GET', `/api/middlewares/${instanceId}`);
    expect(instance.orderId).toBe(orderId);
    if (instance.status === 'pending') expect(instance.waitingFor).toBe(`Waiting for ${clusterName} to finish provisioning; its creation starts as soon as that is done.`);
    await page.locator('[data-testid="middleware-status"][data-status="running"]').waitFor(OPERATION);
    expect((await api<{ status: string }>(page, 'GET', `/api/clusters/${clusterId}`)).status).toBe('running');
    await page.getByTestId('provisioning-progress').waitFor({ state: 'detached', ...POLL });

    // The connection string, masked until revealed; a new password replaces it.
    const connection = page.getByTestId('connection-string');
    expect(await connection.textContent()).toBe(`postgresql://app:••••••••@${name}-rw.middlewares.svc.cluster.local:5432/app`);
    await page.getByTestId('reveal-credentials').click();
    await expect.poll(() => connection.textContent(), POLL).toMatch(new RegExp(`^postgresql://app:[a-z0-9]{32}@${name}-rw\\.middlewares\\.svc\\.cluster\\.local:5432/app$`));
    const before = await connection.textContent();
    await page.getByTestId('rotate-password').click();
    await page.getByTestId('rotate-confirm').click();
    await expect.poll(() => connection.textContent(), POLL).not.toBe(before);
    const revealed = await api<{ connectionString: string }>(page, 'POST', `/api/middlewares/${instanceId}/credentials`);
    expect(await connection.textContent()).toBe(revealed.connectionString);

    // Deleted by typing its name; billing stops once it is gone.
    await page.getByTestId('delete-middleware').click();
    const confirm = page.getByTestId('delete-middleware-confirm');
    await page.getByTestId('delete-middleware-name').fill('orders');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-middleware-name').fill(name);
    await confirm.click();
    await page.locator('[data-testid="middleware-status"][data-status="deleted"]').waitFor(OPERATION);
    await page.getByTestId('middleware-cost').getByText(/before VAT/).waitFor();
    expect((await api<Instance>(page, 'GET', `/api/middlewares/${instanceId}`)).status).toBe('deleted');
    expect(pageErrors).toEqual([]);
  });
});
