import { clusters, organizations, users, type Database } from '@kubemarket/db';
import { createSeededTestDb, DEMO_PASSWORD_TEST_HASH } from '@kubemarket/db/testing';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { createContext, type Context, type CreateContextOptions, type SessionUser } from '../context';
import { publicErrorMessage } from '../errors';
import { createCaller } from '../root';
import type { MailMessage, Mailer } from '../platform/mailer';
import { TEST_PASSWORD_COST } from '../platform/passwords';
import { toSessionUser } from '../platform/sessions';

/**
 * A caller over a fresh, migrated and seeded in-memory database. Passwords are hashed at the cheap
 * TEST_PASSWORD_COST (the demo accounts' too) unless `config.passwordCost` says otherwise: tests
 * about hashing itself use the production cost (platform/passwords.test.ts).
 */
export async function createTestCaller(overrides: Partial<CreateContextOptions> = {}) {
  // Migrated and seeded at time 0, replayed from the first such database of this test process.
  const config = { appVersion: '1.16.0', environment: 'development' as const, passwordCost: TEST_PASSWORD_COST, ...overrides.config };
  const db = await createSeededTestDb(0, config.passwordCost === TEST_PASSWORD_COST ? { demoPasswordHash: DEMO_PASSWORD_TEST_HASH } : {});
  const ctx = createContext({
    db,
    ...overrides,
    config,
  });
  return { caller: createCaller(ctx), ctx, db };
}

/** The seeded account `username` as the session user of a signed-in request. */
export async function sessionUserOf(db: Database, username: string): Promise<SessionUser> {
  const [row] = await db
    .select()
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.username, username))
    .limit(1);
  if (!row) throw new Error(`No user ${username} in the test database`);
  return toSessionUser(row.users, row.organizations);
}

/** A caller on the same database and ports, signed in as `user` (or anonymous). */
export function callerAs(ctx: Context, user: SessionUser | null) {
  return createCaller({ ...ctx, user, credential: user ? { kind: 'session' } : null });
}

/**
 * A caller over a seeded database on a clock the test moves, set at `now`; `as(username)` signs a
 * seeded account in on the same database and clock.
 */
export async function testCallerAt(now: number) {
  const clock = manualClock(now);
  const setup = await createTestCaller({ ports: { clock } });
  const as = async (username: string) => callerAs(setup.ctx, await sessionUserOf(setup.db, username));
  return { clock, ...setup, as };
}

/** Keeps sent mail in memory for assertions. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start: number) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A `background` port that keeps the tasks, so a test can check what ran after the answer. */
export function backgroundQueue() {
  const pending: Promise<unknown>[] = [];
  return {
    pending,
    background(task: Promise<unknown>) {
      pending.push(task);
    },
    /** Waits for every task queued so far (and those they queue). */
    async settle() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
  };
}

/**
 * A seeded database on a clock the test moves (at `now`), mail kept in memory, background tasks
 * queued, links pointing at https://console.example.eu: `as(username)` signs a seeded account in,
 * `mailTo(address)` waits for the queued tasks and reads what that address was sent. `ports`
 * replaces or adds ports (a payments port, a clock the caller made first).
 */
export async function mailingTestbed(now: number, ports: Partial<CreateContextOptions['ports']> & { clock?: ReturnType<typeof manualClock> } = {}) {
  const clock = ports.clock ?? manualClock(now);
  const mailer = memoryMailer();
  const background = backgroundQueue();
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer, background: background.background, ...ports }, request: { appUrl: 'https://console.example.eu' } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const mailTo = async (address: string) => {
    await background.settle();
    return mailer.sent.filter((message) => message.to === address);
  };
  return { clock, ctx, db, mailer, background, as, mailTo };
}

/**
 * The refusal a call ends in, as the client reads it: its tRPC code and public message. Fails the
 * test when the call succeeds; rethrows anything that is not a TRPCError.
 */
export async function refusal(promise: Promise<unknown>): Promise<{ code: TRPCError['code']; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: publicErrorMessage(error) };
    throw error;
  }
  throw new Error('Expected a refusal');
}

/**
 * The message of a 400, as REST and tRPC clients read a refused input. Fails the test on success
 * or on any other refusal.
 */
export async function badRequestMessage(promise: Promise<unknown>): Promise<string> {
  const { code, message } = await refusal(promise);
  if (code !== 'BAD_REQUEST') throw new Error(`Expected a 400 (BAD_REQUEST), got ${code}: ${message}`);
  return message;
}

/**
 * A running cluster of an organisation, with no pools or history: somewhere to place a middleware
 * in tests (a middleware runs in a cluster of its organisation, issue 31). Returns its id.
 */
export async function insertRunningCluster(db: Database, organizationId: string, input: { id?: string; name?: string; region?: string; now?: number } = {}): Promise<string> {
  const id = input.id ?? `clu_test_${organizationId.replace(/^org_/, '')}_${Math.random().toString(36).slice(2, 8)}`;
  const now = input.now ?? Date.now();
  await db.insert(clusters).values({
    id,
    organizationId,
    name: input.name ?? 'apps',
    tierId: 'tier_standard',
    region: input.region ?? 'fr-par-1',
    status: 'running',
    kubernetesVersion: '1.37.1',
    nodeCount: 3,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
