/**
 * What the orders tests share (modules/orders/*.test.ts): Globex ordering the Economy cluster of
 * the quotes tests, the sandbox's test cards, and a seeded database whose payments port counts the
 * charges.
 */
import { invoices, notifications, type Database } from '@kubemarket/db';
import type { inferRouterInputs } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { PaymentUnavailableError, sandboxPayments, type ChargeRequest, type PaymentsPort } from '../platform/payments';
import type { AppRouter } from '../root';
import { mailingTestbed, manualClock } from './callers';

export type CreateInput = inferRouterInputs<AppRouter>['orders']['create'];
export type ClusterLine = Extract<CreateInput['lines'][number], { kind: 'cluster' }>;
type QuoteLine = inferRouterInputs<AppRouter>['quotes']['create']['lines'][number];

export const NOW = Date.UTC(2026, 10, 23, 12);
export const GLOBEX_CLUSTER = 'clu_test_globex';
export const DAY_MS = 24 * 60 * 60_000;

/**
 * The Economy (Green) cluster the quotes tests price by hand (modules/quotes/router.test.ts):
 * subtotal 42 700, VAT 8 540, total 51 240 per month; with PARIS: discount 2 135, total 48 678.
 */
export const ECONOMY_QUOTE_LINE = {
  kind: 'cluster',
  tierId: 'tier_economy',
  regionId: 'fr-par-1',
  kubernetesVersion: '1.37',
  highAvailability: true,
  nodePools: [
    { name: 'system', flavorId: 'gp-2-8', count: 3 },
    { name: 'workers', flavorId: 'gp-4-16', count: 2, autoscale: { min: 2, max: 5 } },
  ],
  addonIds: ['addon_monitoring', 'addon_logging', 'addon_cert_manager'],
} as const satisfies QuoteLine;

/** That cluster (the same prices), named and placed for a customer in France, its workers labelled and tainted. */
export const CLUSTER = {
  ...ECONOMY_QUOTE_LINE,
  name: 'prod-eu',
  nodePools: [ECONOMY_QUOTE_LINE.nodePools[0], { ...ECONOMY_QUOTE_LINE.nodePools[1], labels: { tier: 'web' }, taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }] }],
} as const satisfies ClusterLine;

export const BILLING = {
  companyName: 'Globex Logistics',
  countryCode: 'FR',
  vatNumber: 'FR 40 303 265 045',
  addressLine1: '8 quai de la Loire',
  postalCode: '75019',
  city: 'Paris',
} as const;

export const card = (number: string) => ({ kind: 'card' as const, card: { number, expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Gabriel Roux' } });
export const SUCCEEDS = card('4242 4242 4242 4242');
export const DECLINED = card('4000 0000 0000 0002');
export const AUTHENTICATES = card('4000 0027 6000 3184');

let keys = 0;
export const newKey = (prefix = 'key') => `${prefix}-${(keys += 1).toString().padStart(8, '0')}`;

export function order(overrides: Partial<CreateInput> = {}): CreateInput {
  return { idempotencyKey: newKey('order'), lines: [CLUSTER], billing: BILLING, ...overrides };
}

/**
 * A seeded database whose payments port counts the charges it is asked for (the sandbox behind it),
 * signed in as gabriel (Globex's owner) and with the other accounts a call away.
 */
export async function ordersTestbed(options: { failCharges?: number } = {}) {
  const clock = manualClock(NOW);
  const sandbox = sandboxPayments({ clock });
  const charges: ChargeRequest[] = [];
  let failures = options.failCharges ?? 0;
  const payments: PaymentsPort = {
    ...sandbox,
    async charge(request) {
      charges.push(request);
      if (failures > 0) {
        failures -= 1;
        throw new PaymentUnavailableError();
      }
      return sandbox.charge(request);
    },
  };
  const testbed = await mailingTestbed(NOW, { clock, payments });
  const notificationsOf = (userId: string) => testbed.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp));
  return { ...testbed, charges, notificationsOf, gabriel: await testbed.as('gabriel') };
}

export const eventTypes = (detail: { events: Array<{ type: string }> }) => detail.events.map((event) => event.type);

/** An October invoice of €100 (no VAT) Globex has been issued and not paid yet: due on 15 November. */
export async function insertGlobexDueInvoice(db: Database, invoice: { id: string; number: string }) {
  await db.insert(invoices).values({
    ...invoice,
    organizationId: 'org_demo_globex',
    periodStart: Date.UTC(2026, 9, 1),
    periodEnd: Date.UTC(2026, 10, 1),
    status: 'due',
    billing: { companyName: 'Globex Logistics', billingId: 'KM-GLOBX1', vatNumber: null, addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris', countryCode: 'FR' },
    subtotalCents: 10_000,
    taxableCents: 10_000,
    vatRateBasisPoints: 0,
    taxCents: 0,
    totalCents: 10_000,
    issuedAt: Date.UTC(2026, 10, 1),
    dueAt: Date.UTC(2026, 10, 15),
    createdAt: Date.UTC(2026, 10, 1),
    updatedAt: Date.UTC(2026, 10, 1),
  });
}
