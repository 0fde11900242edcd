/**
 * The authorization matrix's rows for what an organisation owns: custom solutions, orders, clusters,
 * middlewares, tickets, incidents, staff's view of organisations, the team, activity, billing,
 * invoices and cloud connections.
 */
import { DEMO_MIDDLEWARE_ID } from '@kubemarket/db/seed';
import { acmeAttachment, acmeCardSetup, acmeClosedTicket, acmeConnection, acmeInvitationForGabriel, acmeInvoice, acmePlanSwitch, adamCreditNoteRequest, adamCreditRequest, publicTicketTokens } from './fixtures';
import { ACME_BILLING, ACME_CONNECTION_MANAGERS, ACME_MEMBER_MANAGERS, ACME_READS, ACME_SUPPORT_WRITES, ACME_WRITES, ADMINS_ONLY, ALL, BILLING_ROLES, CONNECTION_MANAGERS, expectations, MEMBER_MANAGERS, PUBLIC, ran, type Row, SESSION_ONLY, SIGNED_IN_SCOPED, STAFF_ONLY, unique } from './principals';

export const CUSTOMER_ROWS: Record<string, Row> = {
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
  'clusters.events': { input: (f) => ({ id: f.clusterId, pageSize: 5 }), expect: ACME_READS },
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
  // The region policy: every role reads its organisation's; owners and administrators (clusters:manage) set it.
  'team.regionPolicy': { expect: SIGNED_IN_SCOPED },
  'team.setRegionPolicy': { input: () => ({ euOnlyRegions: false }), expect: CONNECTION_MANAGERS },
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
