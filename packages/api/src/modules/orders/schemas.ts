import {
  CNI_PLUGINS,
  ORDER_EVENT_TYPES,
  ORDER_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  TAINT_EFFECTS,
  WEEKDAYS,
} from '@kubemarket/db';
import { BILLING_CYCLES } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { MAX_NODE_POOLS, MAX_QUOTE_LINES, orderLineSchema, quoteInputSchema, quoteSchema } from '../quotes/schemas';

/**
 * Orders (POST /api/orders and the rest): the lines are those of POST /api/quotes, except that a
 * cluster line also names the cluster and says how to build it, and an add-on line names a
 * cluster of the organisation instead of describing one.
 */

const [quoteClusterLine, quoteMiddlewareLine, , quoteSupportLine] = orderLineSchema.options;
const quoteNodePool = quoteClusterLine.shape.nodePools.element;
const quoteCustomer = quoteInputSchema.shape.customer.unwrap();

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is at most ${max} characters.`);

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} is at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

// ---------------------------------------------------------------------------------------------
// Names, labels and networks Kubernetes accepts

const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const MAX_NAME = 40;

const resourceName = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(MAX_NAME, `${what} is at most ${MAX_NAME} characters.`)
    .regex(DNS_LABEL, `${what} uses lower-case letters, digits and hyphens, starts with a letter and does not end with a hyphen.`);

const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const RESERVED_PREFIXES = /(^|\.)(kubernetes\.io|k8s\.io)$/;

/** A label or taint key: an optional DNS prefix and a name, outside the prefixes Kubernetes reserves. */
function labelKeyProblem(key: string): string | null {
  const slash = key.lastIndexOf('/');
  const prefix = slash === -1 ? null : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (!LABEL_NAME.test(name)) return `"${key}" is not a valid key: at most 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.`;
  if (prefix !== null && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) return `"${key}" has a prefix that is not a DNS name.`;
  if (prefix !== null && RESERVED_PREFIXES.test(prefix)) return `"${key}" uses a prefix Kubernetes reserves for itself.`;
  return null;
}

export const labelKeySchema = z
  .string({ error: 'Keys are text.' })
  .trim()
  .min(1, 'Keys cannot be empty.')
  .max(317, 'Keys are at most 317 characters.')
  .superRefine((key, context) => {
    const problem = labelKeyProblem(key);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const labelValueSchema = z
  .string({ error: 'Values are text.' })
  .trim()
  .refine((value) => value === '' || LABEL_NAME.test(value), 'Values are at most 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.');

const MAX_LABELS = 20;
const MAX_TAINTS = 10;

// Keys are checked here rather than by the record's key schema, whose issue would not say what is wrong.
const labelsSchema = z
  .record(z.string(), labelValueSchema, { error: 'labels must map keys to values.' })
  .superRefine((labels, context) => {
    const keys = Object.keys(labels);
    if (keys.length > MAX_LABELS) context.addIssue({ code: 'custom', message: `A node pool has at most ${MAX_LABELS} labels.` });
    for (const key of keys) {
      const problem = key.length > 317 ? `"${key.slice(0, 40)}…" is too long for a key.` : labelKeyProblem(key);
      if (problem) context.addIssue({ code: 'custom', path: [key], message: problem });
    }
  })
  .default({});

const taintSchema = z.object({
  key: labelKeySchema,
  value: labelValueSchema.default(''),
  effect: z.enum(TAINT_EFFECTS, { error: `A taint's effect is ${TAINT_EFFECTS.join(', ')}.` }),
});

const orderNodePool = quoteNodePool.extend({
  name: resourceName('A node pool name'),
  labels: labelsSchema,
  taints: z.array(taintSchema, { error: 'taints must be a list.' }).max(MAX_TAINTS, `A node pool has at most ${MAX_TAINTS} taints.`).default([]),
});

interface Ipv4Range {
  first: number;
  last: number;
  prefix: number;
}

