import { auditLog, newBillingId, newId, organizations, rateLimits, users, type AuthToken, type BillingProfile, type User, type VatCheck } from '@kubemarket/db';
import { describeUserAgent, type EmailLinkKind } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Context } from '../../context';
import { audit, auditInsert } from '../../platform/audit';
import { consumeToken, emailLink, findLiveToken, INVALID_TOKEN_MESSAGES, issueToken, peekToken, revokeUserTokens } from '../../platform/auth-tokens';
import { emails } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../platform/passwords';
import {
  addressKey,
  consumeRateLimit,
  RATE_LIMITS,
  RateLimitedError,
  refuseFullWindow,
  releaseSlots,
  reserveAll,
  reserveOrRefuse,
  reserveSlot,
  windowIsFull,
  type Reservation,
} from '../../platform/rate-limit';
import { replaceRecoveryCodes, useRecoveryCode } from '../../platform/recovery-codes';
import { createSession, deleteUserSessions, invalidateSession, isStaff, sessionCookieExpiry, toSessionUser } from '../../platform/sessions';
import { matchTotpStep, newTotpSecret, totpUri } from '../../platform/totp';
import { openTotpSecret, sealTotpSecret } from '../../platform/totp-secrets';
import { isUniqueViolation } from '../../platform/db-errors';
import { normalizeVatNumber } from '../../platform/vat';
import { verifiedVatCheck } from '../billing';

export interface MfaRequired {
  mfaRequired: true;
  mfaToken: string;
  tempUserId: string;
}

/** Staff without two-step verification: no session until they have enrolled. */
export interface MfaSetupRequired {
  mfaSetupRequired: true;
  mfaToken: string;
  tempUserId: string;
}

/** How long the MFA step stays closed after the 10th wrong code in 24 hours. */
export const MFA_LOCK_MS = 60 * 60_000;

export async function loadSessionUser(ctx: Context, user: User) {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
  return toSessionUser(user, organization ?? null);
}

/** " from Firefox on Linux (203.0.113.7)", as far as the request tells. */
function describeClient(ctx: Context): string {
  const device = ctx.request.userAgent ? describeUserAgent(ctx.request.userAgent) : null;
  const parts = [device && (device.browser || device.os) ? ` from ${device.label}` : '', ctx.request.ipAddress ? ` (${ctx.request.ipAddress})` : ''];
  return parts.join('');
}

/** A new session on every sign-in (no fixation), cookie and CSRF token set by the host. */
export async function startSession(ctx: Context, user: User, method: string) {
  const now = ctx.ports.clock.now();
  // Signing in again from a browser that had a session ends that session: one browser, one session.
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  const { session, token } = await createSession(ctx.db, user, now, ctx.request);
  ctx.ports.sessionCookie.issue({ token, expiresAt: sessionCookieExpiry(session), csrfToken: session.csrfToken });
  ctx.session = { id: session.id, csrfToken: session.csrfToken };
  await audit(ctx.db, { actorUserId: user.id, action: 'auth.sign_in', targetType: 'session', targetId: session.id, ipAddress: ctx.request.ipAddress, metadata: { method } }, now);
  if (method !== 'registration') {
    await notify(ctx, user.id, { type: 'system', message: `New sign-in to your account${describeClient(ctx)}.` });
  }
  return loadSessionUser(ctx, user);
}

/**
 * Password or magic link proven: the MFA step when TOTP is on, the enrolment step for staff
 * without it (a staff session always has a second factor), else a session.
 */
export async function signInOrChallenge(ctx: Context, user: User, method: string): Promise<MfaRequired | MfaSetupRequired | Awaited<ReturnType<typeof startSession>>> {
  const now = ctx.ports.clock.now();
  if (user.totpEnabledAt !== null && user.totpSecret) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_challenge', now);
    return { mfaRequired: true, mfaToken, tempUserId: user.id };
  }
  if (isStaff(user.role)) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_enrollment', now);
    await audit(ctx.db, { actorUserId: user.id, action: 'auth.mfa_enrollment_required', ipAddress: ctx.request.ipAddress, metadata: { method } }, now);
    return { mfaSetupRequired: true, mfaToken, tempUserId: user.id };
  }
  return startSession(ctx, user, method);
}

