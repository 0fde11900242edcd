/**
 * The authorization matrix (docs/architecture.md#security): every procedure of appRouter × every kind of
 * caller, against a real seeded SQLite database. A procedure without a row fails the first test,
 * so each new procedure is access-tested by construction. No procedure can be built outside
 * appRouter: `initTRPC` is refused by lint everywhere but trpc.ts (architecture.test.ts), save the
 * bench's bare floor router (worker/src/bench-floor.ts), which production never serves.
 *
 * Each cell states exactly one outcome, and any other answer fails the cell:
 * - a refusal: UNAUTHORIZED (not signed in), FORBIDDEN (role, staff role or token scope), or
 *   NOT_FOUND where the id is real but belongs to another organisation (scoping on the server);
 * - "allowed": the procedure ran. 'OK' means it succeeded; a business error code (BAD_REQUEST,
 *   CONFLICT, PRECONDITION_FAILED, TOO_MANY_REQUESTS...) means it ran and refused for that business
 *   reason, and is accepted only where the cell names it (`ran(…, 'CONFLICT')` below). A business
 *   error nobody named is a failure, never counted as allowed.
 *
 * Ids are real: every id-taking procedure is called with a seeded id of Acme (or an object created
 * for the call in `prepare`), so Acme's principals reach the business logic and Globex's owner,
 * holding a real id of another organisation, must get NOT_FOUND.
 *
 * Tokens: besides Alice's tokens with every scope and with none, every procedure a token may call
 * (it declares a scope and is not session-only) is called with a token holding exactly that scope
 * (as allowed as the all-scopes token) and with a token holding every scope but those that grant it
 * (FORBIDDEN).
 */
import { clusterAddons, clusterOperations, clusters, nodePools, type Database, type OperationStep } from '@kubemarket/db';
import { closeTestDb } from '@kubemarket/db/testing';
import { DEMO_SELLER, scopesAllow, TOKEN_SCOPES, type TokenScope } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { BUDGET_ROWS } from './testing/authorization-matrix/rows-budgets';
import { CATALOGUE_ROWS } from './testing/authorization-matrix/rows-catalogue';
import { COST_ROWS } from './testing/authorization-matrix/rows-costs';
import { CUSTOMER_ROWS } from './testing/authorization-matrix/rows-customers';
import { LEFTOVER_ROWS } from './testing/authorization-matrix/rows-leftovers';
import { WEBHOOK_ROWS } from './testing/authorization-matrix/rows-webhooks';
import { VISITOR_AND_ACCOUNT_ROWS } from './testing/authorization-matrix/rows-visitors-and-accounts';
import { ALL, PRINCIPALS, SCOPE_PRINCIPALS, type Fixtures, type Outcome, type Principal, type Row, type ScopePrincipal } from './testing/authorization-matrix/principals';
import { createContext, type Context, type Credential, type SessionUser } from './context';
import { createToken } from './modules/tokens/service';
import { notify } from './platform/notify';
import { createSession } from './platform/sessions';
import { appRouter, createCaller } from './root';
import { createTestCaller, memoryMailer, sessionUserOf } from './testing';

/** Every procedure's row: who may call it, with what input, after what preparation (testing/authorization-matrix/). */
const MATRIX: Record<string, Row> = { ...VISITOR_AND_ACCOUNT_ROWS, ...CATALOGUE_ROWS, ...CUSTOMER_ROWS, ...WEBHOOK_ROWS, ...COST_ROWS, ...BUDGET_ROWS, ...LEFTOVER_ROWS };

const failingRates = { async latest(): Promise<never> { throw new Error('offline in tests'); } };

/**
 * A running Dev/Test cluster of Acme's (it may hibernate) with one pool, an add-on and a failed
 * operation to retry, so each clusters procedure reaches its own checks instead of a missing row.
 */
