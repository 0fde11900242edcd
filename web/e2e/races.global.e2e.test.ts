import { beforeAll, describe, expect } from 'vitest';
import { holds, raceScenarios } from '../../scripts/lib/race-scenarios.mjs';
import { workerDatabase } from './database';
import { BASE_URL, it } from './fixtures';

// Issue 29 over HTTP against the built Worker (docs/security.md): each row of the race table fired
// 10 times at once, its effects counted in the Worker's own database, as `pnpm bench:races` does at
// 10, 50 and 100. Exactly what is allowed happens (one charge, two orders on credit, five
// passwords checked...), and no answer is a server error or a dropped connection. No browser: the
// requests are what two tabs, a retrying script or an attacker send. It runs with the other global
// files, after the rest and alone: hundreds of requests and ten 45 MB uploads at once are not a
// load to put beside the browser tests' pages.

const N = 10;
let scenarios: ReturnType<typeof raceScenarios> = {};

beforeAll(async () => {
  scenarios = raceScenarios({ origin: BASE_URL, db: await workerDatabase() });
});

const PATHS = [
  'POST /api/orders/{id}/pay, one order, a key each',
  'POST /api/billing/invoices/{id}/pay, one invoice',
  'bank transfers against a credit limit of two orders',
  'PARIS (first purchase) on orders paid at once',
  'a code limited to 2 orders per organisation, orders paid at once',
  'POST /api/login, wrong passwords, one account, one address',
  'POST /api/login/mfa, wrong codes over N/5 challenges',
  'POST /api/organization/invitations, N addresses',
  'POST /api/organization/invitations, one address',
  'anonymous 45 MB uploads to /api/tickets/{id}/attachments',
  'POST /api/login, wrong passwords, one account, N addresses',
];

describe(`the races of issue 29, ${N} requests at once over HTTP`, () => {
  it('covers every scenario of `pnpm bench:races`', () => {
    expect(Object.keys(scenarios).sort()).toEqual([...PATHS].sort());
  });

  it.each(PATHS)('%s: exactly what is allowed happens', { timeout: 60_000 }, async (path) => {
    const row = await scenarios[path]!(N);
    expect(row.fired).toBe(N);
    expect(row.effects, `${path}: ${row.effect} (answers ${JSON.stringify(row.statuses)})`).toBe(Math.min(N, row.allowed));
    expect(holds(row), `${path}: answers ${JSON.stringify(row.statuses)}`).toBe(true);
  });
});
