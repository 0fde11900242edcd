import { invoices, orderEvents, orders, payments, users, type Database, type Order, type OrderEvent, type Payment } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/sqlite-core';
import type { Context } from '../../context';
import type { MemberContext } from '../../trpc';
import { organizationRow } from '../../platform/organization-rows';

/** A signed-in member acting for their organisation (orgProcedure's context). */
export type Member = MemberContext;
/** What order work needs outside a request of the organisation (the Stripe webhook). */
export type Deps = Pick<Context, 'db' | 'ports' | 'request'>;

export const ORDER_NOT_FOUND = 'No order with this id in your organisation.';

const placer = alias(users, 'placer');
const payer = alias(users, 'payer');

type Person = { id: string | null; name: string | null } | null;

function person(joined: Person): { id: string; name: string } | null {
  return joined && joined.id !== null && joined.name !== null ? { id: joined.id, name: joined.name } : null;
}

export function summaryView(row: OrderSummaryRow, placedBy: Person) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    cycle: row.cycle,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: 'EUR' as const,
    promotion: row.promotionCode ? { code: row.promotionCode, applied: row.promotionApplied } : null,
    paymentMethod: row.paymentMethod,
    targetClusterId: row.targetClusterId,
    createdClusterId: row.createdClusterId,
    failureReason: row.failureReason,
    placedBy: person(placedBy),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? row.createdAt,
    paidAt: row.paidAt,
    cancelledAt: row.cancelledAt,
  };
}

function eventView(event: OrderEvent) {
  return {
    id: event.id,
    type: event.type,
    message: event.message,
    reason: event.reason,
    paymentId: event.paymentId,
    amountCents: event.data?.amountCents ?? null,
    dueAt: event.data?.dueAt ?? null,
    createdAt: event.createdAt,
  };
}

function paymentView(payment: Payment, paidBy: Person) {
  return {
    id: payment.id,
    provider: payment.provider,
    status: payment.status,
    amountCents: payment.amountCents,
    currency: 'EUR' as const,
    declineCode: payment.declineCode,
    failureReason: payment.failureReason,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    dueAt: payment.dueAt,
    succeededAt: payment.succeededAt,
    transferReference: payment.transferReference,
    paidBy: person(paidBy),
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
  };
}

/**
 * What an order's summary shows (summaryView): lists read these columns only, not the lines, quote
 * and billing JSON that /order-status/{id} needs.
 */
const summaryOrderColumns = {
  id: orders.id,
  kind: orders.kind,
  status: orders.status,
  summary: orders.summary,
  cycle: orders.cycle,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  promotionCode: orders.promotionCode,
  promotionApplied: orders.promotionApplied,
  paymentMethod: orders.paymentMethod,
  targetClusterId: orders.targetClusterId,
  createdClusterId: orders.createdClusterId,
  failureReason: orders.failureReason,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  paidAt: orders.paidAt,
  cancelledAt: orders.cancelledAt,
};
type OrderSummaryRow = Pick<Order, keyof typeof summaryOrderColumns>;
const placerColumns = { id: placer.id, name: placer.name };

/** The organisation's order summaries with who placed them; callers add where, order and paging. */
export function summaryQuery<Extra extends SelectedFields>(db: Database, extra?: Extra) {
  return db
    .select({ order: summaryOrderColumns, placer: placerColumns, ...(extra as Extra) })
    .from(orders)
    .leftJoin(placer, eq(placer.id, orders.userId));
}

/** An order of the organisation, or the 404 another organisation's id gets. */
export const orderOf = (db: Database, organizationId: string, id: string): Promise<Order> => organizationRow(db, orders, organizationId, id, ORDER_NOT_FOUND);

/** Everything /order-status/{id} shows: lines, the quote, the timeline and the payments (never a card number). */
export async function orderDetail(db: Database, organizationId: string, id: string) {
  const [[row], events, attempts, [invoice]] = await Promise.all([
    db
      .select({ order: orders, placer: placerColumns })
      .from(orders)
      .leftJoin(placer, eq(placer.id, orders.userId))
      .where(and(eq(orders.id, id), eq(orders.organizationId, organizationId)))
      .limit(1),
    db
      .select()
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orderEvents.orderId, id), eq(orders.organizationId, organizationId)))
      // Events of one batch share their time: the insertion order (rowid) tells them apart.
      .orderBy(asc(orderEvents.createdAt), sql`${orderEvents}.rowid`),
    db
      .select({ payment: payments, payer: { id: payer.id, name: payer.name } })
      .from(payments)
      .leftJoin(payer, eq(payer.id, payments.userId))
      .where(and(eq(payments.orderId, id), eq(payments.organizationId, organizationId)))
      .orderBy(asc(payments.createdAt), sql`${payments}.rowid`),
    // The order's own invoice (issue 30): its number, and the RF reference a transfer quotes.
    db
      .select({ id: invoices.id, number: invoices.number, status: invoices.status, totalCents: invoices.totalCents, receivedCents: invoices.receivedCents, dueAt: invoices.dueAt, paymentReference: invoices.paymentReference })
      .from(invoices)
      .where(and(eq(invoices.orderId, id), eq(invoices.organizationId, organizationId), eq(invoices.kind, 'invoice')))
      .limit(1),
  ]);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: ORDER_NOT_FOUND });
  const order = row.order;
  return {
    ...summaryView(order, row.placer),
    lines: order.lines,
    quote: order.quote,
    billing: order.billing,
    events: events.map((event) => eventView(event.order_events)),
    payments: attempts.map((attempt) => paymentView(attempt.payment, attempt.payer)),
    invoice: invoice ?? null,
  };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
