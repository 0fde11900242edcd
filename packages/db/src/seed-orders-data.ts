import { type BillingCycle } from '@kubemarket/shared';
import {
  type BillingDetails,
  type BillingProfile,
  type ClusterSettings,
  type VatCheck,
  type NewOrderEvent,
  type NewPayment,
  type OrderLineRecord,
  type OrderNodePool,
  type OrderStatus,
  type PaymentMethod,
} from './schema';
import {
  DATA_CENTER_SEED,
} from './seed-catalog';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export const ACME = 'org_demo_acme';
export const GLOBEX = 'org_demo_globex';
/** Orders confirmed by bank transfer are invoiced, due 30 days later (the API's INVOICE_DUE_DAYS). */
export const TRANSFER_DUE_DAYS = 30;

export const DEMO_ACME_BILLING: BillingDetails = {
  companyName: 'Acme Industries',
  billingId: 'KM-ACME01',
  vatNumber: 'FR40303265045',
  countryCode: 'FR',
  addressLine1: '12 rue de la Paix',
  addressLine2: null,
  postalCode: '75002',
  city: 'Paris',
};

export const DEMO_GLOBEX_BILLING: BillingDetails = {
  companyName: 'Globex Logistics',
  billingId: 'KM-GLOBX1',
  vatNumber: null,
  countryCode: 'FR',
  addressLine1: '8 quai de la Loire',
  addressLine2: null,
  postalCode: '75019',
  city: 'Paris',
};

/**
 * The demo organisations' billing profiles (issue 30): what their orders and invoices are taxed by.
 * Acme's VAT number was checked when it was given (the embedded check knows the demo companies).
 */
export function demoBillingProfiles(now: number): Record<string, { billingProfile: BillingProfile; vatCheck: VatCheck | null }> {
  const profileOf = ({ billingId: _billingId, vatCheck: _vatCheck, ...profile }: BillingDetails): BillingProfile => profile;
  return {
    [ACME]: {
      billingProfile: profileOf(DEMO_ACME_BILLING),
      vatCheck: { vatNumber: 'FR40303265045', valid: true, name: 'SA ACME INDUSTRIES', address: '12 RUE DE LA PAIX, 75002 PARIS', consultationNumber: 'LOCAL-DEMO-0001', checkedAt: now - 200 * DAY_MS, source: 'embedded' },
    },
    [GLOBEX]: { billingProfile: profileOf(DEMO_GLOBEX_BILLING), vatCheck: null },
  };
}

export function settings(regionId: string, overrides: Partial<ClusterSettings> = {}): ClusterSettings {
  return {
    zones: DATA_CENTER_SEED.find((region) => region.id === regionId)?.zones ?? [],
    cni: 'cilium',
    podCidr: '10.244.0.0/16',
    serviceCidr: '10.96.0.0/12',
    apiAllowList: [],
    maintenanceWindow: { day: 'sunday', startHour: 3 },
    autoUpgrade: true,
    ...overrides,
  };
}

type PaymentSeed = Omit<NewPayment, 'orderId' | 'organizationId' | 'idempotencyKey' | 'amountCents' | 'createdAt' | 'updatedAt' | 'succeededAt' | 'dueAt'> & {
  /** Minutes after the order was placed. */
  atMinutes: number;
  /** The whole order total unless given. */
  amountCents?: number;
};

export type EventSeed = Omit<NewOrderEvent, 'id' | 'orderId' | 'createdAt'> & { atMinutes: number };

export interface DemoOrder {
  id: string;
  userId: string;
  status: OrderStatus;
  cycle: BillingCycle;
  lines: OrderLineRecord[];
  summary: string;
  ageMs: number;
  paymentMethod: PaymentMethod | null;
  targetClusterId?: string;
  createdClusterId?: string;
  failureReason?: string;
  payments: PaymentSeed[];
  /** After 'placed' (added for every order), in order; paid events get the order total as their amount. */
  events: EventSeed[];
}

const visa4242 = { provider: 'sandbox' as const, status: 'succeeded' as const, cardBrand: 'visa', cardLast4: '4242' };

/** A card payment's two events: started, then the money received (the sandbox's Visa ending in 4242). */
function paidByVisa4242(paymentId: string, atMinutes: number): EventSeed[] {
  return [
    { type: 'payment_started', message: 'Payment by card started.', paymentId, atMinutes },
    { type: 'paid', message: 'Payment received by card (Visa ending in 4242).', paymentId, atMinutes },
  ];
}