/** "10.244.0.0/16" as a range of 32-bit addresses; z.cidrv4 has checked the syntax. */
export function ipv4Range(cidr: string): Ipv4Range {
  const [address = '', bits = '0'] = cidr.split('/');
  const value = address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  const prefix = Number(bits);
  const size = 2 ** (32 - prefix);
  const first = value - (value % size);
  return { first, last: first + size - 1, prefix };
}

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map(ipv4Range);

function isPrivate(range: Ipv4Range): boolean {
  return PRIVATE_RANGES.some((block) => range.first >= block.first && range.last <= block.last);
}

export function overlaps(a: Ipv4Range, b: Ipv4Range): boolean {
  return a.first <= b.last && b.first <= a.last;
}

const clusterNetwork = (what: string, smallest: number, largest: number, fallback: string) =>
  z
    .cidrv4({ error: `${what} is an IPv4 network in CIDR notation, e.g. ${fallback}.` })
    .superRefine((cidr, context) => {
      const range = ipv4Range(cidr);
      const [address] = cidr.split('/');
      const network = [24, 16, 8, 0].map((shift) => Math.floor(range.first / 2 ** shift) % 256).join('.');
      if (address !== network) context.addIssue({ code: 'custom', message: `${cidr} is not the start of its network; write ${network}/${range.prefix}.` });
      else if (!isPrivate(range)) context.addIssue({ code: 'custom', message: `${what} must be a private range (inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16).` });
      else if (range.prefix < smallest || range.prefix > largest) context.addIssue({ code: 'custom', message: `${what} is a /${smallest} to /${largest} network.` });
    })
    .default(fallback);

const MAX_ALLOW_LIST = 20;

const networkingSchema = z
  .object({
    cni: z.enum(CNI_PLUGINS, { error: 'The network plugin is cilium or calico.' }).default('cilium'),
    podCidr: clusterNetwork('The pod network', 8, 22, '10.244.0.0/16'),
    serviceCidr: clusterNetwork('The service network', 12, 24, '10.96.0.0/12'),
    apiAllowList: z
      .array(z.union([z.cidrv4(), z.cidrv6()], { error: 'Each allowed source is an IPv4 or IPv6 network in CIDR notation, e.g. 203.0.113.0/24.' }), {
        error: 'apiAllowList must be a list of networks.',
      })
      .max(MAX_ALLOW_LIST, `The API server allow-list has at most ${MAX_ALLOW_LIST} networks.`)
      .default([])
      .describe('Networks that may reach the API server; empty: anywhere.'),
  })
  .superRefine((network, context) => {
    if (typeof network.podCidr !== 'string' || typeof network.serviceCidr !== 'string') return;
    if (!/^[\d.]+\/\d+$/.test(network.podCidr) || !/^[\d.]+\/\d+$/.test(network.serviceCidr)) return;
    if (overlaps(ipv4Range(network.podCidr), ipv4Range(network.serviceCidr))) {
      context.addIssue({ code: 'custom', path: ['serviceCidr'], message: `The service network ${network.serviceCidr} overlaps the pod network ${network.podCidr}; choose ranges that do not overlap.` });
    }
  });

const maintenanceSchema = z.object({
  day: z.enum(WEEKDAYS, { error: `The maintenance day is one of ${WEEKDAYS.join(', ')}.` }).default('sunday'),
  startHour: z
    .number({ error: 'The maintenance start hour must be a number.' })
    .int('The maintenance start hour is a whole hour.')
    .min(0, 'The maintenance start hour is from 0 to 23 (UTC).')
    .max(23, 'The maintenance start hour is from 0 to 23 (UTC).')
    .default(3)
    .describe('UTC hour the four-hour window starts.'),
  autoUpgrade: z.boolean({ error: 'autoUpgrade must be true or false.' }).default(true).describe('Apply new Kubernetes patch releases in the window.'),
});

