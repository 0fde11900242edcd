import type { Database } from './client';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database handle and shape, its values bound at each call: `build`
 * returns a drizzle query with `sql.placeholder`s for every value, `.prepare()`d. Building a
 * select (walking its columns, joins and conditions into SQL) was the largest share of a
 * signed-in list's Worker time after the D1 round trip itself (issue 35, ADR 44); the Worker keeps
 * one drizzle handle per D1 binding for the isolate's life (worker/src/context.ts), so a list
 * builds its SQL once per isolate. `key` names the statement and its shape (which optional
 * filters it has, its order): a fixed, small set written in code, never a value a caller sends,
 * so the cache cannot grow without end. A handle opened per request (libSQL) builds once per request.
 */
export function preparedOnce<T>(db: Database, key: string, build: () => T): T {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  let statement = byKey.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byKey.set(key, statement);
  }
  return statement;
}
