import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Test databases are copies of a template file: the first database of a kind in a test process is
 * built (migrated, seeded) in memory and written out with `VACUUM INTO`; every later one copies
 * that file (1 MiB, on /dev/shm where there is one) and opens the copy, about 2 ms instead of
 * replaying 60-odd statements and the seed's rows (~20 ms). Each database is still its own file.
 * The copy is unlinked once open (the connection keeps it; its journal stays in memory), so
 * nothing is left behind; `closeTestDatabases()` (the test setup file, after each test file)
 * closes the connections, which frees them.
 */
let templateDirectory: string | undefined;
let copies = 0;
const openClients = new Set<Client>();
const clientOf = new WeakMap<Database, Client>();

function databaseDirectory(): string {
  if (!templateDirectory) {
    const directory = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'kubemarket-test-db-'));
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
    templateDirectory = directory;
  }
  return templateDirectory;
}

/** Writes `client`'s database to a new template file and answers its path. */
async function writeTemplate(client: Client, name: string): Promise<string> {
  const path = join(databaseDirectory(), `${name}.db`);
  await client.execute({ sql: 'VACUUM INTO ?', args: [path] });
  return path;
}

/** A new database, a copy of the template file at `template`. */
async function openCopy(template: string): Promise<Database> {
  const path = join(databaseDirectory(), `copy-${(copies += 1)}.db`);
  copyFileSync(template, path);
  // One connection: the file is unlinked below, so a second one could not find it.
  const client = createClient({ url: `file:${path}`, concurrency: 1 });
  try {
    await client.execute('PRAGMA journal_mode = MEMORY');
    await client.execute('PRAGMA foreign_keys = ON');
  } finally {
    unlinkSync(path);
  }
  openClients.add(client);
  const db = createDb({ kind: 'libsql-client', client: withD1Limits(client) });
  clientOf.set(db, client);
  return db;
}

/** Closes one test database now, for a test that makes thousands (the authorization matrix). */
export function closeTestDb(db: Database): void {
  const client = clientOf.get(db);
  if (!client) return;
  client.close();
  openClients.delete(client);
}

/** Closes every test database opened so far (the setup file of the Node test projects calls it after each file). */
export function closeTestDatabases(): void {
  for (const client of openClients) client.close();
  openClients.clear();
}

let migratedTemplate: Promise<string> | undefined;

/** A fresh SQLite database with every committed migration applied, in order. */
export async function createTestDb(): Promise<Database> {
  migratedTemplate ??= (async () => {
    const client = await migratedClient();
    const path = await writeTemplate(client, 'migrated');
    client.close();
    return path;
  })();
  return openCopy(await migratedTemplate);
}

/**
 * A fresh migrated database seeded at each of `times` in turn. The seed runs at every start of the
 * app, so its tests seed twice: the second run must add nothing and move nothing.
 */
export async function createTestDbSeededAt(...times: number[]): Promise<Database> {
  const db = await createTestDb();
  for (const now of times) await seed(db, now);
  return db;
}

/** Per seed time and password hash, the template file of a migrated database seeded so. */
const seededTemplates = new Map<string, Promise<string>>();

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
 * A fresh database, migrated and seeded at `now` (epoch ms), as `createTestDb()` then `seed(db, now)`
 * would leave it. The first call in a test process does exactly that and keeps the result as a
 * template file; later calls open a copy of it. Each database is still its own.
 */
export async function createSeededTestDb(now = 0, options: SeededTestDbOptions = {}): Promise<Database> {
  const key = `${now}|${options.demoPasswordHash ?? ''}`;
  let template = seededTemplates.get(key);
  if (!template) {
    template = (async () => {
      const client = await migratedClient();
      await seed(createDb({ kind: 'libsql-client', client }), now);
      if (options.demoPasswordHash) {
        await client.execute({ sql: 'UPDATE users SET password_hash = ? WHERE password_hash = ?', args: [options.demoPasswordHash, DEMO_PASSWORD_HASH] });
      }
      const path = await writeTemplate(client, `seeded-${seededTemplates.size}`);
      client.close();
      return path;
    })();
    seededTemplates.set(key, template);
  }
  return openCopy(await template);
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
