import { sql } from 'drizzle-orm';

/**
 * `count(*) over ()`: how many rows the query's WHERE matches, carried on every row of the page
 * (window functions run before LIMIT and OFFSET). A list page and its total then come back in one
 * statement, one D1 round trip instead of two (ADR 19). Select it as `total`, read it with pageTotal.
 */
export const totalRows = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page read with totalRows. A page with rows carries it; an empty first page means
 * none match; an empty later page (past the end) asks `countRows`, since rows may match before it.
 */
export async function pageTotal(rows: readonly { total: number }[], offset: number, countRows: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return offset === 0 ? 0 : countRows();
}
