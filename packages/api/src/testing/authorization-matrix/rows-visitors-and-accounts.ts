/**
 * The authorization matrix's rows for what visitors and accounts call: the catalogue and quotes on sale,
 * leads and the newsletter, signing in, one's account and security, staff's users, API tokens,
 * notifications, the dashboard, usage and the development helpers.
 */
import { acmeServiceAccount, aliceEnrolmentStarted, authLink, marcMfaChallenge, newsletterTokens } from './fixtures';
import { ACME_READS, ADMINS_ONLY, ALICES_OWN, ALICES_OWN_SESSION_ONLY, ALL, DEV_ONLY, expectations, PUBLIC, ran, type Row, SESSION_ONLY, SIGNED_IN_SCOPED, STAFF_ONLY, unique } from './principals';

export const VISITOR_AND_ACCOUNT_ROWS: Record<string, Row> = {
  'meta.versionSummary': { expect: PUBLIC },
  'meta.health': { expect: PUBLIC },
  'catalog.clusterTiers': { expect: PUBLIC },
  'catalog.clusterTier': { input: (f) => ({ id: f.tierId }), expect: PUBLIC },
  'catalog.dataCenters': { expect: PUBLIC },
  'catalog.regions': { expect: PUBLIC },
  'catalog.powerFactors': { expect: PUBLIC },
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
  // Service accounts: listed to members (members:read), created and revoked by owners and admins in a session.
  'tokens.serviceAccounts': { expect: SIGNED_IN_SCOPED },
  'tokens.createServiceAccount': { input: () => ({ name: 'CI', expiresInDays: 30, scopes: ['clusters:read'] }), expect: expectations(['ownerA', 'customerB', 'admin', 'superAdmin']) },
  'tokens.revokeServiceAccount': {
    prepare: acmeServiceAccount,
    input: (f) => ({ id: f.prepared.serviceAccountId! }),
    expect: expectations(['ownerA'], { customerB: 'NOT_FOUND', admin: 'NOT_FOUND', superAdmin: 'NOT_FOUND' }),
  },

  'notifications.list': { expect: SIGNED_IN_SCOPED },
  'notifications.count': { expect: SIGNED_IN_SCOPED },
  'notifications.markRead': { input: (f) => ({ id: f.aliceNotificationId }), expect: ALICES_OWN },
  'notifications.markAllRead': { expect: SIGNED_IN_SCOPED },
  'notifications.trash': { input: (f) => ({ id: f.aliceNotificationId }), expect: ALICES_OWN },

  // Every organisation role may read cluster counts; a token needs clusters:read.
  'dashboard.sidebarCounts': { expect: SIGNED_IN_SCOPED },
  // Every organisation role may read its usage; a token needs usage:read.
  'usage.get': { expect: SIGNED_IN_SCOPED },
  'usage.carbon': { expect: SIGNED_IN_SCOPED },
  // A cluster's footprint: every Acme role reads it; another organisation's cluster is a 404.
  'usage.clusterCarbon': { input: (f) => ({ id: f.clusterId }), expect: ACME_READS },

  'dev.demoAccounts': { expect: DEV_ONLY },
  'dev.login': { input: () => ({ username: 'alice' }), expect: DEV_ONLY },
  'dev.notify': { input: () => ({ type: 'info', message: 'hi' }), expect: DEV_ONLY },
  'dev.notifyOrganization': { input: () => ({ type: 'info', message: 'hi' }), expect: DEV_ONLY },
  'dev.mailbox': { expect: DEV_ONLY },
  'dev.createTestAccount': { input: () => ({}), expect: DEV_ONLY },
};
