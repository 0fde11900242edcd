import { type Database, type NewPayment, type Organization } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { sql, type SQL } from 'drizzle-orm';
import { euros } from '@kubemarket/shared';

/**
 * The credit limit staff set on an organisation that pays by bank transfer: how much it may owe
 * us at once. What it owes is read from one ledger, the invoices (issue 30): every invoice still
 * due or overdue, less what was already received for it (a partial transfer). An order confirmed
 * for a bank transfer has its invoice from the batch that confirms it, so it is counted there; a
 * monthly invoice deducts what order invoices already billed, so nothing is counted twice. The
 * invoice of an order whose delivery failed is not owed while staff decide (retry or credit note).
 */
export async function outstandingCents(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.all<{ cents: number }>(sql`SELECT ${owedCents(organizationId)} AS cents`);
  return Number(row?.cents ?? 0);
}

/** Invoices not yet paid in full, as one SQL expression: the balance due everywhere it is shown. */
export function unpaidInvoicesCents(organizationId: string): SQL {
  return sql`(SELECT coalesce(sum(i.total_cents - i.received_cents), 0) FROM invoices i
      WHERE i.organization_id = ${organizationId} AND i.kind = 'invoice' AND i.status IN ('due', 'overdue')
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id AND o.status IN ('failed', 'cancelled')))`;
}

/**
 * What the organisation owes (see outstandingCents), plus the bank transfers being confirmed right
 * now (their payment claimed, `pending`, their invoice not yet issued): a reservation under the
 * limit from the claim on, so that confirmations racing for the last of the limit are arbitrated
 * by the database (claimWithinCreditLimit).
 */
function owedCents(organizationId: string): SQL {
  return sql`(
    ${unpaidInvoicesCents(organizationId)}
    + (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p
      WHERE p.organization_id = ${organizationId} AND p.provider = 'bank_transfer' AND p.status = 'pending'))`;
}

/**
 * Before an order is confirmed by bank transfer: what the organisation owes plus this order must
 * stay within its credit limit (none set: no limit). Refused before anything is written, so the
 * order still awaits payment and may be paid by card. Card payments are never limited.
 * This check answers early; the claim (claimWithinCreditLimit) is what holds under concurrency.
 */
export async function assertWithinCreditLimit(db: Database, organization: Pick<Organization, 'id' | 'creditLimitCents'>, orderTotalCents: number): Promise<void> {
  const limit = organization.creditLimitCents;
  if (limit === null) return;
  const owed = await outstandingCents(db, organization.id);
  if (owed + orderTotalCents <= limit) return;
  throw overLimit(limit, owed, orderTotalCents);
}

/**
 * Claims a bank-transfer payment only if what the organisation owes, with the transfers being
 * confirmed meanwhile, leaves room for it under its credit limit: one `INSERT … SELECT … WHERE`,
 * so SQLite (D1) evaluates the sum and inserts atomically. Six confirmations fired at once for a
 * limit that fits two get two claims; the others are refused with what is outstanding. Unique
 * violations (the key, or another payment holding the order) propagate to the caller.
 */
export async function claimWithinCreditLimit(db: Database, organization: Pick<Organization, 'id' | 'creditLimitCents'>, claim: NewPayment & { status: 'pending' }): Promise<void> {
  const limit = organization.creditLimitCents;
  const room = limit === null ? sql`1` : sql`${owedCents(organization.id)} + ${claim.amountCents} <= ${limit}`;
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO payments (id, order_id, organization_id, user_id, provider, idempotency_key, amount_cents, currency, status, created_at, updated_at)
    SELECT ${claim.id}, ${claim.orderId}, ${claim.organizationId}, ${claim.userId ?? null}, ${claim.provider}, ${claim.idempotencyKey}, ${claim.amountCents}, 'EUR', 'pending', ${claim.createdAt}, ${claim.updatedAt}
    WHERE ${room}
    RETURNING id`);
  if (inserted.length > 0 || limit === null) return;
  throw overLimit(limit, await outstandingCents(db, organization.id), claim.amountCents);
}

function overLimit(limit: number, owed: number, orderTotalCents: number): TRPCError {
  const room = Math.max(0, limit - owed);
  return new TRPCError({
    code: 'BAD_REQUEST',
    message:
      `This order (${euros(orderTotalCents)}) would take your organisation over its credit limit of ${euros(limit)} for payment by bank transfer: ` +
      `${euros(owed)} is outstanding in unpaid invoices and bank-transfer orders` +
      (room > 0 ? `, leaving ${euros(room)}. ` : '. ') +
      'Pay your outstanding invoices first, or pay this order by card. The order still awaits payment.',
  });
}
