import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from '../../context';
import type { MemberContext } from '../../trpc';

/**
 * The billing screen's data (issue 13): what the month costs so far, credits, the billing plan and
 * the saved payment methods. Money is EUR cents; usage is stored in thousandths of a cent and
 * rounded to the cent only when shown.
 */

export type Member = MemberContext;

export function addUtcMonths(at: number, months: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes());
}

export type Statement = BatchItem<'sqlite'>;

/** Runs the statements in one batch (atomically on D1 and SQLite); there is always at least one. */
export async function runBatch(ctx: Context, statements: Statement[]): Promise<void> {
  await ctx.db.batch(statements as [Statement, ...Statement[]]);
}
