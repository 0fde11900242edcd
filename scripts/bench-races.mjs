// `pnpm bench:races`: the races of issue 29 against the built Worker on 127.0.0.1 (Miniflare,
// a fresh seeded local D1). For each path it fires N requests at once (10, 50 and 100), then
// counts the effects in the database and prints them against the one allowed. Not a test: the
// tests (packages/api/src/modules/orders/races.test.ts, worker/test/races.test.ts) prove each row;
// this shows it at load. BENCH_SKIP_BUILD=1 reuses the last build; BENCH_RACES=10,50 changes N.
import { randomUUID } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { devSession, testAccountSession } from './lib/bench-client.mjs';
import { benchDatabase } from './lib/bench-lists.mjs';
import { startLocalWorker } from './lib/local-worker.mjs';

const SIZES = (process.env.BENCH_RACES ?? '10,50,100').split(',').map(Number);
const CARD = { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Bench Race' } };
const BILLING = { companyName: 'Race Bench SARL', countryCode: 'FR', addressLine1: '1 rue de la Paix', postalCode: '75002', city: 'Paris' };
const SUPPORT = { lines: [{ kind: 'support', planId: 'support_business' }], billing: BILLING };
const SUPPORT_CENTS = 23_880;

/** A due invoice of €100 for Globex per size, for "Pay invoice now". */
async function fill(db) {
  for (const [index, size] of SIZES.entries()) {
    // Invoices are unique per organisation and period: one past month each.
    const month = Date.UTC(2020, index, 1);
    await db
      .prepare(
        `INSERT INTO invoices (id, organization_id, kind, number, period_start, period_end, status, billing, subtotal_cents, discount_cents, credits_cents, taxable_cents, vat_rate_basis_points, tax_cents, reverse_charge, total_cents, issued_at, due_at, failed_charges, created_at, updated_at)
         VALUES (?, 'org_demo_globex', 'invoice', ?, ?, ?, 'due', ?, 10000, 0, 0, 10000, 0, 0, 0, 10000, ?, ?, 0, ?, ?)`,
      )
      .bind(`inv_race_${size}`, `KM-2020-0099${String(size).padStart(2, '0')}`, month, Date.UTC(2020, index + 1, 1), JSON.stringify({ companyName: 'Globex Logistics', billingId: 'KM-GLOBX1', vatNumber: null, addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris', countryCode: 'FR' }), Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 15), Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 1))
      .run();
  }
  return SIZES.length;
}

const { persistTo } = await benchDatabase('races', fill);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8797), persistTo, quiet: true, vars: { PASSWORD_HASH_COST: 'test' } });
const origin = worker.url;
const { getPlatformProxy } = await import('wrangler');
const proxy = await getPlatformProxy({ configPath: 'wrangler.toml', persist: { path: `${persistTo}/v3` }, remoteBindings: false });
const db = proxy.env.DB;
const count = async (query, ...bindings) => (await db.prepare(query).bind(...bindings).first()).n;
const placeholders = (ids) => ids.map(() => '?').join(', ');

/** Fires the calls at once; answers counted by HTTP status. */
async function fire(calls) {
  const started = performance.now();
  const answers = await Promise.all(calls.map((call) => call().then((res) => res.status, () => 'network')));
  const statuses = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return { statuses, fired: calls.length, ms: Math.round(performance.now() - started) };
}

async function placeOrders(session, n, extra = {}) {
  const orders = [];
  for (let index = 0; index < n; index += 1) {
    const res = await session.call('POST', '/api/orders', { ...SUPPORT, ...extra }, { 'Idempotency-Key': randomUUID() });
    if (!res.ok) throw new Error(`placing an order answered ${res.status}: ${await res.text()}`);
    orders.push(await res.json());
  }
  return orders;
}

const scenarios = {
  async 'POST /api/orders/{id}/pay, one order, a key each'(n) {
    const session = await testAccountSession(origin);
    const [order] = await placeOrders(session, 1);
    const run = await fire(Array.from({ length: n }, () => () => session.call('POST', `/api/orders/${order.id}/pay`, { paymentIdempotencyKey: randomUUID(), method: CARD })));
    return { ...run, effects: await count(`SELECT count(*) AS n FROM payments WHERE order_id = ? AND status = 'succeeded'`, order.id), allowed: 1, effect: 'charges' };
  },
  async 'POST /api/billing/invoices/{id}/pay, one invoice'(n) {
    const session = await devSession(origin, 'gabriel');
    const run = await fire(Array.from({ length: n }, () => () => session.call('POST', `/api/billing/invoices/inv_race_${n}/pay`, { paymentIdempotencyKey: randomUUID(), method: CARD })));
    return { ...run, effects: await count(`SELECT count(*) AS n FROM invoice_payments WHERE invoice_id = ? AND status = 'succeeded'`, `inv_race_${n}`), allowed: 1, effect: 'charges' };
  },
  // N requests over at most 25 orders (the card-testing limit answers 429 past 30 attempts per
  // organisation an hour; those count as refused like any other).
  async 'bank transfers against a credit limit of two orders'(n) {
    const session = await testAccountSession(origin);
    const organizationId = session.answer.organization.id;
    await db.prepare('UPDATE organizations SET invoicing_allowed = 1, credit_limit_cents = ? WHERE id = ?').bind(2 * SUPPORT_CENTS, organizationId).run();
    const orders = await placeOrders(session, Math.min(n, 25));
    const run = await fire(Array.from({ length: n }, (_, index) => () => session.call('POST', `/api/orders/${orders[index % orders.length].id}/pay`, { paymentIdempotencyKey: randomUUID(), method: { kind: 'bank_transfer' } })));
    const ids = orders.map((order) => order.id);
    return { ...run, effects: await count(`SELECT count(*) AS n FROM payments WHERE order_id IN (${placeholders(ids)}) AND status = 'processing'`, ...ids), allowed: 2, effect: 'orders on credit' };
  },
  async 'PARIS (first purchase) on orders paid at once'(n) {
    const session = await testAccountSession(origin);
    const orders = await placeOrders(session, Math.min(n, 25), { promotionCode: 'PARIS' });
    const run = await fire(Array.from({ length: n }, (_, index) => () => session.call('POST', `/api/orders/${orders[index % orders.length].id}/pay`, { paymentIdempotencyKey: randomUUID(), method: CARD })));
    const ids = orders.map((order) => order.id);
    return { ...run, effects: await count(`SELECT count(*) AS n FROM orders WHERE id IN (${placeholders(ids)}) AND status <> 'pending' AND discount_cents > 0`, ...ids), allowed: 1, effect: 'discounts' };
  },
  // A code any organisation may use on two orders: N payments of one organisation's orders at once.
  async 'a code limited to 2 orders per organisation, orders paid at once'(n) {
    const code = `TWICE${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    await db.prepare(`INSERT INTO promotions (code, description, kind, value, valid_from, max_redemptions_per_organization, created_at, updated_at) VALUES (?, 'Race bench', 'amount', 1000, 0, 2, 0, 0)`).bind(code).run();
    const session = await testAccountSession(origin);
    const orders = await placeOrders(session, Math.min(n, 25), { promotionCode: code });
    const run = await fire(Array.from({ length: n }, (_, index) => () => session.call('POST', `/api/orders/${orders[index % orders.length].id}/pay`, { paymentIdempotencyKey: randomUUID(), method: CARD })));
    const ids = orders.map((order) => order.id);
    return { ...run, effects: await count(`SELECT count(*) AS n FROM orders WHERE id IN (${placeholders(ids)}) AND status <> 'pending' AND discount_cents > 0`, ...ids), allowed: 2, effect: 'discounts' };
  },
  async 'POST /api/login, wrong passwords, one account, one address'(n) {
    return wrongPasswords(n, () => '198.51.100.7', 5);
  },
  async 'POST /api/login/mfa, wrong codes over N/5 challenges'(n) {
    const account = await testAccountSession(origin, { totp: true });
    const { username, password } = account.answer;
    const anonymous = await anonymousSession();
    const tokens = [];
    for (let index = 0; index < Math.max(1, Math.ceil(n / 5)); index += 1) {
      const res = await anonymous.call('POST', '/api/login', { identifier: username, password });
      const answer = await res.json();
      if (!answer.mfaToken) throw new Error(`signing in with the password answered ${res.status} without a challenge`);
      tokens.push(answer.mfaToken);
    }
    const run = await fire(Array.from({ length: n }, (_, index) => () => anonymous.call('POST', '/api/login/mfa', { mfaToken: tokens[index % tokens.length], code: '000000' })));
    return { ...run, effects: run.statuses[401] ?? 0, allowed: 10, effect: 'codes checked' };
  },
  async 'POST /api/organization/invitations, N addresses'(n) {
    const owner = await testAccountSession(origin);
    const tag = randomUUID().slice(0, 8);
    const run = await fire(Array.from({ length: n }, (_, index) => () => owner.call('POST', '/api/organization/invitations', { email: `bench.${tag}.${index}@example.com`, role: 'member' })));
    return { ...run, effects: run.statuses[200] ?? 0, allowed: 20, effect: 'invitations sent' };
  },
  async 'POST /api/organization/invitations, one address'(n) {
    const owner = await testAccountSession(origin);
    const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
    const run = await fire(Array.from({ length: n }, () => () => owner.call('POST', '/api/organization/invitations', { email, role: 'viewer' })));
    return { ...run, effects: run.statuses[200] ?? 0, allowed: 3, effect: 'invitations sent' };
  },
  async 'anonymous 45 MB uploads to /api/tickets/{id}/attachments'(n) {
    const answers = await Promise.all(Array.from({ length: n }, () => anonymousUpload(45 * 1024 * 1024)));
    const statuses = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    const readWhole = answers.filter((answer) => answer.written >= 45 * 1024 * 1024).length;
    const mib = (answers.reduce((total, answer) => total + answer.written, 0) / n / 1024 / 1024).toFixed(1);
    return { statuses, fired: n, ms: Math.max(...answers.map((answer) => answer.ms)), effects: readWhole, allowed: 0, effect: `bodies read whole; ${mib} MiB sent on average before the answer` };
  },
  // ADR 25: a loose per-account limit (10) across addresses, so a stranger cannot lock the owner out.
  async 'POST /api/login, wrong passwords, one account, N addresses'(n) {
    return wrongPasswords(n, (index) => `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}`, 10);
  },
};

/** A signed-out browser: the CSRF cookie and token, and `call` sending both. */
async function anonymousSession() {
  const res = await fetch(`${origin}/api/user`);
  const csrf = res.headers.get('X-CSRF-Token') ?? '';
  const cookie = res.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return {
    call: (method, path, body) =>
      fetch(`${origin}${path}`, { method, headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': csrf, Cookie: cookie }, body: JSON.stringify(body) }),
  };
}

/**
 * A multipart upload declaring `size` bytes, written 64 KiB at a time while the server lets us
 * (backpressure) until it answers: how much it took before answering, and the answer.
 */
let reported = false;
function anonymousUpload(size) {
  const started = performance.now();
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    const { hostname, port } = new URL(origin);
    const req = httpRequest({ hostname, port, method: 'POST', path: '/api/tickets/tkt_demo_acme_invoice/attachments', headers: { 'Content-Type': 'multipart/form-data; boundary=bench', 'Content-Length': String(size), Origin: origin } });
    const chunk = Buffer.alloc(64 * 1024, 97);
    const finish = (status) => {
      if (answered) return;
      answered = true;
      req.destroy();
      resolve({ status, written, ms: Math.round(performance.now() - started) });
    };
    req.on('response', (res) => {
      let body = '';
      res.on('data', (part) => (body += part));
      res.on('end', () => {
        if (res.statusCode >= 500 && !reported) {
          reported = true;
          console.error(`An upload was answered ${res.statusCode}: ${body.slice(0, 300)}`);
        }
      });
      finish(res.statusCode);
    });
    // The server closed the connection while the body was still being sent: it answered without
    // reading the rest (at 100 uploads at once the kernel's reset can overtake the 403 before this
    // client reads it). That is a refusal before reading, counted apart; any other error is 'network'.
    req.on('error', (error) => finish(error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset before the body was read' : 'network'));
    const pump = () => {
      while (!answered && written < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
        written += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** N wrong passwords at once to a new account: how many were checked (401) rather than refused (429). */
async function wrongPasswords(n, addressOf, allowed) {
  const victim = await testAccountSession(origin);
  const { username } = victim.answer;
  const anonymous = await fetch(`${origin}/api/user`);
  const csrf = anonymous.headers.get('X-CSRF-Token') ?? '';
  const cookie = anonymous.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  const run = await fire(
    Array.from({ length: n }, (_, index) => () =>
      fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': csrf, Cookie: cookie, 'CF-Connecting-IP': addressOf(index) },
        body: JSON.stringify({ identifier: username, password: `wrong-password-${index}` }),
      }),
    ),
  );
  return { ...run, effects: run.statuses[401] ?? 0, allowed, effect: 'passwords checked' };
}

const rows = [];
const only = process.env.BENCH_ONLY;
try {
  for (const [path, scenario] of Object.entries(scenarios)) {
    if (only && !path.includes(only)) continue;
    for (const n of SIZES) {
      try {
        const result = await scenario(n);
        rows.push({ path, ...result, n: result.fired });
      } catch (error) {
        rows.push({ path, n, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
} finally {
  await proxy.dispose();
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}

console.log(`\nIssue 29 races: N requests at once against Miniflare (the built Worker) on ${origin}, effects counted in D1 afterwards\n`);
console.log(`${'path'.padEnd(58)} ${'N'.padStart(4)} ${'effects'.padStart(8)} ${'allowed'.padStart(8)}  ${'holds'.padEnd(5)} ${'ms'.padStart(6)}  answers`);
let broken = 0;
for (const row of rows) {
  if (row.error) {
    broken += 1;
    console.log(`${row.path.padEnd(58)} ${String(row.n).padStart(4)}  error: ${row.error}`);
    continue;
  }
  const holds = row.effects <= row.allowed && !row.statuses[500] && !row.statuses.network;
  if (!holds) broken += 1;
  const answers = Object.entries(row.statuses).map(([status, times]) => `${times}×${status}`).join(' ');
  console.log(`${row.path.padEnd(58)} ${String(row.n).padStart(4)} ${String(row.effects).padStart(8)} ${String(row.allowed).padStart(8)}  ${(holds ? 'yes' : 'NO').padEnd(5)} ${String(row.ms).padStart(6)}  ${answers} (${row.effect})`);
}
console.log(broken === 0 ? '\nEvery path holds at every size.' : `\n${broken} row(s) do not hold.`);
process.exit(broken === 0 ? 0 : 1);
