import { invoices, orders, payments, type Database, type Organization } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { euros } from './money';

/**
 * The credit limit staff set on an organisation that pays by bank transfer: how much it may owe
 * us at once. What it owes is what it has not paid yet:
 *
 * - issued invoices still due or overdue (monthly invoices; credit notes and void ones are not owed),
 * - orders confirmed for payment by bank transfer whose transfer has not arrived: their payment is
 *   still `processing` and the order was delivered (paid, provisioning or completed; a cancelled
 *   or failed order is not billed).
 *
 * The two never count the same money twice: a monthly invoice deducts what bank-transfer orders
 * already billed (its "Paid with order …" lines).
 */
export async function outstandingCents(db: Database, organizationId: string): Promise<number> {
  const [[unpaidInvoices], [unpaidTransfers]] = await Promise.all([
    db
      .select({ cents: sum(invoices.totalCents).mapWith(Number) })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['due', 'overdue']))),
    db
      .select({ cents: sum(payments.amountCents).mapWith(Number) })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.organizationId, organizationId),
          eq(payments.provider, 'bank_transfer'),
          eq(payments.status, 'processing'),
          inArray(orders.status, ['paid', 'provisioning', 'completed']),
        ),
      ),
  ]);
  return (unpaidInvoices?.cents ?? 0) + (unpaidTransfers?.cents ?? 0);
}

/**
 * Before an order is confirmed by bank transfer: what the organisation owes plus this order must
 * stay within its credit limit (none set: no limit). Refused before anything is written, so the
 * order still awaits payment and may be paid by card. Card payments are never limited.
 *
 * Two bank-transfer confirmations racing for the last of the limit could both pass (D1 has no
 * read-then-write transaction); each is still one order's total over at most, and the next is refused.
 */
export async function assertWithinCreditLimit(db: Database, organization: Pick<Organization, 'id' | 'creditLimitCents'>, orderTotalCents: number): Promise<void> {
  const limit = organization.creditLimitCents;
  if (limit === null) return;
  const owed = await outstandingCents(db, organization.id);
  if (owed + orderTotalCents <= limit) return;
  const room = Math.max(0, limit - owed);
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message:
      `This order (${euros(orderTotalCents)}) would take your organisation over its credit limit of ${euros(limit)} for payment by bank transfer: ` +
      `${euros(owed)} is outstanding in unpaid invoices and bank-transfer orders` +
      (room > 0 ? `, leaving ${euros(room)}. ` : '. ') +
      'Pay your outstanding invoices first, or pay this order by card. The order still awaits payment.',
  });
}
