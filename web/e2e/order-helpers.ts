import type { Locator, Page } from 'playwright-core';
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
