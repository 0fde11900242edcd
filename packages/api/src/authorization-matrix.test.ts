/**
 * The authorization matrix (DESIGN.md section 5): every procedure of appRouter × every kind of
 * caller, against a real seeded SQLite database. A procedure without a row fails the first test,
 * so each new procedure is access-tested by construction.
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
import { DEMO_MIDDLEWARE_ID } from '@kubemarket/db/seed';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { acmeAttachment, adamCatalogueChangeRequest, adamCreditNoteRequest,
  adamCreditRequest, aliceEnrolmentStarted, acmeCardSetup, acmeClosedTicket, acmeConnection, acmeInvitationForGabriel, acmeInvoice, acmePlanSwitch, authLink, marcMfaChallenge, newsletterTokens, publicTicketTokens, type PrepareEnv } from './testing/authorization-matrix-fixtures';
import { createContext, type Context, type Credential, type SessionUser } from './context';
import { createToken } from './modules/tokens/service';
import { notify } from './platform/notify';
import { createSession } from './platform/sessions';
import { appRouter, createCaller } from './root';
import { createTestCaller, memoryMailer, sessionUserOf } from './testing';

const PRINCIPALS = {
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
type Principal = keyof typeof PRINCIPALS;
/** Refusals: the caller never reached the procedure's business logic. */
type Refusal = 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND';
/** The procedure ran and refused for a business reason; accepted only where a cell names it. */
type BusinessError = Exclude<TRPCError['code'], Refusal | 'INTERNAL_SERVER_ERROR'>;
/** 'OK' (ran and succeeded), a named business error (ran, refused for that reason), or a refusal. */
type Outcome = 'OK' | Refusal | BusinessError;
type Expectations = Record<Principal, Outcome>;
/**
 * Alice's tokens narrowed for one procedure: exactly the scope it declares, and every scope but
 * those that grant it (a `write` scope grants the `read` of its domain). Only procedures a token may
 * call get these cells.
 */
const SCOPE_PRINCIPALS = ['tokenWithOnlyItsScope', 'tokenWithoutItsScope'] as const;
type ScopePrincipal = (typeof SCOPE_PRINCIPALS)[number];