/** A paid cluster order's provisioning: started at `startedAtMinutes`, the cluster running at `runningAtMinutes`. */
function clusterBuilt(name: string, clusterId: string, startedAtMinutes: number, runningAtMinutes: number): EventSeed[] {
  return [
    { type: 'provisioning_started', message: `Provisioning of the cluster ${name} started.`, data: { clusterId }, atMinutes: startedAtMinutes },
    { type: 'completed', message: `The cluster ${name} is running.`, data: { clusterId }, atMinutes: runningAtMinutes },
  ];
}

/** A node pool of an order's cluster line: fixed size, no labels or taints unless given. */
function pool(name: string, flavorId: string, count: number, extra: Partial<OrderNodePool> = {}): OrderNodePool {
  return { name, flavorId, count, autoscale: null, labels: {}, taints: [], ...extra };
}

type CardPaidOrder = Omit<DemoOrder, 'paymentMethod' | 'payments'> & {
  /** Who paid, when not the person who placed the order (the billing manager). */
  paidBy?: string;
  /** Minutes after the order was placed. */
  paidAtMinutes: number;
  /** How the payment differs from a succeeded one (a refund). */
  payment?: Partial<PaymentSeed>;
};

/**
 * An order paid at once with the sandbox's Visa ending in 4242: its payment `pay_demo_<key>`, and
 * the payment's two events before the order's own `events`.
 */
function paidByCard(key: string, { paidBy, paidAtMinutes, payment = {}, events, ...order }: CardPaidOrder): DemoOrder {
  const paymentId = `pay_demo_${key}`;
  return {
    ...order,
    paymentMethod: 'card',
    payments: [{ id: paymentId, userId: paidBy ?? order.userId, ...visa4242, providerPaymentId: `sbx_pi_ok_demo${key}`, atMinutes: paidAtMinutes, ...payment }],
    events: [...paidByVisa4242(paymentId, paidAtMinutes), ...events],
  };
}

