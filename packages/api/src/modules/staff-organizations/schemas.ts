import { CLUSTER_STATUSES, INVOICE_KINDS, INVOICE_STATUSES, ORDER_STATUSES, ORGANIZATION_STATUSES, TICKET_STATUSES } from '@kubemarket/db';
import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { z } from 'zod';
import { billingProfileSchema } from '../billing';
import { idParam, pageInputFields } from '../../platform/contracts';

const page = pageInputFields(25);
const search = z.string({ error: 'Search must be text.' }).trim().max(100, 'Search must be at most 100 characters.').optional();
const optionalId = (label: string) => idParam(label).optional();

export const organizationListInputSchema = z.object({
  q: search.describe('Part of the name or the billing id.'),
  status: z.enum(ORGANIZATION_STATUSES, { error: `Status must be one of: ${ORGANIZATION_STATUSES.join(', ')}.` }).optional(),
  overdue: z.boolean({ error: 'Overdue must be true or false.' }).optional().describe('true: only organisations with an unpaid invoice past its last charge.'),
  sort: z.enum(['name', 'newest', 'overdue'], { error: 'Sort must be name, newest or overdue.' }).default('name'),
  ...page,
});

const money = z.number().int();
export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  billingId: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  overdueSince: z.number().int().nullable(),
  members: z.number().int(),
  clusters: z.number().int().describe('Clusters not deleted.'),
  createdAt: z.number().int(),
});
export const organizationPageSchema = z.object({ items: z.array(organizationSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const organizationIdInputSchema = z.object({ id: idParam('Organisation') });

/** A bank transfer an order was confirmed with, its money not yet recorded as received. */
export const awaitingTransferSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  orderSummary: z.string(),
  amountCents: money.describe('What the transfer must bring, EUR cents, VAT included.'),
  confirmedAt: z.number().int().describe('When the order was confirmed for payment by bank transfer.'),
  dueAt: z.number().int().nullable(),
  overdue: z.boolean().describe('Its due date has passed.'),
});

export const organizationDetailSchema = organizationSummarySchema.extend({
  billing: billingProfileSchema.describe('The billing profile its orders and invoices are taxed by.'),
  invoicingAllowed: z.boolean(),
  creditLimitCents: money.nullable().describe('Most the organisation may owe at once when paying by bank transfer, EUR cents; null: no limit.'),
  outstandingCents: money.describe('What it owes now: unpaid invoices plus bank-transfer orders confirmed but not paid, EUR cents.'),
  maxClusters: z.number().int(),
  maxNodes: z.number().int(),
  timezone: z.string(),
  nodesInUse: z.number().int(),
  creditBalanceCents: money,
  supportPlan: z.object({ id: z.string(), name: z.string(), since: z.number().int() }).nullable(),
  memberList: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ORGANIZATION_ROLES), createdAt: z.number().int() })),
  clusterList: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(CLUSTER_STATUSES), region: z.string(), nodeCount: z.number().int(), createdAt: z.number().int() })),
  orderList: z.array(z.object({ id: z.string(), kind: z.string(), status: z.enum(ORDER_STATUSES), summary: z.string(), totalCents: money, createdAt: z.number().int() })),
  invoiceList: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(INVOICE_KINDS),
      number: z.string(),
      status: z.enum(INVOICE_STATUSES),
      totalCents: money,
      receivedCents: money.describe('Received so far (the ledger of transfers and card payments).'),
      paymentReference: z.string().nullable().describe('The RF reference a transfer quotes.'),
      dueAt: z.number().int(),
      issuedAt: z.number().int(),
      corrected: z.boolean().describe('A credit note corrects this invoice already.'),
    }),
  ),
  ticketList: z.array(z.object({ id: z.string(), reference: z.string(), subject: z.string(), status: z.enum(TICKET_STATUSES), severity: z.string(), updatedAt: z.number().int() })),
  statusHistory: z.array(z.object({ action: z.string(), reason: z.string().nullable(), actorName: z.string().nullable(), createdAt: z.number().int() })),
  awaitingTransfers: z.array(awaitingTransferSchema).describe('Bank transfers of delivered orders not yet received, the soonest due first (at most 100).'),
});

const reason = z.string({ error: 'A reason is required.' }).trim().min(5, 'Give a reason of at least 5 characters: the organisation and the audit log read it.').max(1_000, 'Reason must be at most 1000 characters.');

/** €10 million: far above any real limit, low enough that a slipped zero is refused. */
export const MAX_CREDIT_LIMIT_CENTS = 1_000_000_000;

export const suspendInputSchema = z.object({ id: idParam('Organisation'), reason });
export const reinstateInputSchema = z.object({ id: idParam('Organisation'), reason });

