import type { ClusterLineInput, NodePoolInput } from '@kubemarket/shared';
import { clusterLine } from '@kubemarket/shared/testing';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openAsNewAccount, signInAsNewAccount } from './accounts';
import { BASE_URL, POLL } from './fixtures';

/**
 * The API as the signed-in user of the page: its cookies, and the CSRF token GET /api/user answers.
 * A success is 200, or 201 for a call that creates something (ADR 34); anything else throws.
 */
export async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const request = page.context().request;
  const user = await request.get(`${BASE_URL}/api/user`);
  const token = user.headers()['x-csrf-token'];
  if (!token) throw new Error(`No CSRF token from GET /api/user (${user.status()}: ${(await user.text()).slice(0, 200)})`);
  const response = await request.fetch(`${BASE_URL}${path}`, { method, headers: { 'X-CSRF-Token': token, ...headers }, data: body });
  if (response.status() !== 200 && response.status() !== 201) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A name no other test run has used: `prefix`, the time and a random suffix (a cluster's, say). */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Picks an option of a Mantine Select found by its label in `scope`. */
export async function choose(page: Page, scope: Pick<Page, 'getByRole'>, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The configurator's step on screen. */
export function configuratorStep(page: Page): Locator {
  return page.getByTestId('configurator-step');
}

/** The configurator shows this step, and (when the step changed on the page) moved the focus to its heading. */
export async function expectStep(page: Page, title: string, number: number, { focused = true } = {}): Promise<void> {
  await configuratorStep(page).getByRole('heading', { level: 2, name: title }).waitFor();
  await page.waitForURL((url) => url.searchParams.get('step') === String(number));
  if (focused) await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('configurator-step-title');
}

/** The configurator's "Next". */
export async function nextStep(page: Page): Promise<void> {
  await page.getByTestId('step-next').click();
}

/** A French business's billing details, as the order forms take them (`country`) and as the API does (`countryCode`). */
export const PARIS_BUSINESS = {
  companyName: 'E2E Paris SAS',
  country: 'France (FR)',
  countryCode: 'FR',
  vatNumber: 'FR40303265045',
  addressLine1: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
} as const;

export interface BillingDetails {
  companyName: string;
  /** As the Country select lists it, e.g. `France (FR)`. */
  country: string;
  vatNumber: string;
  addressLine1: string;
  postalCode: string;
  city: string;
}

/** Fills the billing details of an order form (the configurator's review, an order modal). */
export async function fillBillingFields(page: Page, billing: Locator, details: BillingDetails): Promise<void> {
  await billing.getByRole('textbox', { name: 'Company name' }).fill(details.companyName);
  await choose(page, billing, 'Country', details.country);
  await billing.getByRole('textbox', { name: 'VAT number' }).fill(details.vatNumber);
  await billing.getByRole('textbox', { name: 'Address', exact: true }).fill(details.addressLine1);
  await billing.getByRole('textbox', { name: 'Postcode' }).fill(details.postalCode);
  await billing.getByRole('textbox', { name: 'City' }).fill(details.city);
}

/** What POST /api/quotes answers, as the e2e tests read it. */
export interface Quote {
  subtotalCents: number;
  totalCents: number;
  discount: { code: string; amountCents: number } | null;
  promotion: { code: string; applied: boolean } | null;
}

type QuoteBody = { lines: unknown[]; cycle: 'monthly' | 'yearly'; promotionCode: string | null; customer: { countryCode: string; vatNumber: string | null; isBusiness: boolean } };

interface StandardClusterQuote extends Partial<QuoteBody> {
  /** Changes to the cluster line. */
  cluster?: Partial<Omit<ClusterLineInput, 'kind'>>;
  /** Changes to the second pool. */
  batch?: Partial<NodePoolInput>;
  /** Lines quoted after the cluster's. */
  moreLines?: unknown[];
}

/**
 * The body of POST /api/quotes for the cluster the browser tests configure: a Standard cluster in
 * Paris (`clusterLine`) with a second pool `batch` of two 8 vCPU/32 GB nodes, monthly, for a French
 * business without a promotion. A test names what its configuration changes.
 */
export function standardClusterQuote({ cluster = {}, batch = {}, moreLines = [], ...body }: StandardClusterQuote = {}): QuoteBody {
  const line = clusterLine({
    nodePools: [
      { name: 'pool-1', flavorId: 'gp-4-16', count: 3, autoscale: null },
      { name: 'batch', flavorId: 'gp-8-32', count: 2, autoscale: null, ...batch },
    ],
    ...cluster,
  });
  return { lines: [line, ...moreLines], cycle: 'monthly', promotionCode: null, customer: { countryCode: PARIS_BUSINESS.countryCode, vatNumber: PARIS_BUSINESS.vatNumber, isBusiness: true }, ...body };
}

/** The price panel says its total is what POST /api/quotes answers for the same configuration. */
export async function waitForServerMatch(page: Page): Promise<void> {
  await page.locator('[data-testid="server-quote-status"][data-status="matches"]').waitFor(POLL);
}

/** POST /api/quotes as the signed-in user of the page (same organisation, hence the same promotion rules). */
export function serverQuote(page: Page, body: unknown): Promise<Quote> {
  return api<Quote>(page, 'POST', '/api/quotes', body);
}

/** Signed in as a new customer, on /price-estimator with one cluster of the tier in the estimate. */
export async function openEstimateWithCluster(page: Page, tier: string): Promise<void> {
  await openAsNewAccount(page, '/price-estimator');
  await choose(page, page, 'Start with a cluster of tier', tier);
  await page.getByRole('button', { name: 'Add cluster' }).click();
}

/** Fills the test-mode card form of the checkout. */
export async function fillCard(checkout: Locator, number: string): Promise<void> {
  await checkout.getByRole('textbox', { name: 'Name on the card' }).fill('E2E Buyer');
  await checkout.getByRole('textbox', { name: 'Card number' }).fill(number);
  await checkout.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
  await checkout.getByRole('textbox', { name: 'Security code' }).fill('123');
}

/** An order as GET /api/orders/:id answers it, in what the browser tests read of it. */
export interface OrderAnswer {
  id: string;
  kind: string;
  status: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  promotion: { code: string; applied: boolean } | null;
  payments: { id: string; status: string; amountCents: number; failureReason: string | null }[];
  events: { type: string; reason: string | null }[];
  invoice: { id: string; number: string; status: string; totalCents: number; receivedCents: number } | null;
  createdClusterId: string | null;
}

/** The order as the page itself reads it (its own fetch, with its cookies), e.g. once a payment page has loaded. */
export function readOrderInPage(page: Page, orderId: string): Promise<OrderAnswer> {
  return page.evaluate(async (id) => (await fetch(`/api/orders/${id}`, { credentials: 'include' })).json() as Promise<OrderAnswer>, orderId);
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
          ...clusterLine({ tierId: order.tierId, highAvailability: false, nodePools: [{ name: 'pool-1', flavorId: order.flavorId, count: order.count, autoscale: null }] }),
          name: order.name,
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

/**
 * Signs in as a new organisation's owner, who orders and pays a one-pool cluster named `prefix` and
 * a suffix no other run has used: a test about a cluster of its own, out of the seeded
 * organisations' counts that other tests read.
 */
export async function newAccountWithPaidCluster(page: Page, prefix: string, order: Omit<ClusterOrder, 'name'>): Promise<{ name: string; orderId: string; clusterId: string }> {
  await signInAsNewAccount(page);
  const name = uniqueName(prefix);
  return { name, ...(await orderAndPayCluster(page, { name, ...order })) };
}