/**
 * The demo customer's orders: each kind, in the states a customer meets (completed, awaiting
 * payment after a declined card, cancelled, failed), with the payments and timelines behind them.
 * The completed cluster orders created the seeded clusters. Prices are quoted by the pricing engine
 * from the seeded catalogue, as ordering would have quoted them.
 */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  paidByCard('webshop', {
    id: 'ord_demo_webshop',
    userId: 'usr_demo_alice',
    status: 'completed',
    cycle: 'monthly',
    lines: [
      {
        kind: 'cluster',
        name: 'webshop-prod',
        tierId: 'tier_standard',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.36.4',
        highAvailability: true,
        nodePools: [pool('default', 'gp-4-16', 3)],
        addonIds: ['addon_monitoring', 'addon_cert_manager'],
        settings: settings('fr-par-1', { apiAllowList: ['203.0.113.0/24'] }),
      },
    ],
    summary: 'Standard (Blue) cluster webshop-prod in fr-par-1',
    ageMs: 180 * DAY_MS,
    createdClusterId: 'clu_demo_webshop',
    paidAtMinutes: 2,
    events: clusterBuilt('webshop-prod', 'clu_demo_webshop', 2, 14),
  }),
  paidByCard('analytics', {
    id: 'ord_demo_analytics',
    userId: 'usr_demo_alice',
    status: 'completed',
    cycle: 'yearly',
    lines: [
      {
        kind: 'cluster',
        name: 'analytics-eu',
        tierId: 'tier_data',
        regionId: 'de-fra-1',
        // Upgraded to 1.36.4 since (seed-clusters.ts).
        kubernetesVersion: '1.35.8',
        highAvailability: true,
        nodePools: [pool('memory', 'm-8-64', 4, { labels: { workload: 'spark' } })],
        addonIds: ['addon_monitoring', 'addon_logging'],
        settings: settings('de-fra-1', { cni: 'calico', maintenanceWindow: { day: 'saturday', startHour: 2 } }),
      },
    ],
    summary: 'Data Analytics cluster analytics-eu in de-fra-1',
    ageMs: 95 * DAY_MS,
    createdClusterId: 'clu_demo_analytics',
    paidBy: 'usr_demo_bruno',
    paidAtMinutes: 30,
    events: clusterBuilt('analytics-eu', 'clu_demo_analytics', 30, 47),
  }),
  paidByCard('staging', {
    id: 'ord_demo_staging',
    userId: 'usr_demo_marc',
    status: 'completed',
    cycle: 'monthly',
    lines: [
      {
        kind: 'cluster',
        name: 'staging',
        tierId: 'tier_devtest',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.37.1',
        highAvailability: false,
        nodePools: [pool('default', 'gp-2-8', 2)],
        addonIds: [],
        settings: settings('fr-par-1', { zones: ['fr-par-1a'] }),
      },
    ],
    summary: 'Dev/Test (Orange) cluster staging in fr-par-1',
    ageMs: 21 * DAY_MS,
    createdClusterId: 'clu_demo_staging',
    // Marc placed it; paying is the billing manager's job.
    paidBy: 'usr_demo_bruno',
    paidAtMinutes: 95,
    events: clusterBuilt('staging', 'clu_demo_staging', 95, 104),
  }),
  paidByCard('support', {
    id: 'ord_demo_support',
    userId: 'usr_demo_alice',
    status: 'completed',
    cycle: 'monthly',
    lines: [{ kind: 'support', planId: 'support_business' }],
    summary: 'Support: Business',
    ageMs: 20 * DAY_MS,
    paidAtMinutes: 3,
    events: [{ type: 'completed', message: 'The Business support plan is active.', atMinutes: 3 }],
  }),
  paidByCard('backup', {
    id: 'ord_demo_backup',
    userId: 'usr_demo_alice',
    status: 'completed',
    cycle: 'monthly',
    lines: [
      {
        kind: 'addon',
        addonId: 'addon_backup',
        clusterId: 'clu_demo_webshop',
        clusterName: 'webshop-prod',
        clusterTierId: 'tier_standard',
        kubernetesVersion: '1.36.4',
        existingAddonIds: ['addon_monitoring', 'addon_cert_manager'],
      },
    ],
    summary: 'Velero backups add-on for webshop-prod',
    ageMs: 12 * DAY_MS,
    targetClusterId: 'clu_demo_webshop',
    paidAtMinutes: 1,
    events: [{ type: 'completed', message: 'The Velero backups add-on is installed on webshop-prod.', data: { clusterId: 'clu_demo_webshop' }, atMinutes: 4 }],
  }),
  paidByCard('postgres', {
    id: 'ord_demo_postgres',
    userId: 'usr_demo_alice',
    status: 'completed',
    cycle: 'yearly',
    // Runs in webshop-prod (issue 31): its page is seeded by seed-middlewares.ts.
    lines: [
      {
        kind: 'middleware',
        planId: 'mwp_postgresql_business',
        name: 'orders-db',
        clusterId: 'clu_demo_webshop',
        clusterName: 'webshop-prod',
        regionId: 'fr-par-1',
        version: '17',
        middlewareId: 'mw_postgresql',
        engine: 'postgresql',
      },
    ],
    summary: 'PostgreSQL: Business HA orders-db in webshop-prod',
    ageMs: 9 * DAY_MS,
    paidBy: 'usr_demo_bruno',
    paidAtMinutes: 6,
    events: [
      { type: 'provisioning_started', message: 'Creating orders-db in webshop-prod started.', atMinutes: 6 },
      { type: 'completed', message: 'PostgreSQL orders-db is running.', data: { clusterId: 'clu_demo_webshop', middlewareInstanceId: 'mwi_demo_acme_orders' }, atMinutes: 9 },
    ],
  }),
  paidByCard('batch', {
    id: 'ord_demo_batch_failed',
    userId: 'usr_demo_alice',
    status: 'failed',
    cycle: 'monthly',
    lines: [
      {
        kind: 'cluster',
        name: 'batch-waw',
        tierId: 'tier_economy',
        regionId: 'pl-waw-1',
        kubernetesVersion: '1.37.1',
        highAvailability: false,
        nodePools: [pool('batch', 'gp-2-8', 2, { autoscale: { min: 2, max: 4 }, taints: [{ key: 'batch', value: 'true', effect: 'NoSchedule' }] })],
        addonIds: [],
        settings: settings('pl-waw-1'),
      },
    ],
    summary: 'Economy (Green) cluster batch-waw in pl-waw-1',
    ageMs: 40 * DAY_MS,
    failureReason: 'Warsaw WAW1 was under maintenance, so the cluster could not be created. The payment was refunded.',
    paidAtMinutes: 5,
    // Refunded in full once the region's maintenance made the cluster impossible: the payment shows it.
    payment: { status: 'refunded', failureReason: 'Refunded in full: the cluster could not be created.' },
    events: [
      { type: 'provisioning_started', message: 'Provisioning of the cluster batch-waw started.', atMinutes: 5 },
      {
        type: 'failed',
        message: 'Provisioning failed.',
        reason: 'Warsaw WAW1 was under maintenance, so the cluster could not be created. The payment was refunded.',
        atMinutes: 31,
      },
    ],
  }),
  {
    id: 'ord_demo_valkey_cancelled',
    userId: 'usr_demo_marc',
    status: 'cancelled',
    cycle: 'monthly',
    lines: [{ kind: 'middleware', planId: 'mwp_valkey_medium' }],
    summary: 'Valkey: Cache M HA',
    ageMs: 30 * DAY_MS,
    paymentMethod: null,
    payments: [],
    events: [{ type: 'cancelled', message: 'Order cancelled by Marc Dubois.', atMinutes: 45 }],
  },
  {
    id: 'ord_demo_ml_pending',
    userId: 'usr_demo_marc',
    status: 'pending',
    cycle: 'monthly',
    lines: [
      {
        kind: 'cluster',
        name: 'ml-inference',
        tierId: 'tier_ai',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.37.1',
        highAvailability: true,
        nodePools: [
          pool('system', 'gp-4-16', 2),
          pool('gpu', 'gpu-l4-1', 1, { autoscale: { min: 1, max: 3 }, labels: { accelerator: 'nvidia-l4' }, taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] }),
        ],
        addonIds: ['addon_gpu_operator', 'addon_monitoring'],
        settings: settings('fr-par-1'),
      },
    ],
    summary: 'AI/ML (Violet) cluster ml-inference in fr-par-1',
    ageMs: 2 * DAY_MS,
    paymentMethod: null,
    payments: [
      {
        id: 'pay_demo_ml_declined',
        userId: 'usr_demo_bruno',
        provider: 'sandbox',
        providerPaymentId: 'sbx_pi_dcl_demomlinference',
        status: 'declined',
        declineCode: 'card_declined',
        failureReason: 'Your card was declined.',
        cardLast4: '0002',
        atMinutes: 50,
      },
    ],
    events: [
      { type: 'payment_started', message: 'Payment by card started.', paymentId: 'pay_demo_ml_declined', atMinutes: 50 },
      { type: 'payment_failed', message: 'The payment failed.', reason: 'Your card was declined.', paymentId: 'pay_demo_ml_declined', data: { declineCode: 'card_declined' }, atMinutes: 50 },
    ],
  },
];