export const settingsInputSchema = z
  .object({
    id: idParam('Organisation'),
    invoicingAllowed: z.boolean({ error: 'Invoice payment allowed must be true or false.' }).optional(),
    maxClusters: z.number({ error: 'Cluster quota must be a number.' }).int('Cluster quota must be a whole number.').min(0, 'Cluster quota cannot be negative.').max(1_000, 'Cluster quota must be at most 1000.').optional(),
    maxNodes: z.number({ error: 'Node quota must be a number.' }).int('Node quota must be a whole number.').min(0, 'Node quota cannot be negative.').max(100_000, 'Node quota must be at most 100000.').optional(),
    creditLimitCents: z
      .number({ error: 'Credit limit must be an amount in euro cents, or null for no limit.' })
      .int('Credit limit must be a whole number of euro cents.')
      .min(0, 'Credit limit cannot be negative.')
      .max(MAX_CREDIT_LIMIT_CENTS, 'Credit limit must be at most €10,000,000 (1000000000 cents).')
      .nullable()
      .optional()
      .describe('EUR cents the organisation may owe at once when paying by bank transfer; null removes the limit.'),
    reason,
  })
  .refine((input) => input.invoicingAllowed !== undefined || input.maxClusters !== undefined || input.maxNodes !== undefined || input.creditLimitCents !== undefined, {
    message: 'Change at least one setting.',
    path: ['invoicingAllowed'],
  });

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const calendarDay = z
  .string({ error: 'Date received must be a date written YYYY-MM-DD.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date received must be a date written YYYY-MM-DD.')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Date received is not a day of the calendar.');

/** Staff record that the bank transfer an order was confirmed with arrived on our account. */
export const recordTransferInputSchema = z.object({
  organizationId: idParam('Organisation'),
  paymentId: idParam('Payment'),
  reference: z
    .string({ error: 'Enter the bank’s reference of the transfer, as on the bank statement.' })
    .trim()
    .min(1, 'Enter the bank’s reference of the transfer, as on the bank statement.')
    .max(64, 'The transfer reference must be at most 64 characters.')
    .describe('The bank’s reference of the transfer, as on the bank statement.'),
  receivedOn: calendarDay.optional().describe('The day the money arrived (UTC), YYYY-MM-DD; not in the future. Default: today.'),
});
export const transferRecordedSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  organizationId: z.string(),
  status: z.literal('succeeded'),
  amountCents: money,
  reference: z.string(),
  receivedAt: z.number().int().describe('The day received, as recorded (UTC epoch ms).'),
  outstandingCents: money.describe('What the organisation still owes once this transfer is counted, EUR cents.'),
});

/** Staff record a transfer matched to an invoice by its RF reference: whole, partial or more than due. */
export const recordInvoiceTransferInputSchema = z.object({
  reference: z
    .string({ error: 'Enter the RF reference the transfer quotes.' })
    .trim()
    .min(5, 'Enter the RF reference the transfer quotes (RF, two digits, then letters and digits).')
    .max(40, 'An RF reference is at most 25 characters (spaces aside).')
    .describe('The invoice’s ISO 11649 creditor reference as the transfer quotes it (spaces allowed), e.g. "RF18 5390 0754 7034".'),
  amountCents: z
    .number({ error: 'Enter the amount received, in cents.' })
    .int('The amount received is a whole number of cents.')
    .min(1, 'The amount received is at least one cent.')
    .max(100_000_000_00, 'The amount received is at most €100,000,000.')
    .describe('What arrived on our account, EUR cents: less than due (partial), exactly, or more (the excess becomes a credit).'),
  bankReference: z
    .string({ error: 'Enter the bank’s reference of the transfer, as on the bank statement.' })
    .trim()
    .min(1, 'Enter the bank’s reference of the transfer, as on the bank statement.')
    .max(64, 'The transfer reference must be at most 64 characters.'),
  receivedOn: calendarDay.optional().describe('The day the money arrived (UTC), YYYY-MM-DD; not in the future. Default: today.'),
});
export const invoiceTransferRecordedSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  organizationId: z.string(),
  status: z.enum(['due', 'paid', 'overdue', 'void']),
  totalCents: money,
  receivedCents: money.describe('Received for the invoice so far, this transfer included.'),
  dueCents: money.describe('Still due on the invoice.'),
  excessCents: money.describe('What this transfer paid beyond the total: a credit for the organisation.'),
  receivedAt: z.number().int(),
  outstandingCents: money.describe('What the organisation still owes in all, EUR cents.'),
});
export type RecordInvoiceTransferInput = z.infer<typeof recordInvoiceTransferInputSchema>;

