import {
  addons,
  clusterAddons,
  clusterOperations,
  clusters,
  clusterTiers,
  invoices,
  middlewarePlans,
  middlewares,
  newId,
  orderEvents,
  orders,
  organizations,
  payments,
  promotionRequests,
  supportPlans,
  tickets,
  type ClusterOperation,
  type Database,
  type PaymentStatus,
} from '@kubemarket/db';
import { PRODUCT_NAME, utcMonthStart } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, or, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { audit, auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { plainMail } from '../../platform/emails';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { retryOperation } from '../clusters';
import { clearOverdueUnlessAny } from '../invoices';
import { euros } from '@kubemarket/shared';
import { billingRecipients, outstandingCents } from '../billing';
import * as receipts from './receipts';
import { AHEAD_OF_UTC_MS, utcDay } from './receipts';
import * as billingProfiles from '../billing';
import type { AddonListInput, BillingCountryInput, ClusterListInput, RecordInvoiceTransferInput, RecordTransferInput, SubscriptionListInput } from './schemas';
import { contains, notFound, readPage, type Staff } from './service-common';
import { wakeWebhooks, webhookEventStatement } from '../../platform/webhook-events';

// Bank transfers: orders confirmed by transfer (orders/payment.ts, `invoice`) are delivered at
// once; their payment stays `processing`, owed (billing/credit-limit.ts), until staff see the money on our
// account and record it here. The order itself is not touched: it was settled when confirmed, its
// paidAt stays empty (metering and monthly invoices read the order as invoiced with it).

/** Orders delivered on the promise of a transfer, as outstandingCents counts them. */
const DELIVERED = ['paid', 'provisioning', 'completed'] as const;
/** How many awaiting transfers the organisation page lists (the soonest due first). */
const AWAITING_ROWS = 100;

export function awaitingTransfers(db: Database, organizationId: string) {
  return db
    .select({ paymentId: payments.id, orderId: orders.id, orderSummary: orders.summary, amountCents: payments.amountCents, confirmedAt: payments.createdAt, dueAt: payments.dueAt })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.status, [...DELIVERED]),
        eq(payments.organizationId, organizationId),
        eq(payments.provider, 'bank_transfer'),
        eq(payments.status, 'processing'),
      ),
    )
    .orderBy(sql`${payments.dueAt} is null`, asc(payments.dueAt), asc(payments.createdAt))
    .limit(AWAITING_ROWS);
}

/** Why a bank-transfer payment in this state awaits no transfer. */
const NOT_AWAITED: Record<Exclude<PaymentStatus, 'processing' | 'succeeded'>, string> = {
  pending: 'This bank-transfer payment never confirmed its order: no transfer is awaited for it.',
  requires_action: 'This bank-transfer payment never confirmed its order: no transfer is awaited for it.',
  failed: 'This bank-transfer payment failed before the order was confirmed: no transfer is awaited for it.',
  declined: 'This bank-transfer payment was cancelled: no transfer is awaited for it.',
  refunded: 'This payment was refunded: no transfer is awaited for it.',
};

function alreadyRecorded(payment: { succeededAt: number | null; updatedAt: number; transferReference: string | null }): never {
  const reference = payment.transferReference ? ` with the reference ${payment.transferReference}` : '';
  throw new TRPCError({
    code: 'CONFLICT',
    message: `This bank transfer was already recorded as received on ${utcDay(payment.succeededAt ?? payment.updatedAt)}${reference}. Nothing was changed.`,
  });
}

/**
 * Staff saw the transfer arrive: the payment succeeds (on the day received), what the organisation
 * owes drops by its amount, the order's timeline says so, and its billing members are told. Once
 * only: the timeline event is unique per payment, so a second recording (a double click, two staff
 * at once) is refused whole with a 409 and changes nothing.
 */
