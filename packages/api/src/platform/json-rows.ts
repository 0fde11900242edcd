import type { Database } from '@kubemarket/db';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * INSERT … SELECT FROM json_each(?): many rows in one statement with one bound parameter (ADR 12).
 * D1 binds at most 100 parameters per statement, which allows only a handful of rows per plain
 * INSERT. Each row is sent as an array of every column of the table in its declared order, which
 * INSERT … SELECT fills positionally. The JSON is a bound value, so D1's 2 MB value limit bounds it.
 * Returns the statement, for `db.batch` or to await (add `.onConflictDoNothing()` as needed).
 */
export function insertRowsAsJson<T extends SQLiteTable>(db: Database, table: T, rows: ReadonlyArray<T['$inferInsert']>, where?: SQL) {
  const columns = Object.keys(getTableColumns(table)) as Array<keyof T['$inferInsert'] & string>;
  const payload = JSON.stringify(rows.map((row) => columns.map((column) => row[column] ?? null)));
  const values = sql.raw(columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(', '));
  // `WHERE true` keeps SQLite from reading a following ON CONFLICT as part of the SELECT's join.
  // A `where` makes the insert conditional: no rows when it is false (a claim the database arbitrates).
  return db.insert(table).select(sql`SELECT ${values} FROM json_each(${payload}) WHERE ${where ?? sql`true`}`);
}
