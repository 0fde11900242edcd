/**
 * A customer gets 403 on every staff path and sees no staff data anywhere: every REST path of the
 * OpenAPI document under /api/admin and /api/staff, every other route whose procedure is
 * staff-only by its metadata (`staffRoles`, set by officerProcedure, adminProcedure and
 * superAdminProcedure), and every staff-only tRPC procedure, called by a signed-in customer owner
 * and by that customer's API token carrying every scope.
 */
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { appRouter, restRoutes } from '@kubemarket/api';
import { DEMO_PROMOTION_REQUEST_ID } from '@kubemarket/db/seed';
import { TOKEN_SCOPES } from '@kubemarket/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody, BASE, json, TestClient } from './client';

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; meta?: { staffRoles?: readonly string[] } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures);
/** Staff-only by metadata: the procedures built on officerProcedure, adminProcedure or superAdminProcedure. */
const staffProcedures = procedures.filter(([, { _def }]) => _def.meta?.staffRoles !== undefined && _def.type !== 'subscription').map(([path, { _def }]) => ({ path, type: _def.type }));
const staffProcedureNames = new Set(staffProcedures.map((procedure) => procedure.path));

const STAFF_PREFIX = /^\/api\/(admin|staff)\//;
const NO_PERMISSION = 'You do not have permission to do this.';
const NO_TOKENS = 'API tokens cannot be used for this operation. Sign in to the console instead.';

