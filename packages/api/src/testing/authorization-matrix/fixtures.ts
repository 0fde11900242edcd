/**
 * Test only: real objects of Acme for the authorization matrix (authorization-matrix.test.ts), each
 * created on the call's own fresh database, so every id-taking procedure is called with an id that
 * exists: Acme's principals reach the business logic, another organisation's get NOT_FOUND.
 */
import { invoiceLines, invoices, newsletterSubscriptions, providerConnections, teamInvitations, ticketAttachments, tickets, type AuthTokenPurpose, type Database } from '@kubemarket/db';
import { DEMO_TOTP_SECRET } from '@kubemarket/db/seed';
import { desc, eq } from 'drizzle-orm';
import { createContext, type Context } from '../../context';
import { issueToken } from '../../platform/auth-tokens';
import { sha256Hex } from '../../platform/crypto';
import { totpCode } from '../../platform/totp';
import { createCaller } from '../../root';
import { sessionUserOf } from '../callers';

export interface PrepareEnv {
  db: Database;
  ctx: Context;
  /** Alice, Acme's owner, signed in by session on the same database. */
  alice: ReturnType<typeof createCaller>;
}

const ACME = 'org_demo_acme';
const DAY_MS = 24 * 60 * 60_000;

/** A due invoice of Acme for last month (€120 incl. 20 % VAT), with one line. */
/** ISO 11649's own example reference, given to the matrix's invoice. */
export const MATRIX_INVOICE_REFERENCE = 'RF18539007547034';