interface Fixtures {
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

const ALL = Object.keys(PRINCIPALS) as Principal[];
const SESSIONS = ALL.filter((p) => p !== 'anonymous' && !p.startsWith('token'));

function expectations(ok: Principal[], otherwise: Partial<Record<Principal, Outcome>> = {}): Expectations {
  return Object.fromEntries(
    ALL.map((p) => [p, otherwise[p] ?? (ok.includes(p) ? 'OK' : p === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN')]),
  ) as Expectations;
}

/**
 * The procedure ran for the allowed principals of `expect` but refused for a business reason:
 * their 'OK' cells become `code` (for `only` of them, if given). Refusals stay as they are.
 */
function ran(expect: Expectations, code: BusinessError, only: Principal[] = ALL): Expectations {
  return Object.fromEntries(ALL.map((p) => [p, expect[p] === 'OK' && only.includes(p) ? code : expect[p]])) as Expectations;
}

/** Anyone, tokens included. */
const PUBLIC = expectations(ALL);
/** Any signed-in user; a token needs the procedure's scope. */
const SIGNED_IN_SCOPED = expectations([...SESSIONS, 'tokenWithScope']);
/** Browser sessions only: no token, whatever its scopes. */
const SESSION_ONLY = expectations(SESSIONS);
/** Another user's record is a 404 for everyone but its owner (Alice, by session or token). */
const ALICES_OWN = expectations([...SESSIONS, 'tokenWithScope'], {
  ...Object.fromEntries(SESSIONS.filter((p) => p !== 'ownerA').map((p) => [p, 'NOT_FOUND'])),
});
const ALICES_OWN_SESSION_ONLY = expectations(SESSIONS, {
  ...Object.fromEntries(SESSIONS.filter((p) => p !== 'ownerA').map((p) => [p, 'NOT_FOUND'])),
});
const ADMINS_ONLY = expectations(['admin', 'superAdmin']);
/** Staff (officer and above) by session; customers and every API token are refused. */
const STAFF_ONLY = expectations(['officer', 'admin', 'superAdmin']);
const OTHER_ORGANISATIONS_404: Partial<Record<Principal, Outcome>> = { customerB: 'NOT_FOUND', officer: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' };
/** Acme's records: every Acme role reads them, by session or a token with the read scope. */
const ACME_READS = expectations(['ownerA', 'memberA', 'billingA', 'viewerA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Changes to Acme's clusters: its owner and members (not billing, not viewers), or a token with the write scope. */
const ACME_WRITES = expectations(['ownerA', 'memberA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Support tickets of Acme: every Acme role but viewers writes; other organisations find nothing. */
const ACME_SUPPORT_WRITES = expectations(['ownerA', 'memberA', 'billingA', 'tokenWithScope'], OTHER_ORGANISATIONS_404);
/** Billing of one's own organisation: owners, admins and billing managers (Gabriel of Globex, Adam and Sophie of staff's), or a token with the scope. */
const BILLING_ROLES = expectations(['ownerA', 'billingA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme payment method: Acme's billing roles; other organisations' billing roles find nothing. */
const ACME_BILLING = expectations(['ownerA', 'billingA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** Cloud connections: owners and administrators of their own organisation (Alice, Gabriel of Globex, Adam and Sophie of staff's), or a token with clusters:write. */
const CONNECTION_MANAGERS = expectations(['ownerA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme connection: Acme's owner (or a token with clusters:write); other organisations' managers find nothing. */
const ACME_CONNECTION_MANAGERS = expectations(['ownerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** members:manage and audit:read: owners and admins of their own organisation, or a token with the scope. */
const MEMBER_MANAGERS = expectations(['ownerA', 'customerB', 'admin', 'superAdmin', 'tokenWithScope']);
/** An Acme member or invitation: Acme's owners and admins; other organisations' find nothing. */
const ACME_MEMBER_MANAGERS = expectations(['ownerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' });
/** Development helpers answer 404 in production, to everyone. */
const DEV_ONLY = expectations([], Object.fromEntries(ALL.map((p) => [p, 'NOT_FOUND'])));

interface Row {
  /** Creates what the call needs on its own fresh database (ids land in `f.prepared`). */
  prepare?: (env: PrepareEnv) => Promise<Record<string, string>>;
  input?: (f: Fixtures) => unknown;
  expect: Expectations;
}

const unique = () => Math.random().toString(36).slice(2, 10);

const MATRIX: Record<string, Row> = {
  'meta.versionSummary': { expect: PUBLIC },
  'meta.health': { expect: PUBLIC },
  'catalog.clusterTiers': { expect: PUBLIC },
  'catalog.clusterTier': { input: (f) => ({ id: f.tierId }), expect: PUBLIC },
  'catalog.dataCenters': { expect: PUBLIC },
  'catalog.regions': { expect: PUBLIC },
  'catalog.kubernetesVersions': { expect: PUBLIC },
  'catalog.flavors': { input: (f) => ({ tierId: f.tierId, regionId: 'fr-par-1', category: 'general' }), expect: PUBLIC },
  'catalog.addons': { input: (f) => ({ tierId: f.tierId, category: 'monitoring', q: 'grafana' }), expect: PUBLIC },
  'catalog.middlewares': { input: () => ({ category: 'database', q: 'postgres' }), expect: PUBLIC },
  'catalog.supportPlans': { expect: PUBLIC },
  'catalog.featuredPromotion': { expect: PUBLIC },
  'quotes.create': {
    input: (f) => ({
      lines: [{ kind: 'cluster', tierId: f.tierId, regionId: 'fr-par-1', kubernetesVersion: '1.37', nodePools: [{ name: 'default', flavorId: 'gp-4-16', count: 3 }] }],
      cycle: 'yearly',
      customer: { countryCode: 'FR' },
    }),
    expect: PUBLIC,
  },
  // Like quotes.create: prices the public catalogue, reads no customer data.
  'suggestions.rank': {
    input: () => ({ workload: 'web', environments: ['production'], expectedNodes: 5, dataSensitivity: 'personal', availability: '99.9', monthlyBudgetEur: 1_000 }),
    expect: PUBLIC,
  },
  'currency.rates': { expect: PUBLIC },
  // The rates source is offline in tests: administrators ran it and got a 502.
  'currency.refresh': { expect: ran(ADMINS_ONLY, 'BAD_GATEWAY') },
  'officers.checkAccess': { expect: PUBLIC },
  'leads.submit': { input: () => ({ kind: 'contact', name: 'Test', email: `${unique()}@example.com`, message: 'Hello' }), expect: PUBLIC },
  'newsletter.subscribe': { input: () => ({ email: `${unique()}@example.com` }), expect: PUBLIC },
  // Link tokens as mailed (newsletterTokens): the link is the credential, whoever follows it.
  'newsletter.confirm': { prepare: newsletterTokens, input: (f) => ({ token: f.prepared.confirm }), expect: PUBLIC },
  'newsletter.unsubscribe': { prepare: newsletterTokens, input: (f) => ({ token: f.prepared.unsubscribe }), expect: PUBLIC },

  'auth.me': { expect: PUBLIC },
  'auth.user': { expect: expectations(ALL.filter((p) => p !== 'anonymous')) },
  'auth.register': {
    input: () => ({ email: `${unique()}@example.com`, username: `u${unique()}`, name: 'New User', password: 'a-long-unusual-passphrase', companyName: 'New Co' }),
    expect: PUBLIC,
  },
  'auth.login': { input: () => ({ identifier: 'alice', password: 'KubeMarket-demo-2026' }), expect: PUBLIC },
  // The second step of a sign-in: the challenge token (issued after the password) is the credential.
  // Marc's live challenge with his current code signs him in; an enrolment token starts an enrolment.
  'auth.verifyMfa': { prepare: marcMfaChallenge, input: (f) => ({ mfaToken: f.prepared.token, code: f.prepared.code }), expect: PUBLIC },
  'auth.mfaEnrollmentStart': { prepare: authLink('mfa_enrollment'), input: (f) => ({ mfaToken: f.prepared.token }), expect: PUBLIC },
  'auth.mfaEnrollmentComplete': { prepare: aliceEnrolmentStarted, input: (f) => ({ mfaToken: f.prepared.token, code: f.prepared.code }), expect: PUBLIC },
  // Alice's mailed links (authLink): whoever follows one uses it.
  'auth.emailLinkInfo': { prepare: authLink('magic_link'), input: (f) => ({ token: f.prepared.token, kind: 'magic' }), expect: PUBLIC },
  'auth.logout': { expect: PUBLIC },
  'auth.resendVerification': { input: () => ({ email: 'nobody@example.com' }), expect: PUBLIC },
  'auth.verifyEmail': { prepare: authLink('verify_email'), input: (f) => ({ token: f.prepared.token }), expect: PUBLIC },
  'auth.requestPasswordReset': { input: () => ({ email: 'nobody@example.com' }), expect: PUBLIC },
  'auth.resetPassword': { prepare: authLink('reset_password'), input: (f) => ({ token: f.prepared.token, password: 'a-long-unusual-passphrase' }), expect: PUBLIC },
  'auth.requestMagicLink': { input: () => ({ email: 'nobody@example.com' }), expect: PUBLIC },
  'auth.consumeMagicLink': { prepare: authLink('magic_link'), input: (f) => ({ token: f.prepared.token }), expect: PUBLIC },

  'account.profile': { expect: SIGNED_IN_SCOPED },
  'account.updateName': { input: () => ({ name: 'Renamed' }), expect: SIGNED_IN_SCOPED },
  // A wrong current password: the sessions allowed ran and were refused with a 400.
  'account.changePassword': { input: () => ({ currentPassword: 'wrong-password', newPassword: 'another-long-passphrase' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },
  'account.changeEmail': { input: () => ({ currentPassword: 'wrong-password', newEmail: `${unique()}@example.com` }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },

  // A wrong password (or no TOTP setup under way): the sessions allowed ran and were refused with a 400.
  'security.totpSetup': { input: () => ({ password: 'wrong-password' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },
  'security.regenerateRecoveryCodes': { input: () => ({ password: 'wrong-password' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },
  'security.totpEnable': { input: () => ({ code: '123456' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },
  'security.totpDisable': { input: () => ({ password: 'wrong-password' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },
  'security.sessions': { expect: SIGNED_IN_SCOPED },
  'security.revokeSession': { input: (f) => ({ id: f.aliceSessionId }), expect: ALICES_OWN },
  'security.revokeOtherSessions': { input: () => ({ password: 'wrong-password' }), expect: ran(SESSION_ONLY, 'BAD_REQUEST') },

  'admin.endUserSessions': { input: () => ({ id: 'usr_demo_gabriel' }), expect: ADMINS_ONLY },
  'admin.setUserRole': { input: () => ({ id: 'usr_demo_vera', role: 'user' }), expect: ADMINS_ONLY },
  // The users half of the staff console. Officers look after customer accounts; registrations,
  // members and promotion requests are for admins; a super admin decides promotions, and the seeded
  // request is Adam's own, so the admin's FORBIDDEN is also "nobody approves their own request".
  'staffUsers.search': { input: () => ({ q: 'acme', page: 1, pageSize: 5 }), expect: STAFF_ONLY },
  'staffUsers.get': { input: () => ({ id: 'usr_demo_alice' }), expect: STAFF_ONLY },
  'staffUsers.disable': { input: () => ({ id: 'usr_demo_alice', reason: 'Matrix check' }), expect: STAFF_ONLY },
  'staffUsers.enable': { input: () => ({ id: 'usr_demo_alice', reason: 'Matrix check' }), expect: STAFF_ONLY },
  'staffUsers.endSessions': { input: () => ({ id: 'usr_demo_alice' }), expect: STAFF_ONLY },
  'staffUsers.resetMfa': { input: () => ({ id: 'usr_demo_marc', reason: 'Matrix check' }), expect: ADMINS_ONLY },
  // Alice's address is verified already: staff ran it and were refused with a 400.
  'staffUsers.resendVerification': { input: () => ({ id: 'usr_demo_alice' }), expect: ran(STAFF_ONLY, 'BAD_REQUEST') },
  'staffUsers.pendingRegistrations': { input: () => ({ page: 1, pageSize: 5 }), expect: ADMINS_ONLY },
  'staffUsers.approveRegistration': { input: () => ({ id: 'org_demo_initech' }), expect: ADMINS_ONLY },
  'staffUsers.rejectRegistration': { input: () => ({ id: 'org_demo_initech', reason: 'Matrix check' }), expect: ADMINS_ONLY },
  'staffUsers.promotionRequests': { input: () => ({ status: 'pending', page: 1, pageSize: 5 }), expect: ADMINS_ONLY },
  'staffUsers.requestPromotion': { input: () => ({ userId: 'usr_demo_vera', role: 'officer', reason: 'Matrix check' }), expect: ADMINS_ONLY },
  'staffUsers.approvePromotion': { input: () => ({ id: 'prq_demo_olivia_admin', reason: 'Matrix check' }), expect: expectations(['superAdmin']) },
  'staffUsers.rejectPromotion': { input: () => ({ id: 'prq_demo_olivia_admin', reason: 'Matrix check' }), expect: expectations(['superAdmin']) },
  'staffUsers.organizationMembers': { input: () => ({ organization: 'acme', page: 1, pageSize: 5 }), expect: ADMINS_ONLY },
  'staffUsers.moveMember': { input: () => ({ id: 'usr_demo_vera', organizationId: 'org_demo_globex', organizationRole: 'member', reason: 'Matrix check' }), expect: ADMINS_ONLY },
  'staffUsers.removeMember': { input: () => ({ id: 'usr_demo_bruno', reason: 'Matrix check' }), expect: ADMINS_ONLY },

  'tokens.list': { expect: SESSION_ONLY },
  'tokens.create': { input: () => ({ name: 'CI', expiresInDays: 30, scopes: ['clusters:read'] }), expect: SESSION_ONLY },
  'tokens.revoke': { input: (f) => ({ id: f.aliceTokenId }), expect: ALICES_OWN_SESSION_ONLY },

  'notifications.list': { expect: SIGNED_IN_SCOPED },
  'notifications.count': { expect: SIGNED_IN_SCOPED },
  'notifications.markRead': { input: (f) => ({ id: f.aliceNotificationId }), expect: ALICES_OWN },
  'notifications.markAllRead': { expect: SIGNED_IN_SCOPED },
  'notifications.trash': { input: (f) => ({ id: f.aliceNotificationId }), expect: ALICES_OWN },

  // Every organisation role may read cluster counts; a token needs clusters:read.
  'dashboard.sidebarCounts': { expect: SIGNED_IN_SCOPED },
  // Every organisation role may read its usage; a token needs usage:read.
  'usage.get': { expect: SIGNED_IN_SCOPED },

  'dev.demoAccounts': { expect: DEV_ONLY },
  'dev.login': { input: () => ({ username: 'alice' }), expect: DEV_ONLY },
  'dev.notify': { input: () => ({ type: 'info', message: 'hi' }), expect: DEV_ONLY },
  'dev.notifyOrganization': { input: () => ({ type: 'info', message: 'hi' }), expect: DEV_ONLY },
  'dev.mailbox': { expect: DEV_ONLY },
  'dev.createTestAccount': { input: () => ({}), expect: DEV_ONLY },

  // Staff catalogue editing: officer and above, browser sessions only.
  'catalogAdmin.clusterTiers.list': { expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.create': {
    input: () => ({
      id: `tier_${unique()}`,
      name: `Matrix ${unique()}`,
      description: 'Created by the matrix.',
      purpose: 'Access tests',
      nodes: 1,
      vcpuPerNode: 2,
      memoryGbPerNode: 4,
      storageGbPerNode: 20,
      monthlyPriceCents: 1_900,
      yearlyPriceCents: 19_000,
      haControlPlane: 'unavailable',
      maxNodes: 3,
      maxPools: 1,
      allowedFlavorIds: ['gp-2-4'],
      allowedRegionIds: ['fr-par-1'],
    }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.clusterTiers.update': { input: (f) => ({ id: f.tierId, purpose: 'Edited by the matrix' }), expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.archive': { input: () => ({ id: 'tier_sandbox' }), expect: STAFF_ONLY },
  'catalogAdmin.clusterTiers.restore': { input: () => ({ id: 'tier_sandbox' }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.list': { expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.create': {
    input: () => ({ id: `gp-${unique()}`, name: 'Matrix flavour', category: 'general', vcpu: 2, memoryGb: 4, localDiskGb: 40, monthlyPriceCents: 1_900, regionIds: ['fr-par-1'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.nodeFlavors.update': { input: () => ({ id: 'gp-4-16', monthlyPriceCents: 5_900 }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.archive': { input: () => ({ id: 'gpu-h100-2' }), expect: STAFF_ONLY },
  'catalogAdmin.nodeFlavors.restore': { input: () => ({ id: 'gpu-h100-2' }), expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.list': { expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.create': { input: () => ({ version: '1.39', patch: 0, classification: 'preview' }), expect: STAFF_ONLY },
  'catalogAdmin.kubernetesVersions.update': { input: () => ({ version: '1.36', isDefault: true }), expect: STAFF_ONLY },
  // On the test context's simulator staff get past access and are refused with a 409 (counted OK).
  'catalogAdmin.syncKubernetesVersionsFromGardener': { expect: ran(STAFF_ONLY, 'CONFLICT') },
  'catalogAdmin.syncNodeFlavorsFromGardener': { expect: ran(STAFF_ONLY, 'CONFLICT') },
  'catalogAdmin.addons.list': { expect: STAFF_ONLY },
  'catalogAdmin.addons.create': {
    input: () => ({ id: `addon_${unique()}`, name: 'Matrix add-on', category: 'monitoring', description: 'Access tests.', version: '1.0.0', monthlyPriceCents: 900, compatibleTierIds: ['tier_standard'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.addons.update': { input: () => ({ id: 'addon_keda', monthlyPriceCents: 1_100 }), expect: STAFF_ONLY },
  'catalogAdmin.addons.archive': { input: () => ({ id: 'addon_keda' }), expect: STAFF_ONLY },
  'catalogAdmin.addons.restore': { input: () => ({ id: 'addon_keda' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.list': { expect: STAFF_ONLY },
  'catalogAdmin.middlewares.create': {
    input: () => ({ id: `mw_${unique()}`, name: 'Matrix DB', engine: 'matrixdb', category: 'database', description: 'Access tests.', versions: ['1'], regionIds: ['fr-par-1'] }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.middlewares.update': { input: () => ({ id: 'mw_mysql', versions: ['9.5', '8.4'] }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.archive': { input: () => ({ id: 'mw_rabbitmq' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewares.restore': { input: () => ({ id: 'mw_rabbitmq' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.list': { input: () => ({ middlewareId: 'mw_postgresql' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.create': {
    input: () => ({ id: `mwp_${unique()}`, middlewareId: 'mw_postgresql', name: 'Matrix', nodes: 1, vcpu: 2, memoryGb: 4, storageGb: 40, highAvailability: false, monthlyPriceCents: 2_900 }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.middlewarePlans.update': { input: () => ({ id: 'mwp_postgresql_starter', monthlyPriceCents: 2_100 }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.archive': { input: () => ({ id: 'mwp_postgresql_enterprise' }), expect: STAFF_ONLY },
  'catalogAdmin.middlewarePlans.restore': { input: () => ({ id: 'mwp_postgresql_enterprise' }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.list': { expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.create': {
    input: () => ({ id: `support_${unique()}`, name: 'Matrix', description: 'Access tests.', channels: ['ticket'], hours: 'business', pricingKind: 'fixed', monthlyPriceCents: 9_900 }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.supportPlans.update': { input: () => ({ id: 'support_business', monthlyPriceCents: 21_900 }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.archive': { input: () => ({ id: 'support_business' }), expect: STAFF_ONLY },
  'catalogAdmin.supportPlans.restore': { input: () => ({ id: 'support_business' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.list': { expect: STAFF_ONLY },
  'catalogAdmin.promotions.create': { input: () => ({ code: `M${unique()}`.toUpperCase(), description: 'Matrix', kind: 'amount', value: 1_000 }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.update': { input: () => ({ code: 'PARIS', description: 'Edited by the matrix.' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.archive': { input: () => ({ code: 'PARIS' }), expect: STAFF_ONLY },
  'catalogAdmin.promotions.restore': { input: () => ({ code: 'PARIS' }), expect: STAFF_ONLY },
  'catalogAdmin.changeRequests.list': { input: () => ({}), expect: STAFF_ONLY },
  'catalogAdmin.changeRequests.create': {
    input: () => ({ procedure: 'catalogAdmin.addons.update', input: { id: 'addon_keda', monthlyPriceCents: 1, yearlyPriceCents: 10 }, reason: 'Matrix: a price cut' }),
    expect: STAFF_ONLY,
  },
  'catalogAdmin.changeRequests.approve': { prepare: adamCatalogueChangeRequest, input: (f) => ({ id: f.prepared.changeRequestId }), expect: expectations(['superAdmin']) },
  'catalogAdmin.changeRequests.reject': { prepare: adamCatalogueChangeRequest, input: (f) => ({ id: f.prepared.changeRequestId, reason: 'Matrix check' }), expect: expectations(['superAdmin']) },

  // Custom solution requests: the roles that may order send them (not billing, not viewer); every
  // role reads its organisation's, and another organisation's request is a 404. Staff answer them.
  'customSolutions.submit': {
    input: () => ({ subject: 'Matrix request', category: 'other', description: 'Sent by the authorization matrix.' }),
    expect: expectations(['ownerA', 'memberA', 'customerB', 'officer', 'admin', 'superAdmin', 'tokenWithScope']),
  },
  'customSolutions.list': { expect: SIGNED_IN_SCOPED },
  'customSolutions.get': {
    input: () => ({ id: 'csr_demo_acme_gpu' }),
    expect: expectations(['ownerA', 'memberA', 'billingA', 'viewerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', officer: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },
  // Orders: the roles that may order place and cancel them (not billing, not viewer); owners,
  // admins and billing managers pay them; everyone reads them. Another organisation's order is a
  // 404, whoever asks (staff included: they are members of their own organisation here).
  'orders.create': {
    input: () => ({
      idempotencyKey: `matrix-${unique()}`,
      lines: [{ kind: 'support', planId: 'support_business' }],
      billing: { companyName: 'Matrix Co', countryCode: 'FR', addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris' },
    }),
    expect: expectations(['ownerA', 'memberA', 'customerB', 'officer', 'admin', 'superAdmin', 'tokenWithScope']),
  },
  'orders.list': { input: () => ({ kind: 'cluster', status: 'completed', q: 'webshop', sort: 'total_desc', page: 1, pageSize: 5 }), expect: SIGNED_IN_SCOPED },
  'orders.counts': { expect: SIGNED_IN_SCOPED },
  'orders.paymentOptions': { expect: SIGNED_IN_SCOPED },
  'orders.get': {
    input: () => ({ id: 'ord_demo_ml_pending' }),
    expect: expectations(['ownerA', 'memberA', 'billingA', 'viewerA', 'tokenWithScope'], { customerB: 'NOT_FOUND', officer: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },
  'orders.pay': {
    input: () => ({
      id: 'ord_demo_ml_pending',
      paymentIdempotencyKey: `matrix-${unique()}`,
      method: { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Matrix' } },
    }),
    expect: expectations(['ownerA', 'billingA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },
  'orders.completeAuthentication': {
    input: () => ({ id: 'ord_demo_ml_pending', paymentId: 'pay_demo_ml_declined', approved: true }),
    expect: expectations(['ownerA', 'billingA', 'tokenWithScope'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },
  'orders.cancel': {
    input: () => ({ id: 'ord_demo_ml_pending' }),
    expect: expectations(['ownerA', 'memberA', 'tokenWithScope'], { customerB: 'NOT_FOUND', officer: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },
  // Clusters: every role reads its organisation's; owners, admins and members change them (not
  // billing, not viewer); a token needs clusters:read or clusters:write. Another organisation's
  // cluster is a 404 whoever asks, staff included (they are members of their own organisation).
  'clusters.list': { input: () => ({ q: 'matrix', status: 'running', sort: 'name', page: 1, pageSize: 5 }), expect: SIGNED_IN_SCOPED },
  'clusters.addonsInUse': { expect: SIGNED_IN_SCOPED },
  'clusters.get': { input: (f) => ({ id: f.clusterId }), expect: ACME_READS },
  'clusters.events': { input: (f) => ({ id: f.clusterId, limit: 5 }), expect: ACME_READS },
  'clusters.operation': { input: (f) => ({ id: f.clusterId, operationId: f.operationId }), expect: ACME_READS },
  'clusters.scaleNodePool': { input: (f) => ({ id: f.clusterId, poolId: f.poolId, count: 3 }), expect: ACME_WRITES },
  'clusters.addNodePool': { input: (f) => ({ id: f.clusterId, pool: { name: 'extra', flavorId: 'gp-2-4', count: 1 } }), expect: ACME_WRITES },
  // The matrix cluster's only pool: those allowed ran and were refused with a 400 (a cluster keeps one pool).
  'clusters.removeNodePool': { input: (f) => ({ id: f.clusterId, poolId: f.poolId }), expect: ran(ACME_WRITES, 'BAD_REQUEST') },
  'clusters.upgrade': { input: (f) => ({ id: f.clusterId, version: '1.37.1' }), expect: ACME_WRITES },
  // The matrix cluster has no reachable API server on the simulator: a 409 for those allowed.
  'clusters.kubeconfig': { input: (f) => ({ id: f.clusterId, expiresInSeconds: 3600 }), expect: ran(ACME_WRITES, 'CONFLICT') },
  'clusters.revokeCredentials': { input: (f) => ({ id: f.clusterId }), expect: ACME_WRITES },
  'clusters.updateMaintenance': { input: (f) => ({ id: f.clusterId, maintenance: { day: 'saturday', startHour: 2, autoUpgrade: false } }), expect: ACME_WRITES },
  'clusters.hibernate': { input: (f) => ({ id: f.clusterId }), expect: ACME_WRITES },
  // Acme's seeded staging cluster sleeps on weeknights: it is hibernated in the seed.
  'clusters.wake': { input: () => ({ id: 'clu_demo_staging' }), expect: ACME_WRITES },
  'clusters.setHibernation': {
    input: (f) => ({ id: f.clusterId, timezone: 'Europe/Paris', schedules: [{ days: ['friday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday' }] }),
    expect: ACME_WRITES,
  },
  'clusters.removeAddon': { input: (f) => ({ id: f.clusterId, addonId: 'addon_monitoring' }), expect: ACME_WRITES },
  'clusters.retry': { input: (f) => ({ id: f.clusterId, operationId: f.operationId }), expect: ACME_WRITES },
  'clusters.delete': { input: (f) => ({ id: f.clusterId, confirmName: 'matrix-dev' }), expect: ACME_WRITES },

  // Acme's seeded PostgreSQL orders-db, running in webshop-prod (issue 31).
  'middlewares.list': { input: () => ({ includeDeleted: true }), expect: SIGNED_IN_SCOPED },
  'middlewares.get': { input: () => ({ id: DEMO_MIDDLEWARE_ID }), expect: ACME_READS },
  'middlewares.credentials': { input: () => ({ id: DEMO_MIDDLEWARE_ID }), expect: ACME_WRITES },
  'middlewares.rotatePassword': { input: () => ({ id: DEMO_MIDDLEWARE_ID }), expect: ACME_WRITES },
  'middlewares.backup': { input: () => ({ id: DEMO_MIDDLEWARE_ID }), expect: ACME_WRITES },
  'middlewares.restore': { input: () => ({ id: DEMO_MIDDLEWARE_ID, backupId: 'mwb_demo_orders_manual' }), expect: ACME_WRITES },
  'middlewares.resize': { input: () => ({ id: DEMO_MIDDLEWARE_ID, planId: 'mwp_postgresql_enterprise' }), expect: ACME_WRITES },
  'middlewares.delete': { input: () => ({ id: DEMO_MIDDLEWARE_ID, confirmName: 'orders-db' }), expect: ACME_WRITES },
  // Nothing of orders-db failed: those allowed ran and were refused with a 409.
  'middlewares.retry': { input: () => ({ id: DEMO_MIDDLEWARE_ID }), expect: ran(ACME_WRITES, 'CONFLICT') },

  'customSolutions.staffList': { input: () => ({ status: 'submitted', q: 'acme' }), expect: STAFF_ONLY },
  'customSolutions.staffUpdate': { input: () => ({ id: 'csr_demo_acme_hds', status: 'in_review', assignToMe: true }), expect: STAFF_ONLY },

  // Support tickets (issue 14): every organisation role reads its own tickets, all but viewers
  // write; another organisation's ticket (staff's own organisation included) is a 404.
  'tickets.options': { expect: SIGNED_IN_SCOPED },
  'tickets.create': {
    input: () => ({ subject: 'Matrix ticket', description: 'Opened by the authorization matrix.', category: 'technical', severity: 'P3' }),
    expect: expectations(['ownerA', 'memberA', 'billingA', 'customerB', 'officer', 'admin', 'superAdmin', 'tokenWithScope']),
  },
  'tickets.list': { input: () => ({ status: 'open', page: 1, pageSize: 10 }), expect: SIGNED_IN_SCOPED },
  'tickets.get': { input: () => ({ id: 'tkt_demo_acme_invoice' }), expect: ACME_READS },
  'tickets.reply': { input: () => ({ id: 'tkt_demo_acme_invoice', body: 'Matrix reply' }), expect: ACME_SUPPORT_WRITES },
  'tickets.uploadAttachments': {
    input: () => ({ id: 'tkt_demo_acme_invoice', files: [{ filename: 'matrix.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('matrix') }] }),
    expect: ACME_SUPPORT_WRITES,
  },
  // A file Alice attached to the ticket just now.
  'tickets.attachment': { prepare: acmeAttachment, input: (f) => ({ id: 'tkt_demo_acme_invoice', attachmentId: f.prepared.attachmentId }), expect: ACME_READS },
  'tickets.close': { input: () => ({ id: 'tkt_demo_acme_invoice' }), expect: ACME_SUPPORT_WRITES },
  'tickets.reopen': { prepare: acmeClosedTicket, input: (f) => ({ id: f.prepared.ticketId }), expect: ACME_SUPPORT_WRITES },
  'tickets.submitPublic': {
    input: () => ({ name: 'Matrix', email: `${unique()}@example.com`, subject: 'Matrix request', description: 'Sent by the authorization matrix.', category: 'technical', severity: 'P3' }),
    expect: PUBLIC,
  },
  // Public tickets: the mailed link token is the credential (publicTicketTokens).
  'tickets.confirmPublic': { prepare: publicTicketTokens, input: (f) => ({ token: f.prepared.confirm }), expect: PUBLIC },
  'tickets.track': { input: () => ({ reference: 'KM-T-10466', email: 'jordan.weber@example.org' }), expect: PUBLIC },
  'tickets.publicThread': { prepare: publicTicketTokens, input: (f) => ({ token: f.prepared.access }), expect: PUBLIC },
  'tickets.publicReply': { prepare: publicTicketTokens, input: (f) => ({ token: f.prepared.access, body: 'Matrix' }), expect: PUBLIC },
  // A real attachment, but of Acme's ticket: the public ticket's link does not open it, for anyone.
  'tickets.publicAttachment': { prepare: publicTicketTokens, input: (f) => ({ token: f.prepared.access, attachmentId: f.prepared.attachmentId }), expect: expectations([], Object.fromEntries(ALL.map((p) => [p, 'NOT_FOUND']))) },
  'tickets.staffQueue': { input: () => ({ sla: 'breached', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'tickets.staffGet': { input: () => ({ id: 'tkt_demo_acme_invoice' }), expect: STAFF_ONLY },
  'tickets.staffAssign': { input: () => ({ id: 'tkt_demo_acme_invoice', assigneeUserId: 'usr_demo_olivia' }), expect: STAFF_ONLY },
  'tickets.staffReply': { input: () => ({ id: 'tkt_demo_acme_invoice', body: 'Matrix reply' }), expect: STAFF_ONLY },
  'tickets.staffNote': { input: () => ({ id: 'tkt_demo_acme_invoice', body: 'Matrix note' }), expect: STAFF_ONLY },
  'tickets.staffUpdate': { input: () => ({ id: 'tkt_demo_acme_invoice', severity: 'P2' }), expect: STAFF_ONLY },
  'tickets.staffMerge': { input: () => ({ id: 'tkt_demo_acme_ingress', intoId: 'tkt_demo_acme_nodes' }), expect: STAFF_ONLY },
  'tickets.staffUploadAttachments': {
    input: () => ({ id: 'tkt_demo_acme_invoice', internal: true, files: [{ filename: 'matrix.log', contentType: 'text/plain', bytes: new TextEncoder().encode('matrix') }] }),
    expect: STAFF_ONLY,
  },
  'tickets.staffAttachment': { prepare: acmeAttachment, input: (f) => ({ id: 'tkt_demo_acme_invoice', attachmentId: f.prepared.attachmentId }), expect: STAFF_ONLY },

  // Platform incidents: anyone reads the status; staff declare, update and resolve by session. The
  // seeded incident is resolved: an update to it is refused with a 409 (past access, named).
  'incidents.list': { expect: PUBLIC },
  'incidents.declare': { input: () => ({ title: 'Matrix incident', impact: 'minor', affectedRegions: ['fr-par-1'], message: 'Declared by the matrix.' }), expect: STAFF_ONLY },
  'incidents.postUpdate': { input: () => ({ id: 'inc_demo_fra_network', status: 'monitoring', message: 'Posted by the matrix.' }), expect: ran(STAFF_ONLY, 'CONFLICT') },
  'incidents.resolve': { input: () => ({ id: 'inc_demo_fra_network' }), expect: STAFF_ONLY },

  // Staff console for organisations (issue 15): every officer reads, across organisations; only
  // administrators suspend, reinstate and change settings. Customers and tokens are refused.
  'staffOrganizations.list': { input: () => ({ q: 'acme', status: 'active', overdue: false, sort: 'newest', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'staffOrganizations.get': { input: () => ({ id: 'org_demo_acme' }), expect: STAFF_ONLY },
  'staffOrganizations.suspend': { input: () => ({ id: 'org_demo_globex', reason: 'Suspended by the matrix.' }), expect: ADMINS_ONLY },
  // Acme is active: administrators get past access and are refused with a 409.
  'staffOrganizations.reinstate': { input: () => ({ id: 'org_demo_acme', reason: 'Reinstated by the matrix.' }), expect: ran(ADMINS_ONLY, 'CONFLICT') },
  'staffOrganizations.updateSettings': { input: () => ({ id: 'org_demo_acme', maxClusters: 25, reason: 'Raised by the matrix.' }), expect: ADMINS_ONLY },
  // Acme's seeded card payment: administrators get past access and are refused with a 400.
  'staffOrganizations.changeBillingCountry': { input: () => ({ id: 'org_demo_globex', countryCode: 'FR', vatNumber: null, reason: 'Matrix: as asked in a ticket' }), expect: ADMINS_ONLY },
  // Each administrator records a partial transfer (its own bank reference) against Acme's invoice.
  'staffOrganizations.recordInvoiceTransfer': { prepare: acmeInvoice, input: () => ({ reference: 'RF18 5390 0754 7034', amountCents: 100, bankReference: `MATRIX-${unique()}` }), expect: ADMINS_ONLY },
  'staffOrganizations.recordBankTransfer': { input: () => ({ organizationId: 'org_demo_acme', paymentId: 'pay_demo_webshop', reference: 'MATRIX-1' }), expect: ran(ADMINS_ONLY, 'BAD_REQUEST') },
  'staffOrganizations.clusters': { input: () => ({ status: 'running', organizationId: 'org_demo_acme', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'staffOrganizations.retryCluster': { input: (f) => ({ clusterId: f.clusterId }), expect: STAFF_ONLY },
  'staffOrganizations.addons': { input: () => ({ q: 'monitoring', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'staffOrganizations.middlewares': { input: () => ({ status: 'completed', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'staffOrganizations.supportPlans': { input: () => ({ organizationId: 'org_demo_acme', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'staffOrganizations.attention': { expect: STAFF_ONLY },

  // Customer teams: every role reads the members; owners and admins (members:manage) invite, change
  // roles and remove (Alice of Acme, Gabriel of Globex, Adam and Sophie of staff's), each only in
  // their own organisation: Acme's member or invitation is a 404 elsewhere.
  'team.members': { input: () => ({ q: 'a', page: 1, pageSize: 10 }), expect: SIGNED_IN_SCOPED },
  'team.invitations': { expect: MEMBER_MANAGERS },
  'team.invite': { input: () => ({ email: `${unique()}@example.com`, role: 'viewer' }), expect: MEMBER_MANAGERS },
  'team.revokeInvitation': { input: () => ({ id: 'tinv_demo_acme_nina' }), expect: ACME_MEMBER_MANAGERS },
  'team.changeRole': { input: () => ({ id: 'usr_demo_vera', role: 'member' }), expect: ACME_MEMBER_MANAGERS },
  'team.removeMember': { input: () => ({ id: 'usr_demo_vera' }), expect: ACME_MEMBER_MANAGERS },
  // Only an owner, by session (Gabriel and Sophie own other organisations: Marc is not theirs).
  'team.transferOwnership': { input: () => ({ id: 'usr_demo_marc' }), expect: expectations(['ownerA'], { customerB: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }) },
  // Leaving is the user's own decision, by session; the last owner of an organisation (Alice of
  // Acme, Gabriel of Globex, Sophie of staff's) is refused with a 409.
  'team.leave': { expect: ran(SESSION_ONLY, 'CONFLICT', ['ownerA', 'customerB', 'superAdmin']) },
  // A live invitation to Acme mailed to Gabriel: anyone may read what the link offers; only its
  // invitee accepts it, by session (the link proves his mailbox).
  'team.invitationInfo': { prepare: acmeInvitationForGabriel, input: (f) => ({ token: f.prepared.invitationToken }), expect: PUBLIC },
  'team.acceptInvitation': { prepare: acmeInvitationForGabriel, input: (f) => ({ token: f.prepared.invitationToken }), expect: expectations(['customerB']) },

  // The audit log: an organisation's owners and admins read theirs (audit:read); staff read all.
  'activity.list': { input: () => ({ action: 'auth', page: 1, pageSize: 10 }), expect: MEMBER_MANAGERS },
  'activity.csv': { input: () => ({ actor: 'alice' }), expect: MEMBER_MANAGERS },
  'activity.staffList': { input: () => ({ organizationId: 'org_demo_acme', action: 'auth', page: 1, pageSize: 10 }), expect: STAFF_ONLY },
  'activity.staffCsv': { input: () => ({ organizationId: 'org_demo_acme' }), expect: STAFF_ONLY },

  // Billing: the roles with billing:read / billing:write (owners, admins, billing managers) of their own organisation.
  'billing.summary': { expect: BILLING_ROLES },
  'billing.credits': { expect: BILLING_ROLES },
  'billing.profile': { expect: BILLING_ROLES },
  'billing.updateProfile': {
    input: () => ({ companyName: 'Acme Industries', countryCode: 'FR', vatNumber: 'FR40303265045', addressLine1: '12 rue de la Paix', addressLine2: null, postalCode: '75002', city: 'Paris' }),
    expect: BILLING_ROLES,
  },
  'billing.plans': { expect: BILLING_ROLES },
  'billing.switchPlan': { input: () => ({ plan: 'yearly_commitment' }), expect: BILLING_ROLES },
  // Alice scheduled a switch for Acme: Acme's billing roles cancel it; other organisations have none scheduled.
  'billing.cancelPlanSwitch': { prepare: acmePlanSwitch, expect: ACME_BILLING },
  'billing.paymentMethods': { expect: BILLING_ROLES },
  'billing.addPaymentMethod': {
    input: () => ({ kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Matrix' } }),
    expect: BILLING_ROLES,
  },
  'billing.startPaymentMethodSetup': { input: () => ({ kind: 'card' }), expect: BILLING_ROLES },
  // A card setup Alice started for Acme: Acme's billing roles confirm it; other organisations' find nothing.
  'billing.confirmPaymentMethodSetup': {
    prepare: acmeCardSetup,
    input: (f) => ({ setupId: f.prepared.setupId, details: { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Matrix' } } }),
    expect: ACME_BILLING,
  },
  'billing.setDefaultPaymentMethod': { input: () => ({ id: 'pmt_demo_acme_visa' }), expect: ACME_BILLING },
  'billing.removePaymentMethod': { input: () => ({ id: 'pmt_demo_acme_visa' }), expect: ACME_BILLING },
  // Staff money under four eyes (issue 29): administrators grant credits (€10 here, within their
  // own limits); above them a request waits for another administrator: Adam asked for this one, so
  // only Sophie may decide it (Adam's FORBIDDEN is "nobody decides their own request").
  'billing.grantCredit': { input: () => ({ id: 'org_demo_acme', amountCents: 1_000, origin: 'goodwill', description: 'Matrix' }), expect: ADMINS_ONLY },
  'billing.creditRequests': { input: () => ({ status: 'pending' }), expect: ADMINS_ONLY },
  'billing.approveCreditRequest': { prepare: adamCreditRequest, input: (f) => ({ id: f.prepared.creditRequestId }), expect: expectations(['superAdmin']) },
  'billing.rejectCreditRequest': { prepare: adamCreditRequest, input: (f) => ({ id: f.prepared.creditRequestId, reason: 'Matrix check' }), expect: expectations(['superAdmin']) },
  // Invoices: billing roles list their own organisation's. A due invoice of Acme's (acmeInvoice):
  // Acme's billing roles read and pay it; other organisations' billing roles find nothing.
  'invoices.list': { input: () => ({ status: 'due', year: 2026, page: 1, pageSize: 10 }), expect: BILLING_ROLES },
  'invoices.get': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId }), expect: ACME_BILLING },
  'invoices.csv': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId }), expect: ACME_BILLING },
  'invoices.pdf': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId }), expect: ACME_BILLING },
  'invoices.pay': {
    prepare: acmeInvoice,
    input: (f) => ({ id: f.prepared.invoiceId, paymentIdempotencyKey: `matrix-${unique()}`, method: { kind: 'saved', paymentMethodId: 'pmt_demo_acme_visa' } }),
    expect: ACME_BILLING,
  },
  // Cloud connections (issue 16): every role reads them and their clusters; only owners and
  // administrators (a token: clusters:write) test, save, use or delete credentials. The matrix's
  // clouds answer 401 to everything: a listing that fails is a result (the procedure ran, 'OK'). A
  // saved connection of Acme's (acmeConnection) is a 404 for other organisations' managers.
  'providerConnections.list': { expect: SIGNED_IN_SCOPED },
  'providerConnections.externalClusters': { expect: SIGNED_IN_SCOPED },
  'providerConnections.test': { input: () => ({ provider: 'doks', credentials: { token: 'x'.repeat(32) } }), expect: CONNECTION_MANAGERS },
  'providerConnections.create': { input: () => ({ provider: 'doks', name: 'Matrix', credentials: { token: 'x'.repeat(32) } }), expect: CONNECTION_MANAGERS },
  'providerConnections.testSaved': { prepare: acmeConnection, input: (f) => ({ id: f.prepared.connectionId }), expect: ACME_CONNECTION_MANAGERS },
  'providerConnections.replaceCredentials': { prepare: acmeConnection, input: (f) => ({ id: f.prepared.connectionId, provider: 'doks', credentials: { token: 'x'.repeat(32) } }), expect: ACME_CONNECTION_MANAGERS },
  'providerConnections.refresh': { prepare: acmeConnection, input: (f) => ({ id: f.prepared.connectionId }), expect: ACME_CONNECTION_MANAGERS },
  'providerConnections.delete': { prepare: acmeConnection, input: (f) => ({ id: f.prepared.connectionId }), expect: ACME_CONNECTION_MANAGERS },
  // Staff correct Acme's due invoice with a credit note (it becomes void).
  'invoices.staffGet': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId }), expect: STAFF_ONLY },
  'invoices.staffPdf': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId }), expect: STAFF_ONLY },
  'invoices.creditNote': { prepare: acmeInvoice, input: (f) => ({ id: f.prepared.invoiceId, reason: 'Matrix check' }), expect: ADMINS_ONLY },
  'invoices.creditNoteRequests': { expect: ADMINS_ONLY },
  'invoices.approveCreditNote': { prepare: adamCreditNoteRequest, input: (f) => ({ id: f.prepared.creditNoteRequestId }), expect: expectations(['superAdmin']) },
  'invoices.rejectCreditNote': { prepare: adamCreditNoteRequest, input: (f) => ({ id: f.prepared.creditNoteRequestId, reason: 'Matrix check' }), expect: expectations(['superAdmin']) },
};

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