export async function recordBankTransfer(ctx: Staff, input: RecordTransferInput) {
  const [organization] = await ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, input.organizationId));
  if (!organization) notFound();
  const [row] = await ctx.db
    .select({ payment: payments, order: { id: orders.id, status: orders.status, summary: orders.summary, totalCents: orders.totalCents, currency: orders.currency, createdClusterId: orders.createdClusterId } })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, input.paymentId), eq(payments.organizationId, organization.id)))
    .limit(1);
  // Another organisation's payment is as unknown as a made-up id.
  if (!row) notFound(`${organization.name} has no payment with this id.`);
  const { payment, order } = row;
  const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
  if (payment.provider !== 'bank_transfer') throw badRequest('This payment was made by card, not by bank transfer: the card provider settles it, there is no transfer to record.');
  if (payment.status === 'succeeded') alreadyRecorded(payment);
  if (payment.status !== 'processing') throw badRequest(NOT_AWAITED[payment.status]);
  if (!(DELIVERED as readonly string[]).includes(order.status)) {
    throw badRequest(`Order ${order.id} is ${order.status}, so it is not billed and no transfer is awaited for it. Refund a transfer that arrived anyway.`);
  }

  const now = ctx.ports.clock.now();
  let receivedAt = now;
  if (input.receivedOn !== undefined) {
    if (input.receivedOn > utcDay(now + AHEAD_OF_UTC_MS)) throw badRequest('The date received cannot be in the future.');
    if (input.receivedOn < utcDay(payment.createdAt)) throw badRequest(`The date received cannot be before the order was confirmed for payment by bank transfer, on ${utcDay(payment.createdAt)}.`);
    receivedAt = Math.min(Date.parse(`${input.receivedOn}T00:00:00Z`), now);
  }
  const receivedOn = utcDay(receivedAt);
  const amount = euros(payment.amountCents);
  try {
    await ctx.db.batch([
      // First: the unique event refuses a second recording before anything else is written.
      ctx.db.insert(orderEvents).values({
        id: newId('orderEvent'),
        orderId: order.id,
        type: 'transfer_received',
        message: `Bank transfer of ${amount} received on ${receivedOn} (reference ${input.reference}). The order is paid.`,
        paymentId: payment.id,
        data: { amountCents: payment.amountCents },
        createdAt: now,
      }),
      ctx.db
        .update(payments)
        .set({ status: 'succeeded', succeededAt: receivedAt, transferReference: input.reference, updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'processing'))),
      // The order's invoice is paid by the same money (one ledger: issue 30).
      ctx.db
        .update(invoices)
        .set({ status: 'paid', receivedCents: sql`${invoices.totalCents}`, paidAt: receivedAt, nextChargeAt: null, updatedAt: now })
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice'), ne(invoices.status, 'paid'))),
      clearOverdueUnlessAny(ctx.db, organization.id, now),
      // The order is paid now (it was delivered on credit): order.paid, once per order and endpoint (ADR 36).
      webhookEventStatement(ctx, organization.id, {
        type: 'order.paid',
        key: order.id,
        data: { orderId: order.id, summary: order.summary, totalCents: order.totalCents, currency: order.currency, paymentMethod: 'bank_transfer', clusterId: order.createdClusterId },
      }),
      auditInsert(
        ctx.db,
        {
          actorUserId: ctx.user.id,
          organizationId: organization.id,
          action: 'staff.bank_transfer_recorded',
          targetType: 'payment',
          targetId: payment.id,
          ipAddress: ctx.request.ipAddress,
          metadata: { orderId: order.id, amountCents: payment.amountCents, reference: input.reference, receivedOn, dueAt: payment.dueAt },
        },
        now,
      ),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [recorded] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
    alreadyRecorded(recorded ?? payment);
  }

  await wakeWebhooks(ctx, organization.id);
  // Recorded: telling the customer must not turn that into an error.
  const message = `We received your bank transfer of ${amount} for ${order.summary} (reference ${input.reference}, ${receivedOn}). Thank you: the order is paid.`;
  const orderUrl = `${ctx.request.appUrl}/order-status/${order.id}`;
  const members = await billingRecipients(ctx.db, organization.id).catch((error: unknown) => {
    logError('Reading whom to tell about a bank transfer failed', error);
    return [];
  });
  for (const member of members) {
    await notify(ctx, member.id, { type: 'success', message }).catch((error: unknown) => logError('Notifying a bank transfer received failed', error));
    mailInBackground(ctx.ports, async () =>
      plainMail(member.email, `Bank transfer received: ${amount} for ${order.summary} — ${PRODUCT_NAME}`, [
        `Hello ${member.name},`,
        `we received your bank transfer of ${amount} on ${receivedOn} (reference ${input.reference}) for order ${order.id}: ${order.summary}.`,
        'Thank you: the order is paid, nothing more is due for it.',
        `Follow the order: ${orderUrl}`,
      ]),
    );
  }
  return {
    paymentId: payment.id,
    orderId: order.id,
    organizationId: organization.id,
    status: 'succeeded' as const,
    amountCents: payment.amountCents,
    reference: input.reference,
    receivedAt,
    outstandingCents: await outstandingCents(ctx.db, organization.id),
  };
}