export function assertEnabled(user: User) {
  if (user.disabledAt !== null) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This account has been disabled. Contact support to restore access.' });
  }
}

/** Checks a TOTP code (once per time-step) or a one-time recovery code for the user. */
export async function verifySecondFactor(ctx: Context, user: User, code: string): Promise<'totp' | 'recovery'> {
  const now = ctx.ports.clock.now();
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const secret = await openTotpSecret(ctx.db, ctx.ports.secrets, user);
    const step = secret ? matchTotpStep(secret, trimmed, now) : null;
    if (step === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'That code is not valid. Check your authenticator app and try again.' });
    // Atomic: succeeds only if no code of this step (or a later one) was accepted before.
    const accepted = await ctx.db
      .update(users)
      .set({ totpLastUsedStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step))))
      .returning({ id: users.id });
    if (accepted.length === 0) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'This code has already been used. Wait for the next code and try again.' });
    }
    return 'totp';
  }
  if (await useRecoveryCode(ctx.db, user.id, trimmed, now)) return 'recovery';
  throw new TRPCError({ code: 'UNAUTHORIZED', message: 'That code is not valid. Enter the 6-digit code from your app or an unused recovery code.' });
}

const MFA_LOCKED_MESSAGE = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Two-step verification is locked for this account after too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

function assertMfaUnlocked(user: User, now: number) {
  if (user.mfaLockedUntil !== null && user.mfaLockedUntil > now) {
    const retryAfterSeconds = Math.ceil((user.mfaLockedUntil - now) / 1000);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MFA_LOCKED_MESSAGE(retryAfterSeconds), cause: new RateLimitedError(retryAfterSeconds) });
  }
}

/** The rate-limit key of a user's wrong second-factor codes. */
export const mfaFailuresKey = (userId: string) => `mfa-failures:user:${userId}`;

/**
 * A new authenticator starts with a fresh failure window: the statement to put in the batch that
 * turns TOTP on (otherwise a window filled under the old seed, its lock lifted by staff, would
 * hold the new one until it ends).
 */
export function clearMfaFailures(db: Context['db'], userId: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, mfaFailuresKey(userId)));
}

/** How a code check was let through: a slot of the user's failure window, or the one try after a lock. */
type MfaAttempt = { kind: 'slot'; slot: Reservation } | { kind: 'after_lock'; lockedUntil: number };

/**
 * Reserves the right to check one code before it is checked (one conditional upsert): at most
 * RATE_LIMITS.mfaFailuresPerUser codes are checked per user in 24 hours, however many challenges
 * and parallel requests. Once that window is full and its lock has run out, one code per
 * MFA_LOCK_MS is checked: the try claims the next lock in one conditional UPDATE, so parallel
 * tries cannot share it. A full window without a lock yet (the 10th failure still being checked)
 * lets nothing through.
 */