type TransferConfirmedOrder = Pick<DemoOrder, 'id' | 'lines' | 'summary' | 'ageMs'> & {
  /** Minutes after the order was placed: invoiced and delivered at once. */
  atMinutes: number;
  /** The 'completed' event's message. */
  completed: string;
};

/** Gabriel's monthly order confirmed by bank transfer: invoiced and delivered, its transfer `pay_demo_<key>` awaited. */
function confirmedByTransfer(key: string, { atMinutes, completed, ...order }: TransferConfirmedOrder): DemoOrder {
  const paymentId = `pay_demo_${key}`;
  return {
    ...order,
    userId: 'usr_demo_gabriel',
    status: 'completed',
    cycle: 'monthly',
    paymentMethod: 'bank_transfer',
    payments: [{ id: paymentId, userId: 'usr_demo_gabriel', provider: 'bank_transfer', status: 'processing', atMinutes }],
    events: [
      { type: 'invoiced', message: '', paymentId, atMinutes },
      { type: 'completed', message: completed, atMinutes },
    ],
  };
}

/**
 * Globex (approved for invoicing) confirmed two orders by bank transfer: delivered, their
 * transfers awaited, one of them past its due date, for the staff organisation page to show and
 * record. Not part of `seed()`: the tests' seeded database keeps Globex without orders (its tests
 * place their own); `pnpm db:seed` (scripts/seed.ts), development and the browser tests add them.
 * Each 'invoiced' event gets its sentence and data (amount, due day) from the order's quote.
 */
export const DEMO_BANK_TRANSFER_ORDERS: readonly DemoOrder[] = [
  confirmedByTransfer('globex_support', {
    id: 'ord_demo_globex_support',
    lines: [{ kind: 'support', planId: 'support_business' }],
    summary: 'Support: Business',
    // Due 30 days after: 8 days overdue.
    ageMs: 38 * DAY_MS,
    atMinutes: 4,
    completed: 'The Business support plan is active.',
  }),
  confirmedByTransfer('globex_valkey', {
    id: 'ord_demo_globex_valkey',
    lines: [{ kind: 'middleware', planId: 'mwp_valkey_medium' }],
    summary: 'Valkey: Cache M HA',
    ageMs: 6 * DAY_MS,
    atMinutes: 2,
    completed: 'Valkey: Cache M HA is ready.',
  }),
];
