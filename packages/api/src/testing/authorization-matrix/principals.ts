/**
 * The authorization matrix's callers and the outcomes a row states for them
 * (authorization-matrix.test.ts): the principals, the refusals and business errors, and the named
 * sets of expectations the rows are written with.
 */
import type { TRPCError } from '@trpc/server';
import type { PrepareEnv } from './fixtures';

export const PRINCIPALS = {
  anonymous: null,
  ownerA: 'alice',
  memberA: 'marc',
  billingA: 'bruno',
  viewerA: 'vera',
  customerB: 'gabriel',
  officer: 'olivia',
  admin: 'adam',
  superAdmin: 'sophie',
  // Alice's API tokens: every scope, and none that any procedure asks for.
  tokenWithScope: 'alice',
  tokenWithoutScope: 'alice',
} as const;
export type Principal = keyof typeof PRINCIPALS;
/** Refusals: the caller never reached the procedure's business logic. */
export type Refusal = 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND';
/** The procedure ran and refused for a business reason; accepted only where a cell names it. */
export type BusinessError = Exclude<TRPCError['code'], Refusal | 'INTERNAL_SERVER_ERROR'>;
/** 'OK' (ran and succeeded), a named business error (ran, refused for that reason), or a refusal. */
export type Outcome = 'OK' | Refusal | BusinessError;
export type Expectations = Record<Principal, Outcome>;
/**
 * Alice's tokens narrowed for one procedure: exactly the scope it declares, and every scope but
 * those that grant it (a `write` scope grants the `read` of its domain). Only procedures a token may
 * call get these cells.
 */
export const SCOPE_PRINCIPALS = ['tokenWithOnlyItsScope', 'tokenWithoutItsScope'] as const;
export type ScopePrincipal = (typeof SCOPE_PRINCIPALS)[number];

export interface Fixtures {
  /** Objects a row's `prepare` created for its call (an invoice, a connection, an attachment...). */
  prepared: Record<string, string>;
  aliceNotificationId: string;
  aliceSessionId: string;
  aliceTokenId: string;
  tierId: string;
  /** Acme's Dev/Test cluster with one pool, one add-on and a failed operation (clusterFixture). */
  clusterId: string;
  poolId: string;
  operationId: string;
}

export const ALL = Object.keys(PRINCIPALS) as Principal[];
export const SESSIONS = ALL.filter((p) => p !== 'anonymous' && !p.startsWith('token'));

export function expectations(ok: Principal[], otherwise: Partial<Record<Principal, Outcome>> = {}): Expectations {
  return Object.fromEntries(
    ALL.map((p) => [p, otherwise[p] ?? (ok.includes(p) ? 'OK' : p === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN')]),
  ) as Expectations;
}

/**
 * The procedure ran for the allowed principals of `expect` but refused for a business reason:
 * their 'OK' cells become `code` (for `only` of them, if given). Refusals stay as they are.
 */
export function ran(expect: Expectations, code: BusinessError, only: Principal[] = ALL): Expectations {
  return Object.fromEntries(ALL.map((p) => [p, expect[p] === 'OK' && only.includes(p) ? code : expect[p]])) as Expectations;
}

/** Anyone, tokens included. */
export const PUBLIC = expectations(ALL);
/** Any signed-in user; a token needs the procedure's scope. */
export const SIGNED_IN_SCOPED = expectations([...SESSIONS, 'tokenWithScope']);
/** Browser sessions only: no token, whatever its scopes. */
export const SESSION_ONLY = expectations(SESSIONS);
/** Another user's record is a 404 for everyone but its owner (Alice, by session or token). */
export const ALICES_OWN = expectations([...SESSIONS, 'tokenWithScope'], {
  ...Object.fromEntries(SESSIONS.filter((p) => p !== 'ownerA').map((p) => [p, 'NOT_FOUND'])),
});
export const ALICES_OWN_SESSION_ONLY = expectations(SESSIONS, {
  ...Object.fromEntries(SESSIONS.filter((p) => p !== 'ownerA').map((p) => [p, 'NOT_FOUND'])),
});
export const ADMINS_ONLY = expectations(['admin', 'superAdmin']);
/** Staff (officer and above) by session; customers and every API token are refused. */
export const STAFF_ONLY = expectations(['officer', 'admin', 'superAdmin']);
export const OTHER_ORGANISATIONS_404: Partial<Record<Principal, Outcome>> = { customerB: 'NOT_FOUND', officer: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' };
/** Acme's records: every Acme role reads them, by session or a token with the read scope. */
export const ACME_READS = expectations(['ownerA', 'memberA', 'billingA', 'viewerA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Changes to Acme's clusters: its owner and members (not billing, not viewers), or a token with the write scope. */
export const ACME_WRITES = expectations(['ownerA', 'memberA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Support tickets of Acme: every Acme role but viewers writes; other organisations find nothing. */
export const ACME_SUPPORT_WRITES = expectations(['ownerA', 'memberA', 'billingA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Billing of one's own organisation: owners, admins and billing managers (Gabriel of Globex, Adam and Sophie of staff's), or a token with the scope. */
export const BILLING_ROLES = expectations(['ownerA', 'billingA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme payment method: Acme's billing roles; other organisations' billing roles find nothing. */
export const ACME_BILLING = expectations(['ownerA', 'billingA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** Cloud connections: owners and administrators of their own organisation (Alice, Gabriel of Globex, Adam and Sophie of staff's), or a token with clusters:write. */
export const CONNECTION_MANAGERS = expectations(['ownerA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme connection: Acme's owner (or a token with clusters:write); other organisations' managers find nothing. */
export const ACME_CONNECTION_MANAGERS = expectations(['ownerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** members:manage and audit:read: owners and admins of their own organisation, or a token with the scope. */
export const MEMBER_MANAGERS = expectations(['ownerA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme member or invitation: Acme's owners and admins; other organisations' find nothing. */
export const ACME_MEMBER_MANAGERS = expectations(['ownerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** Development helpers answer 404 in production, to everyone. */
export const DEV_ONLY = expectations([], Object.fromEntries(ALL.map((p) => [p, 'NOT_FOUND'])));

export interface Row {
  /** Creates what the call needs on its own fresh database (ids land in `f.prepared`). */
  prepare?: (env: PrepareEnv) => Promise<Record<string, string>>;
  input?: (f: Fixtures) => unknown;
  expect: Expectations;
}

export const unique = () => Math.random().toString(36).slice(2, 10);