async function reserveMfaAttempt(ctx: Context, user: User, now: number): Promise<MfaAttempt> {
  const slot = await reserveSlot(ctx.db, mfaFailuresKey(user.id), RATE_LIMITS.mfaFailuresPerUser, now);
  if (slot) return { kind: 'slot', slot };
  const lockedUntil = now + MFA_LOCK_MS;
  const [claimed] = await ctx.db
    .update(users)
    .set({ mfaLockedUntil: lockedUntil })
    .where(and(eq(users.id, user.id), lte(users.mfaLockedUntil, now)))
    .returning({ id: users.id });
  if (claimed) return { kind: 'after_lock', lockedUntil };
  // Locked: until the lock ends. No lock yet (the 10th failure still in flight): until the window ends.
  const [row] = await ctx.db.select({ mfaLockedUntil: users.mfaLockedUntil }).from(users).where(eq(users.id, user.id)).limit(1);
  const [window] = await ctx.db.select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, mfaFailuresKey(user.id))).limit(1);
  const until = row?.mfaLockedUntil && row.mfaLockedUntil > now ? row.mfaLockedUntil : (window?.windowStart ?? now) + RATE_LIMITS.mfaFailuresPerUser.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now) / 1000));
  await auditInsert(ctx.db, { actorUserId: user.id, action: 'security.rate_limited', ipAddress: ctx.request.ipAddress, metadata: { key: mfaFailuresKey(user.id), limit: RATE_LIMITS.mfaFailuresPerUser.limit, windowMs: RATE_LIMITS.mfaFailuresPerUser.windowMs } }, now).catch(() => undefined);
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MFA_LOCKED_MESSAGE(retryAfterSeconds), cause: new RateLimitedError(retryAfterSeconds) });
}

/**
 * A right code: its slot is given back (limits count failures); a try after a lock ends the lock
 * it claimed (set to now, not null: the window is still full, so the next wrong code locks again).
 */
async function settleMfaSuccess(ctx: Context, user: User, attempt: MfaAttempt) {
  if (attempt.kind === 'slot') await releaseSlots(ctx.db, [attempt.slot]);
  else await ctx.db.update(users).set({ mfaLockedUntil: ctx.ports.clock.now() }).where(and(eq(users.id, user.id), eq(users.mfaLockedUntil, attempt.lockedUntil)));
}

/**
 * A wrong second-factor code, counted per user across challenges (its reserved slot stays taken):
 * the 10th in 24 hours, and any wrong try after a lock, closes the MFA step for MFA_LOCK_MS and
 * tells the user (notification and email).
 */
async function recordMfaFailure(ctx: Context, user: User, attempt: MfaAttempt) {
  const now = ctx.ports.clock.now();
  const failures = attempt.kind === 'slot' ? attempt.slot.count : RATE_LIMITS.mfaFailuresPerUser.limit + 1;
  await audit(ctx.db, { actorUserId: user.id, action: 'auth.mfa_failed', ipAddress: ctx.request.ipAddress, metadata: { failuresIn24h: failures } }, now);
  if (failures < RATE_LIMITS.mfaFailuresPerUser.limit) return;
  const lockedUntil = attempt.kind === 'after_lock' ? attempt.lockedUntil : now + MFA_LOCK_MS;
  await ctx.db.batch([
    ctx.db.update(users).set({ mfaLockedUntil: lockedUntil }).where(eq(users.id, user.id)),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'auth.mfa_locked', ipAddress: ctx.request.ipAddress, metadata: { lockedUntil, failuresIn24h: failures } }, now),
  ]);
  const minutes = MFA_LOCK_MS / 60_000;
  await notify(ctx, user.id, {
    type: 'error',
    message: `Two-step verification was locked for ${minutes} minutes after 10 wrong codes. If this was not you, change your password now.`,
  });
  mailInBackground(ctx.ports, async () => emails.mfaLocked(user.email, user.name, minutes));
}

async function userOf(ctx: Context, userId: string, purpose: 'mfa_challenge' | 'mfa_enrollment') {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_TOKEN_MESSAGES[purpose] });
  assertEnabled(user);
  return user;
}

export async function completeMfa(ctx: Context, mfaToken: string, code: string) {
  const now = ctx.ports.clock.now();
  const challenge = await findLiveToken(ctx.db, mfaToken, 'mfa_challenge', now);
  await consumeRateLimit(ctx.db, `mfa:${challenge.id}`, RATE_LIMITS.mfaPerChallenge, now);
  const user = await userOf(ctx, challenge.userId, 'mfa_challenge');
  assertMfaUnlocked(user, now);
  // Reserved before the code is checked: parallel wrong codes cannot all be checked.
  const attempt = await reserveMfaAttempt(ctx, user, now);
  let factor;
  try {
    factor = await verifySecondFactor(ctx, user, code);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') await recordMfaFailure(ctx, user, attempt);
    else await settleMfaSuccess(ctx, user, attempt);
    throw error;
  }
  await settleMfaSuccess(ctx, user, attempt);
  await consumeToken(ctx.db, mfaToken, 'mfa_challenge', now);
  return startSession(ctx, user, factor === 'totp' ? 'password+totp' : 'password+recovery_code');
}

