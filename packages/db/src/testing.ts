import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { createDb, type Database } from './client';
import { splitMigration } from './migrations';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** A fresh in-memory SQLite database with every committed migration applied, in order. */
export async function createTestDb(): Promise<Database> {
  const client = createClient({ url: ':memory:' });
  await client.execute('PRAGMA foreign_keys = ON');
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const statements = splitMigration(readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8'));
    await client.batch(statements, 'write');
  }
  return createDb({ kind: 'libsql-client', client });
}
