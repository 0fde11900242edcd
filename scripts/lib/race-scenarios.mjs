// The races of issue 29 (docs/security.md), fired over HTTP at the built Worker: each scenario
// fires N requests at once on one path and counts the effects in its D1 database against the one
// allowed. `pnpm bench:races` runs them at 10, 50 and 100 (scripts/bench-races.mjs); the browser
// tier runs them at 10 as tests (web/e2e/races.global.e2e.test.ts).
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { testAccountSession } from './bench-client.mjs';

const CARD = { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Bench Race' } };
const BILLING = { companyName: 'Race Bench SARL', countryCode: 'FR', addressLine1: '1 rue de la Paix', postalCode: '75002', city: 'Paris' };
const SUPPORT = { lines: [{ kind: 'support', planId: 'support_business' }], billing: BILLING };
const SUPPORT_CENTS = 23_880;

/**
 * A due invoice of a past month (January 2020) for an organisation, for tests and benchmarks that
 * need one to pay or correct: its id and number. `totalCents` is taxed at 0 % (reverse charge off).
 */
export async function insertInvoice(db, organizationId, { totalCents = 10_000 } = {}) {
  const id = `inv_race_${randomUUID().slice(0, 8)}`;
  const number = `KM-2020-9${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const month = Date.UTC(2020, 0, 1);
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO invoices (id, organization_id, kind, number, period_start, period_end, status, billing, subtotal_cents, discount_cents, credits_cents, taxable_cents, vat_rate_basis_points, tax_cents, reverse_charge, total_cents, issued_at, due_at, failed_charges, created_at, updated_at)
       VALUES (?, ?, 'invoice', ?, ?, ?, 'due', ?, ?, 0, 0, ?, 0, 0, 0, ?, ?, ?, 0, ?, ?)`,
    )
    .bind(id, organizationId, number, month, Date.UTC(2020, 1, 1), JSON.stringify({ ...BILLING, billingId: null, vatNumber: null }), totalCents, totalCents, totalCents, now, now, now, now)
    .run();
  return { id, number };
}

/** Whether a row holds: no more effects than allowed, and no answer a server error or a dropped connection. */
export const holds = (row) => row.effects <= row.allowed && !row.statuses[500] && !row.statuses.network;

/**
 * The scenarios against the Worker at `origin`, whose database `db` (its own, through
 * worker-database.mjs) is read to count effects. Each scenario takes
 * N and resolves to { statuses, fired, ms, effects, allowed, effect }.
 */
export function raceScenarios({ origin, db }) {
  const count = async (query, ...bindings) => (await db.prepare(query).bind(...bindings).first()).n;
  const placeholders = (ids) => ids.map(() => '?').join(', ');

  const insertDueInvoice = async (organizationId) => (await insertInvoice(db, organizationId)).id;

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
      const session = await testAccountSession(origin);
      const invoiceId = await insertDueInvoice(session.answer.organization.id);
      const run = await fire(Array.from({ length: n }, () => () => session.call('POST', `/api/billing/invoices/${invoiceId}/pay`, { paymentIdempotencyKey: randomUUID(), method: CARD })));
      return { ...run, effects: await count(`SELECT count(*) AS n FROM invoice_payments WHERE invoice_id = ? AND status = 'succeeded'`, invoiceId), allowed: 1, effect: 'charges' };
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
      return { ...run, effects: run.statuses[201] ?? 0, allowed: 20, effect: 'invitations sent' };
    },
    async 'POST /api/organization/invitations, one address'(n) {
      const owner = await testAccountSession(origin);
      const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
      const run = await fire(Array.from({ length: n }, () => () => owner.call('POST', '/api/organization/invitations', { email, role: 'viewer' })));
      return { ...run, effects: run.statuses[201] ?? 0, allowed: 3, effect: 'invitations sent' };
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


  return scenarios;
}