/** Our billing team changes an organisation's billing country (and VAT number), with the reason. */
export const billingCountryInputSchema = z.object({
  id: idParam('Organisation'),
  countryCode: z
    .string({ error: 'Choose the country.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter ISO code of a country, e.g. FR, DE or US.'),
  vatNumber: z.string().trim().max(20, 'A VAT number is at most 20 characters.').nullish().transform((value) => (value ? value : null)),
  reason: z.string({ error: 'Say why: the customer’s request, its ticket.' }).trim().min(3, 'Say why in at least 3 characters: the customer’s request, its ticket.').max(500, 'The reason is at most 500 characters.'),
});
export type BillingCountryInput = z.infer<typeof billingCountryInputSchema>;

export const clusterListInputSchema = z.object({
  q: search.describe('Part of the cluster or organisation name.'),
  status: z.enum(CLUSTER_STATUSES, { error: `Status must be one of: ${CLUSTER_STATUSES.join(', ')}.` }).optional(),
  organizationId: optionalId('Organisation'),
  region: z.string().trim().max(32).optional(),
  ...page,
});
export const staffClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CLUSTER_STATUSES),
  organizationId: z.string(),
  organizationName: z.string(),
  tierName: z.string(),
  region: z.string(),
  kubernetesVersion: z.string(),
  nodeCount: z.number().int(),
  monthlyCents: money,
  createdAt: z.number().int(),
  failedOperation: z.object({ id: z.string(), type: z.string(), error: z.string().nullable() }).nullable().describe('The latest operation when it failed: staff may retry it.'),
});
export const clusterPageSchema = z.object({ items: z.array(staffClusterSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const addonListInputSchema = z.object({ q: search.describe('Part of the add-on, cluster or organisation name.'), addonId: optionalId('Add-on'), organizationId: optionalId('Organisation'), ...page });
export const staffAddonSchema = z.object({
  id: z.string(),
  addonId: z.string(),
  addonName: z.string(),
  clusterId: z.string(),
  clusterName: z.string(),
  clusterStatus: z.enum(CLUSTER_STATUSES),
  organizationId: z.string(),
  organizationName: z.string(),
  installedAt: z.number().int(),
});
export const addonPageSchema = z.object({ items: z.array(staffAddonSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Middlewares and support plans are bought by orders: what runs is what was ordered and paid. */
export const subscriptionListInputSchema = z.object({
  q: search.describe('Part of the plan or organisation name.'),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}.` }).optional(),
  organizationId: optionalId('Organisation'),
  ...page,
});
export const staffSubscriptionSchema = z.object({
  orderId: z.string(),
  planId: z.string(),
  planName: z.string(),
  productName: z.string().nullable().describe('The middleware engine; null for support plans.'),
  status: z.enum(ORDER_STATUSES),
  cycle: z.string(),
  totalCents: money,
  organizationId: z.string(),
  organizationName: z.string(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export const subscriptionPageSchema = z.object({ items: z.array(staffSubscriptionSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const retryInputSchema = z.object({ clusterId: idParam('Cluster') });
export const retriedSchema = z.object({ clusterId: z.string(), operationId: z.string(), status: z.string() });

export const attentionSchema = z.object({
  pendingRegistrations: z.number().int(),
  promotionRequests: z.number().int().describe('Staff promotions awaiting a super administrator.'),
  ticketsDue: z.number().int().describe('Tickets with a response or update owed and not yet late.'),
  ticketsBreached: z.number().int(),
  failedProvisionings: z.number().int(),
  overdueOrganizations: z.number().int(),
  organizationsByStatus: z.record(z.string(), z.number().int()),
  clustersByStatus: z.record(z.string(), z.number().int()),
  revenueThisMonthCents: money.describe('Paid invoices, orders paid by card and bank transfers received, since the first of the month (UTC), VAT included.'),
  monthStart: z.number().int(),
});

export const statusChangedSchema = z.object({ id: z.string(), status: z.enum(ORGANIZATION_STATUSES) });
export const settingsSchema = z.object({ id: z.string(), invoicingAllowed: z.boolean(), maxClusters: z.number().int(), maxNodes: z.number().int(), creditLimitCents: money.nullable() });

export type OrganizationListInput = z.infer<typeof organizationListInputSchema>;
export type ClusterListInput = z.infer<typeof clusterListInputSchema>;
export type AddonListInput = z.infer<typeof addonListInputSchema>;
export type SubscriptionListInput = z.infer<typeof subscriptionListInputSchema>;
export type SettingsInput = z.infer<typeof settingsInputSchema>;
export type RecordTransferInput = z.infer<typeof recordTransferInputSchema>;
