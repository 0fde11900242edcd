import {
  creditApplications,
  credits,
  invoices,
  type CreditOrigin,
} from '@kubemarket/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Member } from './service-common';

// Credits

export async function listCredits(ctx: Member) {
  const now = ctx.ports.clock.now();
  const rows = await ctx.db
    .select()
    .from(credits)
    .where(eq(credits.organizationId, ctx.organizationId))
    // The order they are spent in: the soonest expiring first, never-expiring last.
    .orderBy(sql`${credits.expiresAt} IS NULL`, asc(credits.expiresAt), asc(credits.createdAt));
  const applications =
    rows.length === 0
      ? []
      : await ctx.db
          .select({
            creditId: creditApplications.creditId,
            amountCents: creditApplications.amountCents,
            appliedAt: creditApplications.createdAt,
            invoiceId: invoices.id,
            invoiceNumber: invoices.number,
          })
          .from(creditApplications)
          .innerJoin(invoices, eq(invoices.id, creditApplications.invoiceId))
          .where(inArray(creditApplications.creditId, rows.map((row) => row.id)))
          .orderBy(asc(creditApplications.createdAt));

  const items = rows.map((row) => {
    const expired = row.expiresAt !== null && row.expiresAt <= now;
    return {
      id: row.id,
      origin: row.origin,
      description: row.description,
      amountCents: row.amountCents,
      remainingCents: expired ? 0 : row.remainingCents,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      status: expired ? ('expired' as const) : row.remainingCents === 0 ? ('used' as const) : ('active' as const),
      applied: applications
        .filter((application) => application.creditId === row.id)
        .map(({ creditId: _creditId, ...application }) => application),
    };
  });
  return { items, totalLeftCents: items.reduce((total, item) => total + item.remainingCents, 0) };
}

export interface GrantCreditInput {
  id: string;
  amountCents: number;
  origin: CreditOrigin;
  description: string;
  expiresAt?: number | null | undefined;
}
