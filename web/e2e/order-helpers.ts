import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL } from './fixtures';

/** The API as the signed-in user of the page: its cookies, and the CSRF token GET /api/user answers. */
export async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const request = page.context().request;
  const token = (await request.get(`${BASE_URL}/api/user`)).headers()['x-csrf-token'];
  if (!token) throw new Error('No CSRF token from GET /api/user');
  const response = await request.fetch(`${BASE_URL}${path}`, { method, headers: { 'X-CSRF-Token': token, ...headers }, data: body });
  if (response.status() !== 200) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Picks an option of a Mantine Select found by its label in `scope`. */
export async function choose(page: Page, scope: Pick<Page, 'getByRole'>, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the test-mode card form of the checkout. */
export async function fillCard(checkout: Locator, number: string): Promise<void> {
  await checkout.getByRole('textbox', { name: 'Name on the card' }).fill('E2E Buyer');
  await checkout.getByRole('textbox', { name: 'Card number' }).fill(number);
  await checkout.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
  await checkout.getByRole('textbox', { name: 'Security code' }).fill('123');
}

/** The sandbox's success card, as the pay call takes it. */
const SUCCESS_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', holderName: 'E2E Buyer' };

export interface ClusterOrder {
  name: string;
  tierId: string;
  /** One pool of `count` nodes of this flavour, in Paris, Kubernetes 1.37. */
  flavorId: string;
  count: number;
  billing: { companyName: string; countryCode: string; addressLine1: string; postalCode: string; city: string };
}

/** Places a one-pool cluster order over REST as the page's signed-in member: it awaits payment. */
export async function placeClusterOrder(page: Page, order: ClusterOrder): Promise<string> {
  const placed = await api<{ id: string }>(
    page,
    'POST',
    '/api/orders',
    {
      lines: [
        {
          kind: 'cluster',
          name: order.name,
          tierId: order.tierId,
          regionId: 'fr-par-1',
          kubernetesVersion: '1.37',
          highAvailability: false,
          nodePools: [{ name: 'pool-1', flavorId: order.flavorId, count: order.count, autoscale: null }],
          addonIds: [],
        },
      ],
      cycle: 'monthly',
      billing: order.billing,
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return placed.id;
}

/** Orders a one-pool cluster over REST as the page's signed-in member and pays it with the success card. */
export async function orderAndPayCluster(page: Page, order: ClusterOrder): Promise<{ orderId: string; clusterId: string }> {
  const orderId = await placeClusterOrder(page, order);
  const paid = await api<{ result: string; order: { createdClusterId: string | null } }>(page, 'POST', `/api/orders/${orderId}/pay`, {
    paymentIdempotencyKey: crypto.randomUUID(),
    method: { kind: 'card', card: SUCCESS_CARD },
  });
  expect(paid.result).toBe('succeeded');
  expect(paid.order.createdClusterId).toMatch(/^clu_/);
  return { orderId, clusterId: paid.order.createdClusterId! };
}