/** The billing team changes the organisation's billing country at its request (profile.ts), audited with the reason. */
export async function changeBillingCountry(ctx: Staff, input: BillingCountryInput) {
  const [organization] = await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.id));
  if (!organization) notFound();
  const { before, after } = await billingProfiles.changeCountry(ctx, organization.id, { countryCode: input.countryCode, vatNumber: input.vatNumber });
  await audit(
    ctx.db,
    {
      actorUserId: ctx.user.id,
      organizationId: organization.id,
      action: 'organization.billing_country_changed',
      targetType: 'organization',
      targetId: organization.id,
      ipAddress: ctx.request.ipAddress,
      metadata: { reason: input.reason, before: { countryCode: before.countryCode, vatNumber: before.vatNumber }, after: { countryCode: after.profile!.countryCode, vatNumber: after.profile!.vatNumber } },
    },
    ctx.ports.clock.now(),
  );
  return after;
}

/** A transfer matched to an invoice by its RF reference, whole or partial (receipts.ts); the organisation's billing members are told. */
export function recordInvoiceTransfer(ctx: Staff, input: RecordInvoiceTransferInput) {
  return receipts.recordInvoiceTransfer(ctx, input, billingRecipients);
}

/** The latest operation of each cluster, when it failed (what a staff Retry resumes). */
const latestFailed = sql<string | null>`(select ${clusterOperations.id} from ${clusterOperations} where ${clusterOperations.clusterId} = ${clusters.id} order by ${clusterOperations.createdAt} desc limit 1)`;

export async function listClusters(ctx: Staff, input: ClusterListInput) {
  const where = and(
    input.q ? or(contains(clusters.name, input.q), contains(organizations.name, input.q), eq(clusters.id, input.q)) : undefined,
    input.status ? eq(clusters.status, input.status) : ne(clusters.status, 'deleted'),
    input.organizationId ? eq(clusters.organizationId, input.organizationId) : undefined,
    input.region ? eq(clusters.region, input.region) : undefined,
  );
  const page = await readPage(
    input,
    ({ limit, offset }) =>
      ctx.db
        .select({
          id: clusters.id,
          name: clusters.name,
          status: clusters.status,
          organizationId: clusters.organizationId,
          organizationName: organizations.name,
          tierName: clusterTiers.name,
          region: clusters.region,
          kubernetesVersion: clusters.kubernetesVersion,
          nodeCount: clusters.nodeCount,
          monthlyCents: clusters.monthlyCents,
          createdAt: clusters.createdAt,
          latestOperationId: latestFailed,
        })
        .from(clusters)
        .innerJoin(organizations, eq(organizations.id, clusters.organizationId))
        .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
        .where(where)
        .orderBy(desc(clusters.createdAt), asc(clusters.id))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ value: count() }).from(clusters).innerJoin(organizations, eq(organizations.id, clusters.organizationId)).where(where),
  );
  const operationIds = page.items.map((row) => row.latestOperationId).filter((id): id is string => id !== null);
  const failed =
    operationIds.length === 0
      ? []
      : await ctx.db
          .select({ id: clusterOperations.id, type: clusterOperations.type, error: clusterOperations.error })
          .from(clusterOperations)
          .where(and(inArray(clusterOperations.id, operationIds), eq(clusterOperations.status, 'failed')));
  const failedById = new Map(failed.map((operation) => [operation.id, operation]));
  return { ...page, items: page.items.map(({ latestOperationId, ...row }) => ({ ...row, failedOperation: (latestOperationId && failedById.get(latestOperationId)) || null })) };
}

