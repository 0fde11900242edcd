import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from '@libsql/client';
import { splitMigration } from '@kubemarket/db';

const MIGRATIONS_DIR = new URL('../../packages/db/migrations/', import.meta.url);

/** What applying migrations needs of a database: a query, and a batch run as one transaction. */
interface MigrationTarget {
  names(): Promise<string[]>;
  apply(statements: string[], name: string): Promise<void>;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT UNIQUE,
    applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`;
const RECORD = 'INSERT INTO d1_migrations (name) VALUES (?)';

/**
 * Applies the committed migrations not yet applied, in order, each with its record in the same
 * `d1_migrations` table `wrangler d1 migrations apply` keeps (so a database can move between D1
 * and Turso, and wrangler sees them applied). Returns how many it applied.
 */
async function applyMigrations(target: MigrationTarget): Promise<number> {
  const done = new Set(await target.names());
  const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).sort();
  let applied = 0;
  for (const file of files) {
    if (done.has(file)) continue;
    await target.apply(splitMigration(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8')), file);
    applied += 1;
  }
  return applied;
}

/** The committed migrations on a libSQL database (Turso, DATABASE_URL). */
export async function applyLibsqlMigrations(client: Client): Promise<number> {
  await client.execute(CREATE_TABLE);
  return applyMigrations({
    names: async () => (await client.execute('SELECT name FROM d1_migrations')).rows.map((row) => String(row.name)),
    apply: async (statements, name) => {
      await client.batch([...statements, { sql: RECORD, args: [name] }], 'write');
    },
  });
}

/**
 * The committed migrations on a D1 binding (local D1 under wrangler's platform proxy): what
 * `wrangler d1 migrations apply --local` does, without starting wrangler and a second workerd
 * for it (scripts/seed.ts, issue 28).
 */
export async function applyD1Migrations(db: D1Database): Promise<number> {
  await db.exec(CREATE_TABLE.replaceAll('\n', ' '));
  return applyMigrations({
    names: async () => (await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((row) => row.name),
    apply: async (statements, name) => {
      await db.batch([...statements.map((statement) => db.prepare(statement)), db.prepare(RECORD).bind(name)]);
    },
  });
}