/** Real seeded ids in the path, so that a missing check would answer real data, not a 404. */
const SEEDED_IDS: Array<[RegExp, string]> = [
  [/^\/api\/admin\/organizations\//, 'org_demo_globex'],
  [/^\/api\/admin\/registrations\//, 'org_demo_initech'],
  [/^\/api\/(staff|admin)\/users\//, 'usr_demo_marc'],
  [/^\/api\/admin\/organization-users\//, 'usr_demo_marc'],
  [/^\/api\/admin\/promotion-requests\//, DEMO_PROMOTION_REQUEST_ID],
  [/^\/api\/admin\/tickets\//, 'tkt_demo_acme_invoice'],
  [/^\/api\/admin\/clusters\//, 'clu_demo_webshop'],
];
function concrete(path: string): string {
  const id = SEEDED_IDS.find(([pattern]) => pattern.test(path))?.[1] ?? 'probe_id';
  return path.replace(/\{\w+\}/g, id);
}

interface Operation {
  method: string;
  path: string;
  procedure: string;
  multipart: boolean;
}

let ipCounter = 0;
const nextIp = () => `192.0.2.${200 + (ipCounter += 1)}`;

/** What a staff action would send: a reason, and for uploads a small file. */
function bodyFor(operation: Operation): BodyInit | undefined {
  if (operation.method === 'GET' || operation.method === 'DELETE') return undefined;
  if (operation.multipart) {
    const form = new FormData();
    form.append('files', new File(['hello'], 'note.txt', { type: 'text/plain' }));
    return form;
  }
  return JSON.stringify({ reason: 'A customer tries a staff action.', role: 'super_admin', creditLimitCents: null, amountCents: 100_000 });
}

function headersFor(operation: Operation): Record<string, string> {
  return operation.multipart || operation.method === 'GET' || operation.method === 'DELETE' ? {} : { 'Content-Type': 'application/json' };
}

/** A refusal with no data: 403 and a body that is exactly the error (`{ message, code, requestId }`). */
async function expectRefused(label: string, response: Response, message: string) {
  const text = await response.text();
  expect({ label, status: response.status }).toEqual({ label, status: 403 });
  expect({ label, body: JSON.parse(text) as unknown }).toEqual({ label, body: apiErrorBody(message, 'forbidden') });
}

describe('staff paths: a customer is refused everywhere', () => {
  let operations: Operation[] = [];
  let customer: TestClient;
  let token: string;

  beforeAll(async () => {
    const anonymous = await new TestClient(nextIp()).prime();
    const document = await json<{ paths: Record<string, Record<string, { operationId: string }>> }>(await anonymous.get('/api/openapi.json'));
    const routes = restRoutes();
    const fromDocument = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, procedure: operation.operationId })),
    );
    const byKey = new Map<string, Omit<Operation, 'multipart'>>();
    // Every documented path under /api/admin and /api/staff, and every documented staff-only procedure wherever its path is.
    for (const operation of fromDocument) {
      if (STAFF_PREFIX.test(operation.path) || staffProcedureNames.has(operation.procedure)) byKey.set(`${operation.method} ${operation.path}`, operation);
    }
    // Staff-only routes the document leaves out (internal ones) are refused too.
    for (const route of routes) {
      if (staffProcedureNames.has(route.procedure)) byKey.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, procedure: route.procedure });
    }
    operations = [...byKey.values()].map((operation) => ({ ...operation, multipart: Boolean(routes.find((route) => route.procedure === operation.procedure)?.meta.multipart) }));

    // Alice, owner of Acme (an active organisation), by her browser session and by an API token with every scope.
    customer = await new TestClient(nextIp()).prime();
    const signIn = await customer.post('/trpc/dev.login', { username: 'alice' });
    expect(signIn.status).toBe(200);
    expect(await json(await customer.get('/api/user'))).toMatchObject({ username: 'alice', role: 'user' });
    const created = await customer.post('/api/tokens', { name: 'staff probe', expiresInDays: 1, scopes: [...TOKEN_SCOPES] });
    expect(created.status).toBe(201);
    token = (await json<{ token: string }>(created)).token;
  });

  it('knows the staff paths: the documented /api/admin and /api/staff paths are all staff-only procedures', () => {
    expect(staffProcedures.length).toBeGreaterThan(60);
    expect(operations.length).toBeGreaterThan(60);
    for (const path of ['/api/staff/users', '/api/admin/registrations', '/api/admin/promotion-requests', '/api/admin/organization-users', '/api/admin/organizations/{id}/settings', '/api/admin/activity']) {
      expect(operations.map((operation) => operation.path)).toContain(path);
    }
    // Under those prefixes nothing is open to customers by design: a path there that is not staff-only would be a mistake.
    expect(operations.filter((operation) => !staffProcedureNames.has(operation.procedure)).map((operation) => `${operation.method} ${operation.path} (${operation.procedure})`)).toEqual([]);
  });

  it('answers the customer’s session 403 with no data on every staff REST path', { timeout: 120_000 }, async () => {
    for (const operation of operations) {
      const response = await customer.send(operation.method, concrete(operation.path), bodyFor(operation), headersFor(operation));
      await expectRefused(`session ${operation.method} ${operation.path}`, response, NO_PERMISSION);
    }
  });

  it('answers the customer’s API token 403 with no data on every staff REST path, whatever its scopes', { timeout: 120_000 }, async () => {
    for (const operation of operations) {
      const response = await exports.default.fetch(
        new Request(`${BASE}${concrete(operation.path)}`, {
          method: operation.method,
          headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': '198.51.100.40', ...headersFor(operation) },
          body: bodyFor(operation),
        }),
      );
      await expectRefused(`token ${operation.method} ${operation.path}`, response, NO_TOKENS);
    }
  });

  it('answers the customer’s session 403 with no data on every staff-only tRPC procedure, REST path or not', { timeout: 120_000 }, async () => {
    for (const procedure of staffProcedures) {
      const response =
        procedure.type === 'query'
          ? await customer.get(`/trpc/${procedure.path}?input=${encodeURIComponent('{}')}`)
          : await customer.post(`/trpc/${procedure.path}`, { reason: 'A customer tries a staff action.' });
      const body = (await response.json()) as { error?: { message: string; data: { code: string; httpStatus: number } }; result?: unknown };
      expect({ procedure: procedure.path, status: response.status, result: body.result, error: body.error && { message: body.error.message, code: body.error.data.code } }).toEqual({
        procedure: procedure.path,
        status: 403,
        result: undefined,
        error: { message: NO_PERMISSION, code: 'FORBIDDEN' },
      });
    }
  });

  it('changed nothing: the registration still waits, the promotion request is undecided, Globex keeps its settings', async () => {
    const organizations = await env.DB.prepare("SELECT id, status, invoicing_allowed AS invoicing, credit_limit_cents AS creditLimit FROM organizations WHERE id IN ('org_demo_initech', 'org_demo_globex') ORDER BY id").all();
    expect(organizations.results).toEqual([
      { id: 'org_demo_globex', status: 'active', invoicing: 1, creditLimit: 2_000_000 },
      { id: 'org_demo_initech', status: 'pending', invoicing: 0, creditLimit: null },
    ]);
    const request = await env.DB.prepare('SELECT status FROM promotion_requests WHERE id = ?').bind(DEMO_PROMOTION_REQUEST_ID).first<{ status: string }>();
    expect(request?.status).toBe('pending');
    const roles = await env.DB.prepare("SELECT id, role FROM users WHERE id IN ('usr_demo_alice', 'usr_demo_marc', 'usr_demo_olivia') ORDER BY id").all<{ id: string; role: string }>();
    expect(roles.results).toEqual([
      { id: 'usr_demo_alice', role: 'user' },
      { id: 'usr_demo_marc', role: 'user' },
      { id: 'usr_demo_olivia', role: 'officer' },
    ]);
  });
});

describe('the audit log on D1', () => {
  it('refuses to change or delete an entry (the migration’s triggers, as D1 applies them)', async () => {
    await env.DB.prepare("INSERT INTO audit_log (id, action, created_at) VALUES ('aud_d1_probe', 'probe.appended', 1)").run();
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'probe.changed' WHERE id = 'aud_d1_probe'").run()).rejects.toThrow(/append-only: an entry cannot be changed/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = 'aud_d1_probe'").run()).rejects.toThrow(/append-only: an entry cannot be deleted/);
    expect(await env.DB.prepare("SELECT action FROM audit_log WHERE id = 'aud_d1_probe'").first()).toEqual({ action: 'probe.appended' });
  });
});