export const clusterOrderLineSchema = quoteClusterLine.extend({
  name: resourceName('The cluster name'),
  nodePools: z
    .array(orderNodePool, { error: 'nodePools must be a list of node pools.' })
    .min(1, 'A cluster needs at least one node pool.')
    .max(MAX_NODE_POOLS, `A cluster has at most ${MAX_NODE_POOLS} node pools.`)
    .superRefine((pools, context) => {
      const seen = new Set<string>();
      pools.forEach((pool, index) => {
        if (typeof pool?.name !== 'string') return;
        if (seen.has(pool.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `Two node pools are named "${pool.name}"; give each its own name.` });
        seen.add(pool.name);
      });
    }),
  zones: z
    .array(z.string({ error: 'Zones are text.' }).trim().min(1, 'A zone cannot be empty.').max(32, 'Zone names are at most 32 characters.'), { error: 'zones must be a list.' })
    .max(3, 'A cluster spans at most 3 zones.')
    .default([])
    .describe("Zones of the region to spread the nodes over; empty: every zone of the region."),
  networking: networkingSchema.prefault({}).describe('CNI, pod and service networks, API server allow-list.'),
  maintenance: maintenanceSchema.prefault({}).describe('Weekly maintenance window and automatic upgrades.'),
});

const addonOrderLine = z.object({
  kind: z.literal('addon'),
  addonId: text('The add-on', 64).describe('The add-on to install.'),
  clusterId: idParam('Cluster').describe("A cluster of your organisation; its tier, version and add-ons are read from it."),
});

export const orderLineInputSchema = z.discriminatedUnion('kind', [clusterOrderLineSchema, quoteMiddlewareLine, addonOrderLine, quoteSupportLine], {
  error: `Each line needs a kind: ${ORDER_KINDS.join(', ')}.`,
});

export type OrderLineInput = z.output<typeof orderLineInputSchema>;

// ---------------------------------------------------------------------------------------------
// Billing and checkout