export async function listAddons(ctx: Staff, input: AddonListInput) {
  const where = and(
    ne(clusters.status, 'deleted'),
    input.q ? or(contains(addons.name, input.q), contains(clusters.name, input.q), contains(organizations.name, input.q)) : undefined,
    input.addonId ? eq(clusterAddons.addonId, input.addonId) : undefined,
    input.organizationId ? eq(clusters.organizationId, input.organizationId) : undefined,
  );
  const base = () =>
    ctx.db
      .select({
        id: clusterAddons.id,
        addonId: clusterAddons.addonId,
        addonName: addons.name,
        clusterId: clusters.id,
        clusterName: clusters.name,
        clusterStatus: clusters.status,
        organizationId: organizations.id,
        organizationName: organizations.name,
        installedAt: clusterAddons.installedAt,
      })
      .from(clusterAddons)
      .innerJoin(addons, eq(addons.id, clusterAddons.addonId))
      .innerJoin(clusters, eq(clusters.id, clusterAddons.clusterId))
      .innerJoin(organizations, eq(organizations.id, clusters.organizationId));
  return readPage(
    input,
    ({ limit, offset }) =>
      base().where(where).orderBy(desc(clusterAddons.installedAt), asc(clusterAddons.id)).limit(limit).offset(offset),
    ctx.db
      .select({ value: count() })
      .from(clusterAddons)
      .innerJoin(addons, eq(addons.id, clusterAddons.addonId))
      .innerJoin(clusters, eq(clusters.id, clusterAddons.clusterId))
      .innerJoin(organizations, eq(organizations.id, clusters.organizationId))
      .where(where),
  );
}

const PURCHASED = ['paid', 'provisioning', 'completed', 'failed'] as const;
const planIdOf = sql<string>`json_extract(${orders.lines}, '$[0].planId')`;

/** What every subscription row says of its order and organisation, after what it says of its plan. */
const SUBSCRIPTION_ORDER = {
  status: orders.status,
  cycle: orders.cycle,
  totalCents: orders.totalCents,
  organizationId: organizations.id,
  organizationName: organizations.name,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

/** Purchased orders of one kind, narrowed by status, organisation and a search in `names` and the organisation's name. */
function subscriptionsWhere(kind: 'middleware' | 'support', input: SubscriptionListInput, names: AnyColumn[]) {
  return and(
    eq(orders.kind, kind),
    input.status ? eq(orders.status, input.status) : inArray(orders.status, [...PURCHASED]),
    input.organizationId ? eq(orders.organizationId, input.organizationId) : undefined,
    input.q ? or(...[...names, organizations.name].map((column) => contains(column, input.q!))) : undefined,
  );
}

type Join = [table: SQLiteTable, on: SQL | undefined];

/** A dynamic select with its fields named, inner joined: its rows keep their type (no table becomes nullable). */
function innerJoined<Q extends SQLiteSelect>(query: Q, joins: Join[]): Q {
  let joined: SQLiteSelect = query;
  for (const [table, on] of joins) joined = joined.innerJoin(table, on) as unknown as SQLiteSelect;
  return joined as Q;
}

/**
 * A page of purchased subscriptions: what `plan` reads of the plan `planJoins` join to each order,
 * then SUBSCRIPTION_ORDER; newest first.
 */
function readSubscriptions<Plan extends SelectedFields>(ctx: Staff, input: SubscriptionListInput, where: SQL | undefined, plan: Plan, planJoins: Join[]) {
  const joins: Join[] = [[organizations, eq(organizations.id, orders.organizationId)], ...planJoins];
  const fields = { orderId: orders.id, ...plan, ...SUBSCRIPTION_ORDER };
  return readPage(
    input,
    ({ limit, offset }) =>
      // The dynamic select knows only `orders`; every other table is inner joined, so each field is as its column says.
      innerJoined(ctx.db.select(fields).from(orders).$dynamic(), joins)
        .where(where)
        .orderBy(desc(orders.createdAt), asc(orders.id))
        .limit(limit)
        .offset(offset) as PromiseLike<Array<SelectResultFields<typeof fields>>>,
    innerJoined(ctx.db.select({ value: count() }).from(orders).$dynamic(), joins).where(where),
  );
}

export async function listMiddlewares(ctx: Staff, input: SubscriptionListInput) {
  return readSubscriptions(ctx, input, subscriptionsWhere('middleware', input, [middlewares.name, middlewarePlans.name]), { planId: middlewarePlans.id, planName: middlewarePlans.name, productName: middlewares.name }, [
    [middlewarePlans, eq(middlewarePlans.id, planIdOf)],
    [middlewares, eq(middlewares.id, middlewarePlans.middlewareId)],
  ]);
}

export async function listSupportPlans(ctx: Staff, input: SubscriptionListInput) {
  const page = await readSubscriptions(ctx, input, subscriptionsWhere('support', input, [supportPlans.name]), { planId: supportPlans.id, planName: supportPlans.name }, [[supportPlans, eq(supportPlans.id, planIdOf)]]);
  return { ...page, items: page.items.map((row) => ({ ...row, productName: null })) };
}

/** Staff resume a customer's failed operation through the clusters engine, as the customer's Retry does. */
export async function retryClusterOperation(ctx: Staff, clusterId: string) {
  const [cluster] = await ctx.db.select({ id: clusters.id, name: clusters.name, organizationId: clusters.organizationId }).from(clusters).where(eq(clusters.id, clusterId));
  if (!cluster) notFound('This cluster does not exist.');
  const [operation] = await ctx.db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, cluster.id)).orderBy(desc(clusterOperations.createdAt)).limit(1);
  if (!operation || operation.status !== 'failed') throw new TRPCError({ code: 'CONFLICT', message: `The latest operation of ${cluster.name} did not fail: there is nothing to retry.` });
  // The engine audits the retry in the cluster's organisation, with the officer as its actor.
  await retryOperation(ctx, operation as ClusterOperation, ctx.user.id);
  const [after] = await ctx.db.select({ status: clusterOperations.status }).from(clusterOperations).where(eq(clusterOperations.id, operation.id));
  return { clusterId: cluster.id, operationId: operation.id, status: after?.status ?? operation.status };
}