/** Staff enrolment during sign-in, step 1: a fresh authenticator secret for the pending user. */
export async function startMfaEnrollment(ctx: Context, mfaToken: string) {
  const now = ctx.ports.clock.now();
  const row = await findLiveToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  const user = await userOf(ctx, row.userId, 'mfa_enrollment');
  if (user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-step verification is already on for this account. Sign in again.' });
  const secret = newTotpSecret();
  await ctx.db.update(users).set({ ...(await sealTotpSecret(ctx.ports.secrets, user.id, secret)), totpLastUsedStep: null }).where(eq(users.id, user.id));
  await audit(ctx.db, { actorUserId: user.id, action: 'security.mfa_setup_started', ipAddress: ctx.request.ipAddress, metadata: { during: 'sign_in' } }, now);
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

/** Step 2: the first code turns TOTP on, hands out recovery codes and only then starts the session. */
export async function completeMfaEnrollment(ctx: Context, mfaToken: string, code: string) {
  const now = ctx.ports.clock.now();
  const row = await findLiveToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  await consumeRateLimit(ctx.db, `mfa:${row.id}`, RATE_LIMITS.mfaPerChallenge, now);
  const user = await userOf(ctx, row.userId, 'mfa_enrollment');
  const secret = await openTotpSecret(ctx.db, ctx.ports.secrets, user);
  if (!secret || user.totpEnabledAt !== null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Start the set-up again: no pending authenticator secret.' });
  const step = matchTotpStep(secret, code, now);
  if (step === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'That code is not valid. Check the time on your device and try again.' });
  await consumeToken(ctx.db, mfaToken, 'mfa_enrollment', now);
  await ctx.db.batch([
    ctx.db.update(users).set({ totpEnabledAt: now, totpLastUsedStep: step, updatedAt: now }).where(eq(users.id, user.id)),
    clearMfaFailures(ctx.db, user.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'security.mfa_enabled', ipAddress: ctx.request.ipAddress, metadata: { during: 'sign_in' } }, now),
  ]);
  const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id, now);
  const sessionUser = await startSession(ctx, { ...user, totpEnabledAt: now }, 'password+totp_enrollment');
  return { user: sessionUser, recoveryCodes };
}

const clientKey = (ctx: Context) => addressKey(ctx.request.ipAddress);

