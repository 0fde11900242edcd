import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from '@libsql/client';
import { splitMigration } from '@kubemarket/db';

const MIGRATIONS_DIR = new URL('../../packages/db/migrations/', import.meta.url);

/**
 * Applies the committed migrations to a libSQL database, recording them in the same
 * `d1_migrations` table wrangler uses, so a database can move between D1 and Turso.
 */
export async function applyLibsqlMigrations(client: Client): Promise<number> {
  await client.execute(`CREATE TABLE IF NOT EXISTS d1_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT UNIQUE,
    applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`);
  const done = new Set((await client.execute('SELECT name FROM d1_migrations')).rows.map((row) => String(row.name)));
  const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).sort();
  let applied = 0;
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = splitMigration(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'));
    await client.batch(
      [...statements, { sql: 'INSERT INTO d1_migrations (name) VALUES (?)', args: [file] }],
      'write',
    );
    applied += 1;
  }
  return applied;
}
