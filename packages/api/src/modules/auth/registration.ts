import { newBillingId, newId, organizations, users, type BillingProfile, type User, type VatCheck } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq, or } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { emailLink, issueToken } from '../../platform/auth-tokens';
import { emails } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { hashPassword, passwordProblem } from '../../platform/passwords';
import {
  consumeRateLimit,
  RATE_LIMITS,
  refuseFullWindow,
  releaseSlots,
  reserveOrRefuse,
  reserveSlot,
  windowIsFull,
} from '../../platform/rate-limit';
import { isUniqueViolation } from '../../platform/db-errors';
import { normalizeVatNumber } from '../../platform/vat';
import { verifiedVatCheck } from '../billing';
import { clientKey, startSession } from './sessions';

// Registration

export async function findUserByEmail(ctx: Context, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Issues a verification token and mails the link (call it in the background). */
export async function verificationMail(ctx: Context, user: User) {
  const token = await issueToken(ctx.db, user.id, 'verify_email', ctx.ports.clock.now(), user.email);
  return emails.verifyEmail(user.email, user.name, emailLink(ctx.request.appUrl, '/verify-email', token));
}

export async function assertStrongPassword(password: string, details: { email?: string; username?: string }) {
  const problem = await passwordProblem(password, details);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
}

/**
 * Mail limits that hold whether or not the address has an account (so they tell nothing): per
 * account key, per client address, and per client address and recipient per day (no mail bombing).
 */
export async function limitEmailLinkRequest(ctx: Context, accountKey: string, rule: (typeof RATE_LIMITS)['emailLinkPerAccount'], email: string) {
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
  await assertStrongPassword(input.password, input);
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
