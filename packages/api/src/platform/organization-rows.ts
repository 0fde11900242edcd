import type { clusters, Database, orders, providerConnections } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';

type OwnedTable = typeof clusters | typeof orders | typeof providerConnections;

/**
 * The row with this id when it belongs to the organisation; else the 404 saying `notFound`, the
 * same answer another organisation's id and an unknown id get.
 */
export async function organizationRow<T extends OwnedTable>(db: Database, table: T, organizationId: string, id: string, notFound: string): Promise<T['$inferSelect']> {
  // The tables share their id and organizationId columns: one table's builder types the query.
  const rows = table as typeof orders;
  const [row] = await db
    .select()
    .from(rows)
    .where(and(eq(rows.id, id), eq(rows.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: notFound });
  return row as T['$inferSelect'];
}
