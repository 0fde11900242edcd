import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type InStatement } from '@libsql/client';
import { createDb, type Database } from './client';
import { splitMigration } from './migrations';
import { seed } from './seed';
import { DEMO_PASSWORD_HASH } from './seed-data';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

async function migratedClient(): Promise<Client> {
  const client = createClient({ url: ':memory:' });
  await client.execute('PRAGMA foreign_keys = ON');
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const statements = splitMigration(readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8'));
    await client.batch(statements, 'write');
  }
  return client;
}

/** A fresh in-memory SQLite database with every committed migration applied, in order. */
export async function createTestDb(): Promise<Database> {
  return createDb({ kind: 'libsql-client', client: withD1Limits(await migratedClient()) });
}

/** Per seed time and password hash, the script that rebuilds a migrated database seeded so. */
const seededScripts = new Map<string, Promise<string>>();

/**
 * DEMO_PASSWORD hashed at the API's TEST_PASSWORD_COST (scrypt N=1024, r=8, p=1, a fixed salt): a
 * test database seeded with it signs the demo accounts in for about 1 ms instead of the production
 * hash's 100-250 ms. testing.test.ts checks it against the demo password.
 */
export const DEMO_PASSWORD_TEST_HASH = 'scrypt$N=1024,r=8,p=1$a3ViZW1hcmtldC10ZXN0cw$bcjRWWhbSknnQlFooE9rPNMvZqzh3dyT2kaPIBYHuRc';

export interface SeededTestDbOptions {
  /** The demo accounts' password hash instead of the seed's production-cost one (DEMO_PASSWORD_TEST_HASH). */
  demoPasswordHash?: string;
}

/**
 * A fresh in-memory database, migrated and seeded at `now` (epoch ms), as `createTestDb()` then
 * `seed(db, now)` would leave it. The first call in a test process does exactly that and keeps the
 * result as one SQL script (schema, rows, then indexes and triggers); later calls replay the script,
 * about ten times faster than migrating and seeding again. Each database is still its own.
 */
export async function createSeededTestDb(now = 0, options: SeededTestDbOptions = {}): Promise<Database> {
  const key = `${now}|${options.demoPasswordHash ?? ''}`;
  let script = seededScripts.get(key);
  if (!script) {
    script = (async () => {
      const client = await migratedClient();
      await seed(createDb({ kind: 'libsql-client', client }), now);
      if (options.demoPasswordHash) {
        await client.execute({ sql: 'UPDATE users SET password_hash = ? WHERE password_hash = ?', args: [options.demoPasswordHash, DEMO_PASSWORD_HASH] });
      }
      const dump = await dumpDatabase(client);
      client.close();
      return dump;
    })();
    seededScripts.set(key, script);
  }
  const client = createClient({ url: ':memory:' });
  await client.execute('PRAGMA foreign_keys = OFF');
  await client.executeMultiple(await script);
  await client.execute('PRAGMA foreign_keys = ON');
  return createDb({ kind: 'libsql-client', client: withD1Limits(client) });
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${Buffer.from(bytes).toString('hex')}'`;
  }
  return `'${String(value).replaceAll("'", "''")}'`;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The database as one script: its tables, their rows, then its indexes, views and triggers. */
async function dumpDatabase(client: Client): Promise<string> {
  const objects = await client.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
  const tables = objects.rows.filter((row) => row.type === 'table');
  const later = objects.rows.filter((row) => row.type !== 'table');
  const parts: string[] = ['BEGIN;'];
  for (const table of tables) parts.push(`${String(table.sql)};`);
  for (const table of tables) {
    const result = await client.execute(`SELECT * FROM ${quoteName(String(table.name))}`);
    if (result.rows.length === 0) continue;
    const columns = result.columns.map(quoteName).join(', ');
    for (let index = 0; index < result.rows.length; index += 200) {
      const values = result.rows.slice(index, index + 200).map((row) => `(${result.columns.map((_, column) => sqlLiteral(row[column])).join(', ')})`);
      parts.push(`INSERT INTO ${quoteName(String(table.name))} (${columns}) VALUES ${values.join(', ')};`);
    }
  }
  for (const object of later) parts.push(`${String(object.sql)};`);
  parts.push('COMMIT;');
  return parts.join('\n');
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