export async function acmeInvoice({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const now = ctx.ports.clock.now();
  const id = 'inv_matrix_acme';
  await db.insert(invoices).values({
    id,
    organizationId: ACME,
    number: 'KM-2026-900001',
    periodStart: now - 31 * DAY_MS,
    periodEnd: now - DAY_MS,
    status: 'due',
    billing: { companyName: 'Acme Industries', billingId: 'KM-ACME01', vatNumber: null, addressLine1: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', countryCode: 'FR' },
    subtotalCents: 10_000,
    taxableCents: 10_000,
    vatRateBasisPoints: 2_000,
    taxCents: 2_000,
    totalCents: 12_000,
    issuedAt: now - DAY_MS,
    dueAt: now + 13 * DAY_MS,
    paymentReference: MATRIX_INVOICE_REFERENCE,
    createdAt: now - DAY_MS,
    updatedAt: now - DAY_MS,
  });
  await db.insert(invoiceLines).values({ id: 'inl_matrix_acme', invoiceId: id, position: 0, kind: 'usage', description: 'webshop-prod · Control plane (hours)', quantityMilli: 720_000, unitPriceMillicents: 13_889, amountCents: 10_000 });
  return { invoiceId: id };
}

/**
 * A saved DigitalOcean connection of Acme, its credentials sealed as the service seals them (bound
 * to the row's id). The matrix's clouds port answers 401 to every request: using it runs the
 * procedure (a failed listing is a result, not an error) and never leaves the machine.
 */
export async function acmeConnection({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const id = 'pcn_matrix_acme';
  const now = ctx.ports.clock.now();
  const sealed = await ctx.ports.secrets.seal(JSON.stringify({ token: `dop_v1_${'a'.repeat(64)}` }), `provider-connection:${id}`);
  await db.insert(providerConnections).values({
    id,
    organizationId: ACME,
    provider: 'doks',
    name: 'Matrix DigitalOcean',
    sealedCredentials: sealed.ciphertext,
    credentialsKeyVersion: sealed.keyVersion,
    hint: 'token …aaaa',
    createdByUserId: 'usr_demo_alice',
    createdAt: now,
    updatedAt: now,
  });
  return { connectionId: id };
}

/** A file Alice attached to Acme's invoice ticket (tkt_demo_acme_invoice). */
export async function acmeAttachment({ db, alice }: PrepareEnv): Promise<Record<string, string>> {
  await alice.tickets.uploadAttachments({ id: 'tkt_demo_acme_invoice', files: [{ filename: 'matrix.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('matrix') }] });
  const [row] = await db.select({ id: ticketAttachments.id }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, 'tkt_demo_acme_invoice')).orderBy(desc(ticketAttachments.createdAt)).limit(1);
  if (!row) throw new Error('The matrix attachment was not stored');
  return { attachmentId: row.id };
}

/** A card setup Alice started for Acme on the sandbox. */
export async function acmeCardSetup({ alice }: PrepareEnv): Promise<Record<string, string>> {
  const setup = await alice.billing.startPaymentMethodSetup({ kind: 'card' });
  return { setupId: setup.setupId };
}

/** A plan switch Alice scheduled for Acme (yearly commitment from the next period). */
export async function acmePlanSwitch({ alice }: PrepareEnv): Promise<Record<string, string>> {
  await alice.billing.switchPlan({ plan: 'yearly_commitment' });
  return {};
}

/**
 * An invitation to Acme whose link token is known (the seeded one's is not), mailed to Gabriel's
 * address: he owns Globex alone, so he may accept it; anyone else signed in is not its invitee.
 */
export async function acmeInvitationForGabriel({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const token = `matrix-invitation-${'t'.repeat(32)}`;
  const now = ctx.ports.clock.now();
  await db.insert(teamInvitations).values({ id: 'tinv_matrix_gabriel', organizationId: ACME, email: 'gabriel@globex.example', role: 'viewer', tokenHash: await sha256Hex(token), invitedBy: 'usr_demo_alice', expiresAt: now + 5 * DAY_MS, createdAt: now });
  return { invitationToken: token };
}

/** Acme's seeded ticket about nodes, closed by Alice just now (so it may be reopened). */
/** A service account of Acme, created by Alice (its owner). */
export async function acmeServiceAccount({ alice }: PrepareEnv): Promise<Record<string, string>> {
  const created = await alice.tokens.createServiceAccount({ name: 'Matrix CI', expiresInDays: 30, scopes: ['clusters:read'] });
  return { serviceAccountId: created.id };
}

export async function acmeClosedTicket({ alice }: PrepareEnv): Promise<Record<string, string>> {
  await alice.tickets.close({ id: 'tkt_demo_acme_nodes' });
  return { ticketId: 'tkt_demo_acme_nodes' };
}

/** A single-use link token of `purpose` for Alice, as the mail would carry it (to her address). */
export function authLink(purpose: AuthTokenPurpose) {
  return async ({ db, ctx }: PrepareEnv): Promise<Record<string, string>> => ({ token: await issueToken(db, 'usr_demo_alice', purpose, ctx.ports.clock.now(), 'alice@acme.example') });
}

/** Marc's sign-in waiting for his second factor, and the code his authenticator shows now. */
export async function marcMfaChallenge({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const now = ctx.ports.clock.now();
  return { token: await issueToken(db, 'usr_demo_marc', 'mfa_challenge', now), code: totpCode(DEMO_TOTP_SECRET, now) };
}

/** A pending newsletter subscription (confirmation token) and a confirmed one (unsubscribe token). */
export async function newsletterTokens({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const now = ctx.ports.clock.now();
  const confirm = `matrix-confirm-${'c'.repeat(32)}`;
  const unsubscribe = `matrix-unsubscribe-${'u'.repeat(32)}`;
  await db.insert(newsletterSubscriptions).values([
    { id: 'nws_matrix_pending', email: 'pending@example.com', status: 'pending', tokenHash: await sha256Hex(confirm), tokenExpiresAt: now + DAY_MS, createdAt: now, updatedAt: now },
    { id: 'nws_matrix_confirmed', email: 'confirmed@example.com', status: 'confirmed', unsubscribeTokenHash: await sha256Hex(unsubscribe), createdAt: now, confirmedAt: now, updatedAt: now },
  ]);
  return { confirm, unsubscribe };
}

/**
 * The seeded public ticket (no organisation) with link tokens whose values are known: its access
 * token (thread, reply, attachments) and, for a copy waiting for confirmation, a confirmation token.
 * Also a file of Acme's ticket: the public link must not open it.
 */
export async function publicTicketTokens(env: PrepareEnv): Promise<Record<string, string>> {
  const { db, ctx } = env;
  const now = ctx.ports.clock.now();
  const access = `matrix-access-${'a'.repeat(32)}`;
  const confirm = `matrix-confirm-${'c'.repeat(32)}`;
  await db.update(tickets).set({ accessTokenHash: await sha256Hex(access) }).where(eq(tickets.id, 'tkt_demo_public_pricing'));
  const [seeded] = await db.select().from(tickets).where(eq(tickets.id, 'tkt_demo_public_pricing'));
  if (!seeded) throw new Error('The seeded public ticket is missing');
  await db.insert(tickets).values({ ...seeded, id: 'tkt_matrix_unconfirmed', reference: 'KM-T-99001', confirmation: 'unconfirmed', accessTokenHash: null, confirmTokenHash: await sha256Hex(confirm), confirmTokenExpiresAt: now + DAY_MS, createdAt: now, updatedAt: now });
  return { access, confirm, ...(await acmeAttachment(env)) };
}

/**
 * A credit of €1,000 for Acme that Adam (administrator) asked for: above an administrator's
 * €500 a grant, it awaits another administrator's decision (four eyes).
 */
export async function adamCreditRequest({ db, ctx }: PrepareEnv): Promise<Record<string, string>> {
  const adam = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: await sessionUserOf(db, 'adam'), credential: { kind: 'session' }, session: null }));
  const granted = await adam.billing.grantCredit({ id: 'org_demo_acme', amountCents: 100_000, origin: 'goodwill', description: 'Matrix: above the limit' });
  if (granted.status !== 'awaiting_approval') throw new Error('A €1,000 credit should await a second administrator');
  return { creditRequestId: granted.request.id };
}

/** A credit note of €1,200 Adam asked for on a large invoice of Acme's: another administrator decides it. */
export async function adamCreditNoteRequest(env: PrepareEnv): Promise<Record<string, string>> {
  const { db, ctx } = env;
  const { invoiceId } = await acmeInvoice(env);
  await db.update(invoices).set({ totalCents: 120_000, taxableCents: 100_000, taxCents: 20_000, subtotalCents: 100_000 }).where(eq(invoices.id, invoiceId!));
  const adam = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: await sessionUserOf(db, 'adam'), credential: { kind: 'session' }, session: null }));
  const asked = await adam.invoices.creditNote({ id: invoiceId!, reason: 'Matrix: above the limit' });
  if (asked.status !== 'awaiting_approval') throw new Error('A €1,200 correction should await a second administrator');
  return { creditNoteRequestId: asked.request.id };
}

/** A new 50 % promotion that adam (an administrator) asked for: above what one person offers alone, so it awaits another administrator. */
export async function adamCatalogueChangeRequest(env: PrepareEnv): Promise<Record<string, string>> {
  const { db, ctx } = env;
  const adam = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: await sessionUserOf(db, 'adam'), credential: { kind: 'session' }, session: null }));
  const code = `HALF${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
  const request = await adam.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: { code, description: 'Matrix: half off', kind: 'percent', value: 5_000 }, reason: 'Matrix: a large discount' });
  return { changeRequestId: request.id };
}

/** Alice's second-factor enrolment during sign-in, started (a pending secret), and the code it shows now. */
export async function aliceEnrolmentStarted(env: PrepareEnv): Promise<Record<string, string>> {
  const { db, ctx } = env;
  const { token } = await authLink('mfa_enrollment')(env);
  const anonymous = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: null, credential: null, session: null }));
  const { secret } = await anonymous.auth.mfaEnrollmentStart({ mfaToken: token! });
  return { token: token!, code: totpCode(secret, ctx.ports.clock.now()) };
}
