import { describe, expect, it } from 'vitest';
import { signInAsDemoAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { useBrowser } from './fixtures';
import { api, choose } from './order-helpers';

const POLL = { timeout: 20_000 } as const;

interface Instance {
  id: string;
  name: string;
  status: string;
  orderId: string;
  endpoint: { connectionString: string };
}

// A middleware is bought, used and deleted in the console (issue 31): Acme's owner orders a
// PostgreSQL in webshop-prod, pays with the card Acme keeps, watches its cluster's operator create
// it, reveals and changes its password, and deletes it by typing its name.
describe('a managed middleware, from order to deletion', () => {
  const browser = useBrowser();

  it('is ordered with where it runs, created with live progress, shows its connection string, rotates its password and is deleted', { timeout: 150_000 }, async () => {
    const { page } = browser;
    await page.route('https://open.er-api.com/**', (route) => route.abort('internetdisconnected'));
    await signInAsDemoAccount(page, 'alice');
    const name = `e2e-${Date.now().toString(36)}`;
    await page.goto('/orders/products/mw_postgresql');
    await rejectCookies(page);
    await page.getByRole('button', { name: 'Order PostgreSQL Starter' }).click();

    // Where it runs: a bad name is refused under its field, then a name and a cluster.
    const placement = page.getByRole('dialog', { name: 'Order PostgreSQL: Starter' });
    await placement.getByRole('textbox', { name: 'Name' }).fill('Orders DB');
    await choose(page, placement, 'Cluster', 'webshop-prod (Paris PAR1)');
    await placement.getByTestId('middleware-placement-next').click();
    await placement.getByText('The instance name uses lower-case letters, digits and hyphens, starts with a letter and does not end with a hyphen.').waitFor();
    await placement.getByRole('textbox', { name: 'Name' }).fill(name);
    await placement.getByTestId('middleware-placement-next').click();

    // The billing step with the server's quote, then the checkout with Acme's saved card.
    const modal = page.getByRole('dialog', { name: `Order PostgreSQL: Starter (${name})` });
    await modal.getByTestId('order-summary').waitFor(POLL);
    await modal.getByTestId('place-order-submit').click();
    await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname), POLL);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const checkout = page.getByTestId('checkout');
    await checkout.getByRole('radio', { name: /Visa ending in 4242/ }).waitFor(POLL);
    await checkout.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === '/payment-success', POLL);

    // Listed with the organisation's middlewares; its page follows the creation live.
    await page.goto('/orders/products');
    const row = page.getByTestId('middleware-instance-row').filter({ hasText: name });
    await row.waitFor(POLL);
    await row.getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/middlewares/mwi_'), POLL);
    const instanceId = new URL(page.url()).pathname.split('/').pop()!;
    expect((await api<Instance>(page, 'GET', `/api/middlewares/${instanceId}`)).orderId).toBe(orderId);
    await page.locator('[data-testid="middleware-status"][data-status="running"]').waitFor({ timeout: 60_000 });
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
    await page.locator('[data-testid="middleware-status"][data-status="deleted"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('middleware-cost').getByText(/before VAT/).waitFor();
    expect((await api<Instance>(page, 'GET', `/api/middlewares/${instanceId}`)).status).toBe('deleted');
    expect(browser.pageErrors).toEqual([]);
  });
});
