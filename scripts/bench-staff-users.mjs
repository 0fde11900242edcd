// `pnpm bench:staff-users`: inserts ORGANIZATIONS organisations and USERS users into a fresh local
// D1, serves the built Worker on 127.0.0.1, and prints the p50/p99 of the staff user search
// (GET /api/staff/users, as an officer) against GET /api/cluster-tiers, measured in the same run.
// Not a test. BENCH_SKIP_BUILD=1 reuses the last build.
import { rmSync } from 'node:fs';
import { createSession } from './lib/bench-client.mjs';
import { benchDatabase, insertAll, measureAgainstTiers, measurePath, printAgainstBaseline } from './lib/bench-lists.mjs';
import { startLocalWorker } from './lib/local-worker.mjs';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROLES = ['owner', 'admin', 'member', 'billing', 'viewer'];
const STATUSES = ['active', 'active', 'active', 'pending', 'suspended'];

/** Organisations of five members each on average; every user's name, email and username differ. */
async function insertRows(db) {
  const now = Date.now();
  const organizations = [];
  for (let index = 0; index < ORGANIZATIONS; index += 1) {
    const billing = `KB-${index.toString(36).toUpperCase().padStart(6, '0')}`;
    organizations.push(`('org_bench_${index}','Bench Company ${index}','${billing}','${STATUSES[index % STATUSES.length]}',${now - index * 60_000},${now})`);
  }
  await insertAll(db, 'organizations', 'id, name, billing_id, status, created_at, updated_at', organizations);
  const users = [];
  for (let index = 0; index < USERS; index += 1) {
    const organization = index % ORGANIZATIONS;
    const role = index < ORGANIZATIONS ? 'owner' : ROLES[1 + (index % (ROLES.length - 1))];
    const verified = index % 10 === 0 ? 'NULL' : now - index;
    const disabled = index % 97 === 0 ? now : 'NULL';
    users.push(
      `('usr_bench_${index}','org_bench_${organization}','bench_user_${index}','bench.user.${index}@company${organization}.example','Bench User ${index}','user','${role}',${verified},${disabled},${now - index * 1_000},${now})`,
    );
  }
  await insertAll(
    db,
    'users',
    'id, organization_id, username, email, name, role, organization_role, email_verified_at, disabled_at, created_at, updated_at',
    users,
  );
  const count = async (table) => (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first()).n;
  return { organizations: await count('organizations'), users: await count('users') };
}

const { persistTo, filled: stored } = await benchDatabase('staff-users', insertRows);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo, quiet: true });
const origin = worker.url;

/** A fresh officer signed in through the development endpoint (staff sign-in otherwise needs TOTP). */
async function signInAsOfficer() {
  const officer = await createSession(origin, '/api/dev/test-accounts', { role: 'officer', signIn: true });
  return officer.cookie;
}

const measure = (path, cookie) => measurePath(origin, path, cookie, REQUESTS, (candidate) => candidate.startsWith('/api/staff/'));

try {
  const cookie = await signInAsOfficer();
  const searches = [
    '/api/staff/users?page=1&pageSize=20',
    '/api/staff/users?q=bench%20user%2042&page=1&pageSize=20',
    '/api/staff/users?q=company4242.example&page=1&pageSize=20',
    '/api/staff/users?q=nobody-matches-this&page=1&pageSize=20',
    '/api/staff/users?status=disabled&page=1&pageSize=20',
    '/api/staff/users?role=officer&page=1&pageSize=20',
    '/api/staff/users?page=1000&pageSize=50',
  ];
  const rows = await measureAgainstTiers(measure, cookie, searches);
  console.log(`\n${stored.organizations} organisations and ${stored.users} users (${ORGANIZATIONS} + ${USERS} inserted, the rest seeded), ${REQUESTS} sequential requests each, Miniflare (the built Worker) on ${origin}\n`);
  printAgainstBaseline(rows);
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
