import {
  credits,
  invoices,
  organizations,
  payments as paymentsTable,
} from '@kubemarket/db';
import { utcMonthStart, utcNextMonthStart } from '@kubemarket/shared';
import { and, desc, eq, gt, gte, inArray, isNull, or, sql, sum } from 'drizzle-orm';
import { forecastOf } from '../usage';
import { outstandingCents, unpaidInvoicesCents } from './credit-limit';
import { type Member } from './service-common';

// Summary

export const OVERDUE_ADVICE =
  'Your organisation has an overdue invoice. Pay it by adding a working card and making it the default (we charge it again right away), or by bank transfer with the RF reference printed on the invoice. Until it is paid, new orders may be refused.';

export async function getSummary(ctx: Member) {
  const now = ctx.ports.clock.now();
  const from = utcMonthStart(now);
  const until = utcNextMonthStart(now);

  const [forecast, [last], [due], [left], [organization], [checkout]] = await Promise.all([
    // The month to date and its forecast, read as /usage reads them (one reader, one formula).
    forecastOf(ctx.db, { organizationId: ctx.organizationId }, now),
    ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.kind, 'invoice')))
      .orderBy(desc(invoices.issuedAt))
      .limit(1),
    // The balance due is read from the one ledger the credit limit and the staff panel read (issue 30).
    ctx.db
      .select({ cents: sql<number>`${unpaidInvoicesCents(ctx.organizationId)}`, count: sql<number>`count(*)` })
      .from(invoices)
      .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['due', 'overdue']))),
    ctx.db
      .select({ cents: sum(credits.remainingCents) })
      .from(credits)
      .where(and(eq(credits.organizationId, ctx.organizationId), or(isNull(credits.expiresAt), gt(credits.expiresAt, now)))),
    ctx.db
      .select({ overdueSince: organizations.overdueSince, invoicingAllowed: organizations.invoicingAllowed, creditLimitCents: organizations.creditLimitCents })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId)),
    // Orders paid at checkout this month, and what was refunded (issue 31: a month of prepaid
    // orders used to read as €0.00 spent): a payment refunded keeps its row, status 'refunded'.
    ctx.db
      .select({
        paidCents: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.succeededAt} >= ${from} AND ${paymentsTable.succeededAt} <= ${now} THEN ${paymentsTable.amountCents} ELSE 0 END), 0)`,
        payments: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.succeededAt} >= ${from} AND ${paymentsTable.succeededAt} <= ${now} THEN 1 ELSE 0 END), 0)`,
        refundedCents: sql<number>`coalesce(sum(CASE WHEN ${paymentsTable.status} = 'refunded' AND ${paymentsTable.updatedAt} >= ${from} AND ${paymentsTable.updatedAt} <= ${now} THEN ${paymentsTable.amountCents} ELSE 0 END), 0)`,
      })
      .from(paymentsTable)
      .where(and(eq(paymentsTable.organizationId, ctx.organizationId), inArray(paymentsTable.status, ['succeeded', 'refunded']), gte(paymentsTable.updatedAt, from))),
  ]);

  return {
    currency: 'EUR' as const,
    periodStart: from,
    periodEnd: until,
    monthToDateCents: forecast.monthToDateCents,
    forecastCents: forecast.forecastCents,
    checkoutThisMonth: { paidCents: Number(checkout?.paidCents ?? 0), payments: Number(checkout?.payments ?? 0), refundedCents: Number(checkout?.refundedCents ?? 0) },
    lastInvoice: last ? { id: last.id, number: last.number, status: last.status, totalCents: last.totalCents, issuedAt: last.issuedAt, dueAt: last.dueAt } : null,
    balanceDueCents: Number(due?.cents ?? 0),
    unpaidInvoices: Number(due?.count ?? 0),
    creditsLeftCents: Number(left?.cents ?? 0),
    overdue: organization?.overdueSince != null ? { since: organization.overdueSince, whatToDo: OVERDUE_ADVICE } : null,
    // What a bank-transfer confirmation is checked against (credit-limit.ts), shown before it refuses.
    bankTransfer: organization?.invoicingAllowed ? { creditLimitCents: organization.creditLimitCents, outstandingCents: await outstandingCents(ctx.db, ctx.organizationId) } : null,
  };
}