export async function findUserByEmail(ctx: Context, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Issues a verification token and mails the link (call it in the background). */
export async function verificationMail(ctx: Context, user: User) {
  const token = await issueToken(ctx.db, user.id, 'verify_email', ctx.ports.clock.now(), user.email);
  return emails.verifyEmail(user.email, user.name, emailLink(ctx.request.appUrl, '/verify-email', token));
}

export function assertStrongPassword(password: string, details: { email?: string; username?: string }) {
  const problem = passwordProblem(password, details);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
}

/**
 * Mail limits that hold whether or not the address has an account (so they tell nothing): per
 * account key, per client address, and per client address and recipient per day (no mail bombing).
 */
async function limitEmailLinkRequest(ctx: Context, accountKey: string, rule: (typeof RATE_LIMITS)['emailLinkPerAccount'], email: string) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, accountKey, rule, now);
  await consumeRateLimit(ctx.db, `email-link:ip:${clientKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
  await consumeRateLimit(ctx.db, `mail:ip:${clientKey(ctx)}:to:${email}`, RATE_LIMITS.mailPerRecipientPerAddress, now);
}

export interface RegistrationInput {
  email: string;
  username: string;
  name: string;
  password: string;
  companyName: string;
  /** ISO alpha-2; France when not given. */
  countryCode?: string;
  vatNumber?: string | null;
}

const USERNAME_TAKEN = 'This username is taken. Choose another one.';

function startingProfile(input: RegistrationInput): BillingProfile {
  const countryCode = !input.countryCode ? 'FR' : input.countryCode === 'EL' ? 'GR' : input.countryCode;
  return { companyName: input.companyName, countryCode, vatNumber: input.vatNumber ? normalizeVatNumber(input.vatNumber) : null, addressLine1: '', addressLine2: null, postalCode: '', city: '' };
}

async function registrationVatCheck(ctx: Context, countryCode: string, vatNumber: string): Promise<VatCheck | null> {
  try {
    return await verifiedVatCheck(ctx.ports, countryCode, vatNumber, null);
  } catch (error) {
    // VIES down: the account is not refused for it; the first order checks the number again.
    if (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE') return null;
    throw error;
  }
}

/**
 * A pending organisation with the registering user as its owner, signed in at once. The answer
 * and its timing are the same whether or not the email already has an account: when it does, the
 * new account keeps the typed address as an unclaimed one it can never verify (it must change it),
 * and the owner of the address is told by mail instead of receiving a verification link.
 */
export async function register(ctx: Context, input: RegistrationInput) {
  const now = ctx.ports.clock.now();
  // Registrations from one address are generous (a whole office may sit behind one NAT); refused
  // ones (a weak password, a username taken) count apart and never use a registration (issue 31).
  // The database arbitrates both under parallel requests: a registration holds its slot from the
  // start, and a refusal is answered only if it gets a slot of its own, else it is a 429 too.
  const address = clientKey(ctx);
  const refusals = `register-refused:ip:${address}`;
  const refusalRule = RATE_LIMITS.registerRefusalsPerAddress;
  const tooManyRefused = (wait: string) => `Too many registrations from your network were refused in the last hour. Please try again in ${wait}.`;
  if (await windowIsFull(ctx.db, refusals, refusalRule, now)) await refuseFullWindow(ctx.db, refusals, refusalRule, now, tooManyRefused);
  const registration = await reserveOrRefuse(ctx.db, `register:ip:${address}`, RATE_LIMITS.registerPerAddress, now, (wait) =>
    `Too many organisations were registered from your network in the last hour. Please try again in ${wait}.`,
  );
  try {
    return await createRegistration(ctx, input, now);
  } catch (error) {
    await releaseSlots(ctx.db, [registration]);
    const formError = error instanceof TRPCError && (error.code === 'BAD_REQUEST' || error.code === 'CONFLICT');
    if (formError && !(await reserveSlot(ctx.db, refusals, refusalRule, now))) await refuseFullWindow(ctx.db, refusals, refusalRule, now, tooManyRefused);
    throw error;
  }
}

async function createRegistration(ctx: Context, input: RegistrationInput, now: number) {
  assertStrongPassword(input.password, input);
  const existing = await ctx.db
    .select({ id: users.id, email: users.email, username: users.username, name: users.name })
    .from(users)
    .where(or(eq(users.email, input.email), eq(users.username, input.username)));
  if (existing.some((row) => row.username === input.username)) throw new TRPCError({ code: 'CONFLICT', message: USERNAME_TAKEN });
  const owner = existing.find((row) => row.email === input.email);

  // The billing profile starts here (issue 30): the country, and the VAT number once checked; the
  // first order adds the address. A registry that cannot answer leaves the number to check later.
  const billingProfile = startingProfile(input);
  const vatCheck = billingProfile.vatNumber ? await registrationVatCheck(ctx, billingProfile.countryCode, billingProfile.vatNumber) : null;
  const passwordHash = await hashPassword(input.password, ctx.config.passwordCost);
  const organizationId = newId('organization');
  const userId = newId('user');
  try {
    // One batch: the organisation, its owner and the audit entry land together or not at all.
    await ctx.db.batch([
      ctx.db.insert(organizations).values({ id: organizationId, name: input.companyName, billingId: newBillingId(), status: 'pending', billingProfile, vatCheck, createdAt: now, updatedAt: now }),
      ctx.db.insert(users).values({
        id: userId,
        organizationId,
        organizationRole: 'owner',
        username: input.username,
        email: owner ? `unclaimed.${userId}@accounts.invalid` : input.email,
        unclaimedEmail: owner ? input.email : null,
        name: input.name,
        role: 'user',
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      auditInsert(ctx.db, { actorUserId: userId, action: 'auth.register', targetType: 'organization', targetId: organizationId, ipAddress: ctx.request.ipAddress, metadata: owner ? { emailAlreadyRegistered: true } : undefined }, now),
    ]);
  } catch (error) {
    // Two registrations raced for the same username or email: the loser is told, never a 500.
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email or username was just created. Sign in instead, or choose another username.' });
    throw error;
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  mailInBackground(ctx.ports, async () =>
    owner ? emails.registrationAttempt(owner.email, owner.name, `${ctx.request.appUrl}/auth`) : verificationMail(ctx, user!),
  );
  await notify(ctx, userId, {
    type: 'success',
    message: `Welcome to KubeMarket, ${input.name}! ${input.companyName} is awaiting approval by our team; we have emailed you a link to verify your address.`,
  });
  return startSession(ctx, user!, 'registration');
}

const INVALID_CREDENTIALS = 'Invalid email/username or password.';

/** How long a successful sign-in makes its address one the account knows (exempt from the loose lock). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** Whether the user signed in successfully from this very address in the last 30 days (audited sign-ins). */
async function signedInFromHereBefore(ctx: Context, userId: string, now: number): Promise<boolean> {
  if (!ctx.request.ipAddress) return false;
  const [row] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), gt(auditLog.createdAt, now - KNOWN_ADDRESS_MS), eq(auditLog.action, 'auth.sign_in'), eq(auditLog.ipAddress, ctx.request.ipAddress)))
    .limit(1);
  return row !== undefined;
}

/**
 * Reserves one failure slot in every sign-in limit before a password is checked (ADR 25): per
 * address, per account and address (strict), per account (loose; an address the account signed
 * in from before is not held by it). Each reservation is one conditional upsert, so parallel
 * attempts cannot all pass a check that sees the count before any of them failed. Refused: 429
 * and nothing counted. The caller keeps the slots for a wrong password and gives them back
 * (releaseSlots) for a right one: the limits count failures only.
 */
export async function reservePasswordCheck(ctx: Context, accountBucket: string, userId: string | null, now: number): Promise<Reservation[]> {
  const address = clientKey(ctx);
  const held = await reserveAll(
    ctx.db,
    [
      [`login:ip:${address}`, RATE_LIMITS.loginPerAddress],
      [`${accountBucket}:ip:${address}`, RATE_LIMITS.loginPerAccountAndAddress],
    ],
    now,
  );
  try {
    const account = await reserveSlot(ctx.db, accountBucket, RATE_LIMITS.loginPerAccount, now);
    if (account) held.push(account);
    else if (!(userId && (await signedInFromHereBefore(ctx, userId, now)))) await refuseFullWindow(ctx.db, accountBucket, RATE_LIMITS.loginPerAccount, now);
  } catch (error) {
    await releaseSlots(ctx.db, held);
    throw error;
  }
  return held;
}

/**
 * Limits count failures only, per resolved account (email and username are one bucket; an
 * unknown identifier gets its own, so the answers do not differ) and per client address. The
 * failure is reserved before the hash is checked and given back when the password was right.
 */
export async function signInWithPassword(ctx: Context, input: { identifier: string; password: string }) {
  const now = ctx.ports.clock.now();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.email, input.identifier), eq(users.username, input.identifier)))
    .limit(1);
  const accountBucket = user ? `login:user:${user.id}` : `login:unknown:${input.identifier}`;
  const slots = await reservePasswordCheck(ctx, accountBucket, user?.id ?? null, now);
  let checked;
  try {
    checked = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(ctx.config.passwordCost)), ctx.config.passwordCost);
  } catch (error) {
    await releaseSlots(ctx.db, slots);
    throw error;
  }
  if (!user?.passwordHash || !checked.valid) {
    // The reserved slots stay taken: they are this failure.
    await audit(ctx.db, { actorUserId: user?.id ?? null, action: 'auth.sign_in_failed', ipAddress: ctx.request.ipAddress, metadata: user ? undefined : { unknownIdentifier: true } }, now);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  }
  await releaseSlots(ctx.db, slots);
  assertEnabled(user);
  if (checked.needsRehash) await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password, ctx.config.passwordCost) }).where(eq(users.id, user.id));
  return signInOrChallenge(ctx, user, 'password');
}

export async function signOut(ctx: Context) {
  if (ctx.session && ctx.user) {
    await invalidateSession(ctx.db, ctx.session.id);
    await ctx.ports.realtime.closeSessions(ctx.user.id, [ctx.session.id]);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'auth.sign_out', targetType: 'session', targetId: ctx.session.id, ipAddress: ctx.request.ipAddress }, ctx.ports.clock.now());
  }
  ctx.ports.sessionCookie.clear();
  return { success: true as const };
}

export async function resendVerification(ctx: Context, email: string) {
  if (ctx.user && ctx.user.email === email && ctx.user.emailVerified) {
    // Only the signed-in owner of the address learns this: it tells them nothing new.
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your email address is already verified.' });
  }
  await limitEmailLinkRequest(ctx, `resend:account:${email}`, RATE_LIMITS.resendPerAccount, email);
  // The look-up and the mail happen after the answer, which is the same whether or not the
  // address has an account.
  mailInBackground(ctx.ports, async () => {
    const user = await findUserByEmail(ctx, email);
    return user && user.emailVerifiedAt === null && user.disabledAt === null ? verificationMail(ctx, user) : null;
  });
  return { sent: true as const };
}

/** What an emailed link will do, shown before the button spends it; spends nothing. */
export async function emailLinkInfo(ctx: Context, input: { token: string; kind: EmailLinkKind }) {
  const now = ctx.ports.clock.now();
  const purposes = input.kind === 'verify' ? (['verify_email', 'change_email'] as const) : input.kind === 'reset' ? (['reset_password'] as const) : (['magic_link'] as const);
  for (const purpose of purposes) {
    const row = await peekToken(ctx.db, input.token, purpose, now);
    if (!row) continue;
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) break;
    return { purpose, email: row.email ?? user.email, expiresAt: row.expiresAt };
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_TOKEN_MESSAGES[purposes[0]] });
}

export async function verifyEmail(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  let row;
  try {
    row = await consumeToken(ctx.db, token, 'verify_email', now);
  } catch {
    row = await consumeToken(ctx.db, token, 'change_email', now);
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || !row.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This verification link is invalid or has expired. Request a new one.' });
  if (row.purpose === 'change_email') return confirmEmailChange(ctx, user, row);
  if (row.email !== user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This link was for an email address your account no longer uses.' });
  await ctx.db.batch([
    ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_verified' }, now),
  ]);
  await notify(ctx, user.id, { type: 'success', message: `Your email address ${row.email} is verified.` });
  return { email: row.email, verified: true as const };
}

const EMAIL_TAKEN = 'Another account now uses this email address.';

/**
 * The new address is proven: it replaces the old one, the old address is told, and on request
 * every session but the one that asked (and the one confirming) is signed out.
 */
async function confirmEmailChange(ctx: Context, user: User, row: AuthToken) {
  const now = ctx.ports.clock.now();
  const newEmail = row.email!;
  const taken = await findUserByEmail(ctx, newEmail);
  if (taken && taken.id !== user.id) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
  const requestedBy = typeof row.data?.requestedBySessionId === 'string' ? row.data.requestedBySessionId : null;
  const signOutOthers = row.data?.signOutOtherSessions === true;
  try {
    await ctx.db.batch([
      ctx.db.update(users).set({ email: newEmail, unclaimedEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
      auditInsert(ctx.db, { actorUserId: user.id, action: 'account.email_changed', metadata: { from: user.unclaimedEmail ? null : user.email, to: newEmail, signOutOtherSessions: signOutOthers } }, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    throw error;
  }
  let ended: string[] = [];
  if (signOutOthers) {
    ended = (await deleteUserSessions(ctx.db, user.id, [requestedBy, ctx.session?.id])).map((session) => session.id);
    await ctx.ports.realtime.closeSessions(user.id, ended);
  }
  if (!user.unclaimedEmail) mailInBackground(ctx.ports, async () => emails.emailChanged(user.email, user.name, newEmail));
  await notify(ctx, user.id, {
    type: 'success',
    message: `Your account email is now ${newEmail}.${ended.length > 0 ? ` ${ended.length} other session${ended.length === 1 ? ' was' : 's were'} signed out.` : ''}`,
  });
  return { email: newEmail, verified: true as const };
}

export async function requestPasswordReset(ctx: Context, email: string) {
  const now = ctx.ports.clock.now();
  await limitEmailLinkRequest(ctx, `reset:account:${email}`, RATE_LIMITS.emailLinkPerAccount, email);
  mailInBackground(ctx.ports, async () => {
    const user = await findUserByEmail(ctx, email);
    if (!user || user.disabledAt !== null) return null;
    const token = await issueToken(ctx.db, user.id, 'reset_password', now);
    return emails.resetPassword(user.email, user.name, emailLink(ctx.request.appUrl, '/reset-password', token));
  });
  return { sent: true as const };
}

export async function resetPassword(ctx: Context, input: { token: string; password: string }) {
  const now = ctx.ports.clock.now();
  // Check strength before spending the single-use token, so a weak choice can be retried.
  assertStrongPassword(input.password, {});
  const row = await consumeToken(ctx.db, input.token, 'reset_password', now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired. Request a new one.' });
  assertStrongPassword(input.password, user);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordCost);
  // The new password, the end of every session, of every other outstanding link and MFA step,
  // and the audit entry land together.
  const [, ended] = await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? (user.unclaimedEmail ? null : now), updatedAt: now }).where(eq(users.id, user.id)),
    deleteUserSessions(ctx.db, user.id),
    revokeUserTokens(ctx.db, user.id, now, row.id),
    auditInsert(ctx.db, { actorUserId: user.id, action: 'account.password_reset', ipAddress: ctx.request.ipAddress }, now),
  ]);
  await ctx.ports.realtime.closeSessions(user.id, ended.map((session) => session.id));
  await notify(ctx, user.id, { type: 'warning', message: 'Your password was reset and every session was signed out. If this was not you, contact support at once.' });
  return { reset: true as const };
}

export async function requestMagicLink(ctx: Context, email: string) {
  const now = ctx.ports.clock.now();
  await limitEmailLinkRequest(ctx, `magic:account:${email}`, RATE_LIMITS.emailLinkPerAccount, email);
  mailInBackground(ctx.ports, async () => {
    const user = await findUserByEmail(ctx, email);
    if (!user || user.disabledAt !== null) return null;
    const token = await issueToken(ctx.db, user.id, 'magic_link', now);
    return emails.magicLink(user.email, user.name, emailLink(ctx.request.appUrl, '/magic-link', token));
  });
  return { sent: true as const };
}

export async function consumeMagicLink(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  const row = await consumeToken(ctx.db, token, 'magic_link', now);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This sign-in link is invalid or has expired. Request a new one.' });
  assertEnabled(user);
  // Following the link proves the address.
  if (user.emailVerifiedAt === null) await ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
  return signInOrChallenge(ctx, { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, 'magic_link');
}
