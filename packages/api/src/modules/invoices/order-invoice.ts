/**
 * The invoice of an order (issue 30): paying an order (by card), or confirming it for a bank
 * transfer, issues its invoice in the same batch that settles it, so an order is never settled
 * without its document and never gets two (invoices_order_idx, and the settling event's own
 * unique index before it). Its VAT is the VAT the customer was charged: the order's quote, taxed
 * by the billing profile when the order was placed. It is an advance invoice: the monthly invoice
 * later bills the metered use of what the order bought, deducts what this invoice already
 * covered (net), and taxes only the rest, so VAT is never charged twice nor reduced.
 *
 * One gap-free series (KM-<year>-<number>) holds order and monthly invoices alike: article 226(2)
 * of the VAT Directive asks for one or more sequences; one is the simplest for an auditor.
 */
import { invoices, newId, orders, payments, type Database, type invoiceLines, type InvoiceBillingDetails, type InvoiceLineKind, type Order } from '@kubemarket/db';
import { and, asc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { isUniqueViolation } from '../../platform/db-errors';
import { invoiceReference } from './creditor-reference';
import { insertInvoiceLines } from './generate';
import { numberJustTaken, takeNextNumber, invoiceYear } from './numbering';

type Statement = BatchItem<'sqlite'>;

export interface OrderInvoiceSettlement {
  /** 'paid': the money arrived (card); 'invoiced': a bank transfer is awaited until dueAt. */
  how: 'paid' | 'invoiced';
  dueAt?: number;
}

function addMonths(epoch: number, months: number): number {
  const date = new Date(epoch);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate());
}

/** What the invoice calls each line of the order: the quote's label, with the cluster's name. */
function purchaseLines(order: Order): Array<Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId' | 'position'> & { kind: InvoiceLineKind }> {
  const quote = order.quote!;
  const term = quote.cycle === 'yearly' ? 'first year, paid in advance' : 'first month, paid in advance';
  const lines = quote.lines.map((line): Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId' | 'position'> => {
    const ordered = order.lines[line.index];
    const named = ordered?.kind === 'cluster' ? `${ordered.name}: ${line.label}` : ordered?.kind === 'addon' ? `${line.label}, on ${ordered.clusterName}` : line.label;
    return {
      kind: 'purchase' as const,
      description: `${named} (${term})`,
      quantityMilli: 1000,
      unitPriceMillicents: line.amountCents * 1000,
      amountCents: line.amountCents,
      clusterId: null,
      orderId: order.id,
    };
  });
  if (quote.discount && quote.discount.amountCents > 0) {
    lines.push({
      kind: 'promotion' as const,
      description: `Promotion ${quote.discount.code}: ${quote.discount.label}`,
      quantityMilli: 1000,
      unitPriceMillicents: -quote.discount.amountCents * 1000,
      amountCents: -quote.discount.amountCents,
      clusterId: null,
      orderId: order.id,
    });
  }
  return lines;
}

/** The statements issuing the order's invoice, for the batch that settles the order; none for a free order. */
export function orderInvoiceStatements(db: Database, order: Order, settlement: OrderInvoiceSettlement, now: number): { invoiceId: string | null; statements: Statement[] } {
  if (!order.quote || !order.billing || order.totalCents <= 0) return { invoiceId: null, statements: [] };
  const quote = order.quote;
  const id = newId('invoice');
  const year = invoiceYear(now);
  const { vatCheck, ...details } = order.billing;
  const billing: InvoiceBillingDetails = details;
  const paid = settlement.how === 'paid';
  const dueAt = settlement.dueAt ?? now;
  const lines = purchaseLines(order);
  return {
    invoiceId: id,
    statements: [
      takeNextNumber(db, year),
      db.insert(invoices).values({
        id,
        organizationId: order.organizationId,
        kind: 'invoice',
        number: numberJustTaken(year),
        periodStart: now,
        periodEnd: addMonths(now, quote.cycle === 'yearly' ? 12 : 1),
        status: paid ? 'paid' : 'due',
        billing,
        subtotalCents: quote.subtotalCents,
        discountCents: quote.discount?.amountCents ?? 0,
        creditsCents: 0,
        taxableCents: quote.taxableCents,
        vatRateBasisPoints: quote.tax.rateBasisPoints,
        taxCents: quote.tax.amountCents,
        reverseCharge: quote.tax.reverseCharge,
        totalCents: quote.totalCents,
        orderId: order.id,
        vatCheck: vatCheck ?? null,
        paymentReference: invoiceReference(id),
        receivedCents: paid ? quote.totalCents : 0,
        issuedAt: now,
        dueAt,
        paidAt: paid ? now : null,
        createdAt: now,
        updatedAt: now,
      }),
      ...insertInvoiceLines(
        db,
        lines.map((line, position) => ({ id: newId('invoiceLine'), invoiceId: id, position, ...line })),
      ),
    ],
  };
}

/**
 * Issues the invoice of every settled order that has none, in the order they were settled: orders
 * settled before order invoices existed (an older database), and the demo seed's orders, which are
 * written as settled. Only orders settled before `until` (so that numbers follow issue dates around
 * a monthly run); each is issued at its settlement time. A racing run loses on invoices_order_idx.
 */
export async function invoiceSettledOrders(db: Database, until: number): Promise<number> {
  const settledAt = sql<number>`coalesce(${orders.paidAt}, ${payments.createdAt}, ${orders.createdAt})`;
  const rows = await db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, and(eq(payments.orderId, orders.id), inArray(payments.status, ['succeeded', 'processing'])))
    .where(
      and(
        inArray(orders.status, ['paid', 'provisioning', 'completed']),
        inArray(orders.paymentMethod, ['card', 'stripe', 'bank_transfer']),
        gt(orders.totalCents, 0),
        lt(settledAt, until),
        notExists(db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))),
      ),
    )
    .orderBy(asc(settledAt), asc(orders.id));
  let issued = 0;
  for (const { order, payment } of rows) {
    const awaited = payment?.provider === 'bank_transfer' && payment.status === 'processing';
    const issuedAt = order.paidAt ?? payment?.createdAt ?? order.createdAt;
    const { statements } = orderInvoiceStatements(db, order, awaited ? { how: 'invoiced', dueAt: payment.dueAt ?? issuedAt } : { how: 'paid' }, issuedAt);
    const received = payment?.provider === 'bank_transfer' && payment.status === 'succeeded' ? [db.update(invoices).set({ paidAt: payment.succeededAt ?? issuedAt }).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))] : [];
    try {
      await db.batch([...statements, ...received] as unknown as Parameters<Database['batch']>[0]);
      issued += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return issued;
}
