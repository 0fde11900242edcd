import type { SQL, AnyColumn } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { escapeLike } from '../../platform/sql-like';
import type { SignedInContext } from '../../trpc';

/** What the organisations pages and the transfers share: the caller, the 404, search and paging. */

export type Staff = SignedInContext;

export function notFound(message = 'This organisation does not exist.'): never {
  throw new TRPCError({ code: 'NOT_FOUND', message });
}

/** Case-insensitive "contains", with the user's % and _ taken literally. */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return sql`lower(${column}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

export const pageOf = (input: { page: number; pageSize: number }) => ({ limit: input.pageSize, offset: (input.page - 1) * input.pageSize });

/** One page of a list and the count of all its rows, read together: `rows` reads the page's window. */
export async function readPage<T>(input: { page: number; pageSize: number }, rows: (window: { limit: number; offset: number }) => PromiseLike<T[]>, total: PromiseLike<Array<{ value: number }>>) {
  const [items, [counted]] = await Promise.all([rows(pageOf(input)), total]);
  return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
}