/** Same rule as the tickets staff queue: what staff owe next (first response, then an update). */
const ticketDueAt = sql<number | null>`CASE
  WHEN ${tickets.status} IN ('resolved', 'closed') THEN NULL
  WHEN ${tickets.firstRespondedAt} IS NULL THEN ${tickets.firstResponseDueAt}
  WHEN ${tickets.status} = 'awaiting_customer' THEN NULL
  ELSE ${tickets.nextUpdateDueAt} END`;

export async function attention(ctx: Staff) {
  const now = ctx.ports.clock.now();
  const monthStart = utcMonthStart(now);
  const [orgRows, clusterRows, [overdue], [ticketsDue], [ticketsBreached], [failedProvisionings], [promotions], [revenue]] = await Promise.all([
    ctx.db.select({ status: organizations.status, value: count() }).from(organizations).groupBy(organizations.status),
    ctx.db.select({ status: clusters.status, value: count() }).from(clusters).where(ne(clusters.status, 'deleted')).groupBy(clusters.status),
    ctx.db.select({ value: count() }).from(organizations).where(isNotNull(organizations.overdueSince)),
    ctx.db.select({ value: count() }).from(tickets).where(and(eq(tickets.confirmation, 'confirmed'), sql`${ticketDueAt} >= ${now}`)),
    ctx.db.select({ value: count() }).from(tickets).where(and(eq(tickets.confirmation, 'confirmed'), sql`${ticketDueAt} < ${now}`)),
    ctx.db.select({ value: count() }).from(clusters).where(eq(clusters.status, 'failed')),
    ctx.db.select({ value: count() }).from(promotionRequests).where(eq(promotionRequests.status, 'pending')),
    // Every charge has its invoice (issue 30): what the month's invoices received is its revenue.
    ctx.db.select({ value: sum(invoices.receivedCents).mapWith(Number) }).from(invoices).where(and(eq(invoices.kind, 'invoice'), eq(invoices.status, 'paid'), gte(invoices.paidAt, monthStart))),
  ]);
  const organizationsByStatus = Object.fromEntries(orgRows.map((row) => [row.status, row.value]));
  return {
    pendingRegistrations: organizationsByStatus.pending ?? 0,
    promotionRequests: promotions?.value ?? 0,
    ticketsDue: ticketsDue?.value ?? 0,
    ticketsBreached: ticketsBreached?.value ?? 0,
    failedProvisionings: failedProvisionings?.value ?? 0,
    overdueOrganizations: overdue?.value ?? 0,
    organizationsByStatus,
    clustersByStatus: Object.fromEntries(clusterRows.map((row) => [row.status, row.value])),
    revenueThisMonthCents: revenue?.value ?? 0,
    monthStart,
  };
}
