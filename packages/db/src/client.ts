import { createClient, type Client } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database API every service uses, whichever driver is underneath. */
export type Database = BaseSQLiteDatabase<'async', unknown, Schema> & {
  /** Atomic: D1 has no interactive transactions, so multi-row writes go through batch. */
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

export type DatabaseSource =
  | { kind: 'd1'; binding: D1DatabaseLike }
  | { kind: 'libsql'; url: string; authToken?: string }
  | { kind: 'libsql-client'; client: Client };

/** Structural type of the D1 binding, so this package does not need the Workers types. */
export interface D1DatabaseLike {
  prepare(query: string): unknown;
  batch(statements: unknown[]): Promise<unknown[]>;
  exec(query: string): Promise<unknown>;
}

export function createDb(source: DatabaseSource): Database {
  switch (source.kind) {
    case 'd1':
      // The D1 driver and the libSQL driver expose the same query builder; only the
      // result-kind type parameter differs, which no caller relies on.
      return drizzleD1(source.binding as Parameters<typeof drizzleD1>[0], { schema }) as unknown as Database;
    case 'libsql':
      return drizzleLibsql(createClient({ url: source.url, authToken: source.authToken }), {
        schema,
      }) as unknown as Database;
    case 'libsql-client':
      return drizzleLibsql(source.client, { schema }) as unknown as Database;
  }
}

/** One trivial statement: the database is there and answers (the Worker's readiness probe, ADR 48). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.get(sql`SELECT 1`);
}