/** Visible ASCII, as HTTP header values are; long enough to be unique in practice. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

export const idempotencyKeySchema = (what: string) =>
  z
    .string({ error: `${what} is required: a unique string per attempt, e.g. a UUID.` })
    .trim()
    .regex(IDEMPOTENCY_KEY, `${what} is 8 to 128 visible ASCII characters without spaces, e.g. a UUID.`);

export const billingInputSchema = z
  .object({
    companyName: text('The company name', 200),
    countryCode: quoteCustomer.shape.countryCode,
    vatNumber: quoteCustomer.shape.vatNumber,
    addressLine1: text('The address', 200),
    addressLine2: optionalText('The second address line', 200),
    postalCode: z
      .string({ error: 'The postcode is required.' })
      .trim()
      .min(1, 'The postcode is required.')
      .max(16, 'The postcode is at most 16 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'The postcode uses letters, digits, spaces and hyphens.'),
    city: text('The city', 100),
  })
  .superRefine((billing, context) => {
    // The VAT number's prefix must match the country, as quotes check it (format issues are
    // already reported by the field itself).
    if (!quoteCustomer.shape.vatNumber.safeParse(billing.vatNumber).success) return;
    const checked = quoteCustomer.safeParse({ countryCode: billing.countryCode, vatNumber: billing.vatNumber });
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      if (issue.path[0] === 'vatNumber') context.addIssue({ code: 'custom', path: ['vatNumber'], message: issue.message });
    }
  });

export const createOrderInputSchema = z.object({
  idempotencyKey: idempotencyKeySchema('The Idempotency-Key').describe(
    'REST: send it as the Idempotency-Key header. The same key with the same order answers the order already placed; with another order, 409.',
  ),
  lines: z
    .array(orderLineInputSchema, { error: 'lines must be a list of order lines.' })
    .min(1, 'Add at least one line to order.')
    .max(MAX_QUOTE_LINES, `An order has at most ${MAX_QUOTE_LINES} lines.`),
  cycle: quoteInputSchema.shape.cycle,
  promotionCode: quoteInputSchema.shape.promotionCode,
  billing: billingInputSchema.describe('Who is billed; the VAT follows the country and VAT number.'),
});

export type CreateOrderInput = z.output<typeof createOrderInputSchema>;

const cardSchema = z.object({
  number: z.string({ error: 'The card number is required.' }).trim().min(1, 'The card number is required.').max(32, 'The card number is too long.'),
  expMonth: z.number({ error: 'The expiry month must be a number.' }).int('The expiry month is a whole number.'),
  expYear: z.number({ error: 'The expiry year must be a number.' }).int('The expiry year is a whole number.'),
  cvc: z.string({ error: 'The security code is required.' }).trim().max(8, 'The security code is too long.'),
  holderName: z.string({ error: 'The name on the card is required.' }).trim().max(100, 'The name on the card is at most 100 characters.'),
});

export const paymentMethodInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('card'), card: cardSchema }).describe('Test mode (the payments sandbox): a test card, e.g. 4242 4242 4242 4242.'),
    z
      .object({
        kind: z.literal('stripe'),
        paymentMethodId: z.string({ error: 'paymentMethodId must be text.' }).trim().max(255, 'paymentMethodId is too long.').optional(),
      })
      .describe('Stripe: a PaymentMethod created with Stripe.js, or none to confirm in the browser with the client secret.'),
    z.object({ kind: z.literal('bank_transfer') }).describe('Against an invoice due in 30 days; for organisations our billing team approved.'),
  ],
  { error: 'The payment method kind is card, stripe or bank_transfer.' },
);

export type PaymentMethodChoice = z.output<typeof paymentMethodInputSchema>;

export const payOrderInputSchema = z.object({
  id: idParam('Order'),
  paymentIdempotencyKey: idempotencyKeySchema('The payment key').describe(
    'One key per payment attempt: a repeated or concurrent request with it answers the same payment and never charges twice.',
  ),
  method: paymentMethodInputSchema,
});

export const completeAuthenticationInputSchema = z.object({
  id: idParam('Order'),
  paymentId: idParam('Payment'),
  approved: z.boolean({ error: 'approved must be true or false.' }).default(true).describe('Test mode: whether the customer completed (true) or cancelled (false) the step.'),
});

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

export const listOrdersInputSchema = z
  .object({
    kind: z.enum(ORDER_KINDS, { error: `The kind is one of ${ORDER_KINDS.join(', ')}.` }).optional(),
    status: z.enum(ORDER_STATUSES, { error: `The status is one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    q: z.string({ error: 'Search must be text.' }).trim().max(100, 'Search for at most 100 characters.').optional().describe('Words in the summary or the order id.'),
    sort: z.enum(ORDER_SORTS, { error: `Sort by ${ORDER_SORTS.join(', ')}.` }).default('newest'),
    page: z.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(10_000, 'Page must be at most 10000.').default(1),
    pageSize: z
      .number({ error: 'Page size must be a number.' })
      .int('Page size must be a whole number.')
      .min(1, 'Page size must be at least 1.')
      .max(100, 'Page size must be at most 100.')
      .default(20),
  })
  .prefault({});

export type ListOrdersInput = z.output<typeof listOrdersInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const cents = z.number().int();
const epochMs = z.number().int().describe('UTC epoch ms.');
const person = z.object({ id: z.string(), name: z.string() });

export const orderSummarySchema = z.object({
  id: z.string().describe('ord_…'),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  summary: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  subtotalCents: cents,
  discountCents: cents,
  taxCents: cents,
  totalCents: cents.describe('What is charged, VAT included, EUR cents.'),
  currency: z.literal('EUR'),
  promotion: z.object({ code: z.string(), applied: z.boolean() }).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  targetClusterId: z.string().nullable().describe('Add-on orders: the cluster they are for.'),
  createdClusterId: z.string().nullable().describe('Cluster orders: the cluster created once paid.'),
  failureReason: z.string().nullable(),
  placedBy: person.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  paidAt: epochMs.nullable(),
  cancelledAt: epochMs.nullable(),
});

const nodePoolOutput = z.object({
  name: z.string(),
  flavorId: z.string(),
  count: z.number().int(),
  autoscale: z.object({ min: z.number().int(), max: z.number().int() }).nullish(),
  labels: z.record(z.string(), z.string()),
  taints: z.array(z.object({ key: z.string(), value: z.string(), effect: z.enum(TAINT_EFFECTS) })),
});

const lineOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cluster'),
    name: z.string(),
    tierId: z.string(),
    regionId: z.string(),
    kubernetesVersion: z.string(),
    highAvailability: z.boolean(),
    nodePools: z.array(nodePoolOutput),
    addonIds: z.array(z.string()),
    settings: z.object({
      zones: z.array(z.string()),
      cni: z.enum(CNI_PLUGINS),
      podCidr: z.string(),
      serviceCidr: z.string(),
      apiAllowList: z.array(z.string()),
      maintenanceWindow: z.object({ day: z.enum(WEEKDAYS), startHour: z.number().int() }),
      autoUpgrade: z.boolean(),
    }),
  }),
  z.object({ kind: z.literal('middleware'), planId: z.string() }),
  z.object({
    kind: z.literal('addon'),
    addonId: z.string(),
    clusterId: z.string(),
    clusterName: z.string(),
    clusterTierId: z.string(),
    kubernetesVersion: z.string(),
    existingAddonIds: z.array(z.string()),
  }),
  z.object({ kind: z.literal('support'), planId: z.string() }),
]);

export const orderEventSchema = z.object({
  id: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  message: z.string(),
  reason: z.string().nullable(),
  paymentId: z.string().nullable(),
  amountCents: cents.nullable(),
  dueAt: epochMs.nullable(),
  createdAt: epochMs,
});

export const paymentSchema = z.object({
  id: z.string().describe('pay_…'),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: cents,
  currency: z.literal('EUR'),
  declineCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable().describe('Card numbers are never stored.'),
  dueAt: epochMs.nullable().describe('Bank transfer: when the invoice is due.'),
  paidBy: person.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});

const billingOutput = z.object({
  companyName: z.string(),
  billingId: z.string(),
  vatNumber: z.string().nullable(),
  countryCode: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(lineOutput).describe('The lines as ordered.'),
  quote: quoteSchema.nullable().describe('Prices as quoted when the order was placed; later catalogue changes do not touch them.'),
  billing: billingOutput.nullable(),
  events: z.array(orderEventSchema).describe('The timeline, oldest first.'),
  payments: z.array(paymentSchema).describe('Payment attempts, oldest first.'),
});

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int().describe('Orders matching, over every page.'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});

export const orderCountsSchema = z.object({
  total: z.number().int(),
  byKind: z.record(z.enum(ORDER_KINDS), z.number().int()),
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});

export const authenticationActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox_authentication') }).describe('Test mode: show the authentication step, then call the authentication endpoint.'),
  z.object({ kind: z.literal('stripe_client_secret'), clientSecret: z.string() }).describe('Confirm with Stripe.js, then call the authentication endpoint.'),
]);

export const PAY_RESULTS = ['succeeded', 'requires_action', 'processing', 'declined', 'invoiced'] as const;

export const payResultSchema = z.object({
  result: z.enum(PAY_RESULTS).describe('declined: nothing was charged, the order still awaits payment; read reason.'),
  paymentId: z.string(),
  action: authenticationActionSchema.nullable().describe('requires_action: what the customer must do.'),
  reason: z.string().nullable().describe('Why the payment was declined, for the customer.'),
  order: orderDetailSchema,
});

export const paymentOptionsSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  testMode: z.boolean().describe('No real money moves: say "test mode" wherever money is taken.'),
  methods: z.array(z.enum(['card', 'stripe', 'bank_transfer'])).describe('The kinds orders.pay accepts for your organisation.'),
  testCards: z.array(z.object({ number: z.string(), description: z.string() })).describe('Sandbox only.'),
  minimumCardChargeCents: cents,
  invoiceDueDays: z.number().int(),
});
