import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type InStatement } from '@libsql/client';
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
  return createDb({ kind: 'libsql-client', client: withD1Limits(client) });
}

/** D1 binds at most 100 parameters per statement; SQLite allows 32 766, so tests would never see it. */
export const D1_MAX_BOUND_PARAMETERS = 100;

function checkParameters(statement: InStatement): void {
  if (typeof statement === 'string') return;
  const args = statement.args;
  const bound = Array.isArray(args) ? args.length : args ? Object.keys(args).length : 0;
  if (bound > D1_MAX_BOUND_PARAMETERS) {
    throw new Error(`D1 binds at most ${D1_MAX_BOUND_PARAMETERS} parameters per statement; this one binds ${bound}: ${statement.sql.slice(0, 120)}…`);
  }
}

/** The client, refusing what D1 would refuse, so code tested here runs on D1 too. */
function withD1Limits(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: InStatement, ...rest: unknown[]) => {
          checkParameters(statement);
          return (target.execute as (...args: unknown[]) => unknown)(statement, ...rest);
        };
      }
      if (property === 'batch') {
        return (statements: InStatement[], ...rest: unknown[]) => {
          statements.forEach(checkParameters);
          return (target.batch as (...args: unknown[]) => unknown)(statements, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