async function clusterFixture(db: Database, now: number) {
  const ids = { clusterId: 'clu_matrix', poolId: 'npl_matrix', operationId: 'cop_matrix' };
  const failed: OperationStep = { key: 'health', label: 'Running health checks', status: 'failed', detail: null, estimateMs: 10_000, startedAt: now - 20_000, finishedAt: now - 10_000, attempts: 3, error: 'The cluster DNS did not answer.' };
  await db.batch([
    db.insert(clusters).values({ id: ids.clusterId, organizationId: 'org_demo_acme', name: 'matrix-dev', tierId: 'tier_devtest', region: 'fr-par-1', status: 'running', kubernetesVersion: '1.36.4', nodeCount: 2, createdAt: now - 60_000, updatedAt: now }),
    db.insert(nodePools).values({ id: ids.poolId, clusterId: ids.clusterId, name: 'default', flavorId: 'gp-2-4', count: 2, kubernetesVersion: '1.36.4', createdAt: now - 60_000, updatedAt: now }),
    db.insert(clusterAddons).values({ id: 'cad_matrix', clusterId: ids.clusterId, addonId: 'addon_monitoring', installedAt: now - 60_000 }),
    db.insert(clusterOperations).values({ id: ids.operationId, clusterId: ids.clusterId, organizationId: 'org_demo_acme', type: 'upgrade', status: 'failed', params: { fromVersion: '1.36.4', toVersion: '1.37.1' }, steps: [failed], error: failed.error, revision: 5, createdAt: now - 30_000, updatedAt: now - 10_000, finishedAt: now - 10_000 }),
  ]);
  return ids;
}

/** The exact answer: 'OK', or the error's code (a crash is thrown, never an outcome). */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return 'OK';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.code === 'INTERNAL_SERVER_ERROR') throw error;
    return error.code;
  }
}

interface ProcedureMeta {
  scope?: TokenScope;
  rest?: { sessionOnly?: boolean };
}

/** The scope a token needs for `procedure`, or null if no token may call it (no scope, or session-only). */
function tokenScopeOf(procedure: string): TokenScope | null {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: ProcedureMeta } }> } })._def.procedures;
  const meta = procedures[procedure]?._def.meta;
  return meta?.scope && !meta.rest?.sessionOnly ? meta.scope : null;
}

/** Cloud APIs are never reached: every request answers 401, as for revoked credentials. */
const offlineClouds = { baseUrls: {}, timeoutMs: 1_000, fetch: (async () => new Response(JSON.stringify({ id: 'unauthorized', message: 'Unable to authenticate you' }), { status: 401, headers: { 'content-type': 'application/json' } })) as typeof fetch };

/** A fresh seeded database per (procedure, principal), so one caller's writes never decide another's outcome. */
async function callAs(procedure: string, principal: Principal | ScopePrincipal): Promise<Outcome> {
  const { ctx, db } = await createTestCaller({
    // Production, as deployed: its seller is configured (the Worker refuses to serve otherwise).
    config: { appVersion: '1.16.0', environment: 'production', seller: DEMO_SELLER },
    ports: { mailer: memoryMailer(), rates: failingRates, clouds: offlineClouds },
  });
  const alice = await sessionUserOf(db, 'alice');
  const now = ctx.ports.clock.now();
  const notification = await notify(ctx, alice.id, { type: 'info', message: 'For the matrix' });
  const { session } = await createSession(db, { id: alice.id, role: alice.role }, now, { ipAddress: null, userAgent: null });
  const token = await createToken({ ...ctx, user: alice, credential: { kind: 'session' } }, { name: 'matrix', expiresInDays: 30, scopes: ['audit:read'] });
  const row = MATRIX[procedure]!;
  const prepared = row.prepare ? await row.prepare({ db, ctx, alice: createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: alice, credential: { kind: 'session' }, session: null })) }) : {};
  const fixtures: Fixtures = { prepared, aliceNotificationId: notification.id, aliceSessionId: session.id, aliceTokenId: token.id, tierId: 'tier_standard', ...(await clusterFixture(db, now)) };

  const scope = tokenScopeOf(procedure);
  const username = principal in PRINCIPALS ? PRINCIPALS[principal as Principal] : 'alice';
  const user: SessionUser | null = username ? await sessionUserOf(db, username) : null;
  const credential: Credential | null = !user
    ? null
    : principal === 'tokenWithScope'
      ? { kind: 'token', tokenId: token.id, scopes: TOKEN_SCOPES }
      : principal === 'tokenWithoutScope'
        ? { kind: 'token', tokenId: token.id, scopes: [] }
        : principal === 'tokenWithOnlyItsScope'
          ? { kind: 'token', tokenId: token.id, scopes: [scope!] }
          : principal === 'tokenWithoutItsScope'
            ? { kind: 'token', tokenId: token.id, scopes: TOKEN_SCOPES.filter((s) => !scopesAllow([s], scope!)) }
            : { kind: 'session' };
  const callerCtx: Context = createContext({ db, config: ctx.config, ports: ctx.ports, user, credential, session: null });
  const caller = createCaller(callerCtx);
  const fn = procedure.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input?: unknown) => Promise<unknown>;
  try {
    return await outcomeOf(() => fn(row.input?.(fixtures)));
  } finally {
    // 2,800 cells, each its own database: closed as soon as its outcome is known.
    closeTestDb(db);
  }
}

describe('authorization matrix', () => {
  const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures).sort();

  it('has a row for every procedure of appRouter, and none for a procedure that does not exist', () => {
    expect(procedures.filter((p) => !(p in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((p) => !procedures.includes(p))).toEqual([]);
  });

  let scopedCells = 0;
  for (const procedure of Object.keys(MATRIX).sort()) {
    const scope = tokenScopeOf(procedure);
    if (scope) scopedCells += SCOPE_PRINCIPALS.length;
    // Eleven calls per row (thirteen for a token's procedures), some hashing a password (scrypt):
    // seconds on a loaded 2-core machine.
    it(`${procedure}${scope ? ` (token scope ${scope})` : ''}`, { timeout: 30_000 }, async () => {
      const row = MATRIX[procedure]!;
      const actual: Partial<Record<Principal | ScopePrincipal, Outcome>> = {};
      const wanted: Partial<Record<Principal | ScopePrincipal, Outcome>> = { ...row.expect };
      for (const principal of ALL) actual[principal] = await callAs(procedure, principal);
      if (scope) {
        // Exactly the one scope: as allowed as a token with every scope. Every scope but it: refused.
        wanted.tokenWithOnlyItsScope = row.expect.tokenWithScope;
        wanted.tokenWithoutItsScope = 'FORBIDDEN';
        for (const principal of SCOPE_PRINCIPALS) actual[principal] = await callAs(procedure, principal);
      }
      expect(actual).toEqual(wanted);
    });
  }

  it('gives a token with all scopes access to every procedure a token may call, so the single-scope cells test the scope alone', () => {
    const refusedWithAllScopes = Object.keys(MATRIX).filter((p) => tokenScopeOf(p) && ['UNAUTHORIZED', 'FORBIDDEN'].includes(MATRIX[p]!.expect.tokenWithScope));
    expect(refusedWithAllScopes).toEqual([]);
  });

  it('states an outcome for every principal in every row', () => {
    for (const row of Object.values(MATRIX)) expect(Object.keys(row.expect).sort()).toEqual([...ALL].sort());
    console.log(
      `authorization matrix: ${procedures.length} procedures × ${ALL.length} principals = ${procedures.length * ALL.length} cells, ` +
        `+ ${scopedCells} single-scope token cells (${scopedCells / SCOPE_PRINCIPALS.length} procedures a token may call) = ${procedures.length * ALL.length + scopedCells} cells`,
    );
  });
});
