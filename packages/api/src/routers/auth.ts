import { newBillingId, newId, organizations, users, type User } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../context';
import { audit, auditInsert } from '../services/audit';
import { consumeToken, issueToken } from '../services/auth-tokens';
import { emails } from '../services/emails';
import { sendMailSafely } from '../services/mailer';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../services/passwords';
import { consumeRateLimit, RATE_LIMITS } from '../services/rate-limit';
import { invalidateSession, invalidateUserSessions } from '../services/sessions';
import { assertEnabled, completeMfa, signInOrChallenge, startSession } from '../services/sign-in';
import { notify } from '../services/notify';
import { publicProcedure, router } from '../trpc';
import { companyNameSchema, emailSchema, passwordSchema, personNameSchema, tokenSchema, usernameSchema } from '../validation';

const addressKey = (ctx: Context) => ctx.request.ipAddress ?? 'unknown';

async function findUserByEmail(ctx: Context, email: string): Promise<User | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

async function sendVerification(ctx: Context, user: User) {
  const token = await issueToken(ctx.db, user.id, 'verify_email', ctx.ports.clock.now(), user.email);
  await sendMailSafely(ctx.ports.mailer, emails.verifyEmail(user.email, user.name, `${ctx.request.appUrl}/verify-email?token=${token}`));
}

function assertStrongPassword(password: string, details: { email?: string; username?: string }) {
  const problem = passwordProblem(password, details);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ctx.user),

  register: publicProcedure
    .input(
      z.object({
        email: emailSchema,
        username: usernameSchema,
        name: personNameSchema,
        password: passwordSchema,
        companyName: companyNameSchema,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const now = ctx.ports.clock.now();
      await consumeRateLimit(ctx.db, `register:ip:${addressKey(ctx)}`, RATE_LIMITS.registerPerAddress, now);
      assertStrongPassword(input.password, input);
      const existing = await ctx.db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(eq(users.email, input.email), eq(users.username, input.username)));
      if (existing.some((row) => row.email === input.email)) {
        throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists. Sign in instead.' });
      }
      if (existing.length > 0) throw new TRPCError({ code: 'CONFLICT', message: 'This username is taken. Choose another one.' });

      const passwordHash = await hashPassword(input.password);
      const organizationId = newId('organization');
      const userId = newId('user');
      try {
        // One batch: the organisation, its owner and the audit entry land together or not at all.
        await ctx.db.batch([
          ctx.db.insert(organizations).values({ id: organizationId, name: input.companyName, billingId: newBillingId(), status: 'pending', createdAt: now, updatedAt: now }),
          ctx.db.insert(users).values({
            id: userId,
            organizationId,
            organizationRole: 'owner',
            username: input.username,
            email: input.email,
            name: input.name,
            role: 'user',
            passwordHash,
            passwordChangedAt: now,
            createdAt: now,
            updatedAt: now,
          }),
          auditInsert(ctx.db, { actorUserId: userId, action: 'auth.register', targetType: 'organization', targetId: organizationId, ipAddress: ctx.request.ipAddress }, now),
        ]);
      } catch (error) {
        if (String(error).includes('UNIQUE')) {
          throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email or username already exists.' });
        }
        throw error;
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      await sendVerification(ctx, user!);
      await notify(ctx, userId, {
        type: 'success',
        message: `Welcome to KubeMarket, ${input.name}! ${input.companyName} is awaiting approval by our team; we have emailed you a link to verify your address.`,
      });
      return startSession(ctx, user!, 'registration');
    }),

  login: publicProcedure
    .input(z.object({ identifier: z.string({ error: 'Enter your email or username.' }).trim().toLowerCase().min(1, 'Enter your email or username.').max(254), password: passwordSchema }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.ports.clock.now();
      await consumeRateLimit(ctx.db, `login:ip:${addressKey(ctx)}`, RATE_LIMITS.loginPerAddress, now);
      await consumeRateLimit(ctx.db, `login:account:${input.identifier}`, RATE_LIMITS.loginPerAccount, now);
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(or(eq(users.email, input.identifier), eq(users.username, input.identifier)))
        .limit(1);
      const invalid = new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email/username or password.' });
      if (!user?.passwordHash) {
        await verifyPassword(input.password, await dummyPasswordHash());
        throw invalid;
      }
      const { valid, needsRehash } = await verifyPassword(input.password, user.passwordHash);
      if (!valid) {
        await audit(ctx.db, { actorUserId: user.id, action: 'auth.sign_in_failed', ipAddress: ctx.request.ipAddress }, now);
        throw invalid;
      }
      assertEnabled(user);
      if (needsRehash) await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
      return signInOrChallenge(ctx, user, 'password');
    }),

  verifyMfa: publicProcedure
    .input(z.object({ mfaToken: tokenSchema, code: z.string().trim().min(6, 'Enter the 6-digit code or a recovery code.').max(20) }))
    .mutation(({ ctx, input }) => completeMfa(ctx, input.mfaToken, input.code)),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session && ctx.user) {
      await invalidateSession(ctx.db, ctx.session.id);
      await ctx.ports.realtime.closeSessions(ctx.user.id, [ctx.session.id]);
      await audit(ctx.db, { actorUserId: ctx.user.id, action: 'auth.sign_out', targetType: 'session', targetId: ctx.session.id, ipAddress: ctx.request.ipAddress }, ctx.ports.clock.now());
    }
    ctx.ports.sessionCookie.clear();
    return { success: true as const };
  }),

  resendVerification: publicProcedure.input(z.object({ email: emailSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `resend:account:${input.email}`, RATE_LIMITS.resendPerAccount, now);
    await consumeRateLimit(ctx.db, `email-link:ip:${addressKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
    const user = await findUserByEmail(ctx, input.email);
    if (user && user.emailVerifiedAt !== null && ctx.user?.id === user.id) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your email address is already verified.' });
    }
    // The same answer whether or not the address has an account, so nobody can probe for one.
    if (user && user.emailVerifiedAt === null && user.disabledAt === null) await sendVerification(ctx, user);
    return { sent: true as const };
  }),

  verifyEmail: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    let row;
    try {
      row = await consumeToken(ctx.db, input.token, 'verify_email', now);
    } catch {
      row = await consumeToken(ctx.db, input.token, 'change_email', now);
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user || !row.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This verification link is invalid or has expired. Request a new one.' });
    if (row.purpose === 'change_email') {
      const taken = await findUserByEmail(ctx, row.email);
      if (taken && taken.id !== user.id) throw new TRPCError({ code: 'CONFLICT', message: 'Another account now uses this email address.' });
      await ctx.db.update(users).set({ email: row.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await audit(ctx.db, { actorUserId: user.id, action: 'account.email_changed', metadata: { from: user.email, to: row.email } }, now);
      await notify(ctx, user.id, { type: 'success', message: `Your account email is now ${row.email}.` });
    } else {
      if (row.email !== user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This link was for an email address your account no longer uses.' });
      await ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await audit(ctx.db, { actorUserId: user.id, action: 'account.email_verified' }, now);
      await notify(ctx, user.id, { type: 'success', message: `Your email address ${row.email} is verified.` });
    }
    return { email: row.email, verified: true as const };
  }),

  requestPasswordReset: publicProcedure.input(z.object({ email: emailSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `reset:account:${input.email}`, RATE_LIMITS.emailLinkPerAccount, now);
    await consumeRateLimit(ctx.db, `email-link:ip:${addressKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
    const user = await findUserByEmail(ctx, input.email);
    if (user && user.disabledAt === null) {
      const token = await issueToken(ctx.db, user.id, 'reset_password', now);
      await sendMailSafely(ctx.ports.mailer, emails.resetPassword(user.email, user.name, `${ctx.request.appUrl}/reset-password?token=${token}`));
    }
    return { sent: true as const };
  }),

  resetPassword: publicProcedure.input(z.object({ token: tokenSchema, password: passwordSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    // Check strength before spending the single-use token, so a weak choice can be retried.
    assertStrongPassword(input.password, {});
    const row = await consumeToken(ctx.db, input.token, 'reset_password', now);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired. Request a new one.' });
    assertStrongPassword(input.password, user);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    const ended = await invalidateUserSessions(ctx.db, user.id);
    await ctx.ports.realtime.closeSessions(user.id, ended);
    await audit(ctx.db, { actorUserId: user.id, action: 'account.password_reset', ipAddress: ctx.request.ipAddress }, now);
    await notify(ctx, user.id, { type: 'warning', message: 'Your password was reset and every session was signed out. If this was not you, contact support at once.' });
    return { reset: true as const };
  }),

  requestMagicLink: publicProcedure.input(z.object({ email: emailSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `magic:account:${input.email}`, RATE_LIMITS.emailLinkPerAccount, now);
    await consumeRateLimit(ctx.db, `email-link:ip:${addressKey(ctx)}`, RATE_LIMITS.emailLinkPerAddress, now);
    const user = await findUserByEmail(ctx, input.email);
    if (user && user.disabledAt === null) {
      const token = await issueToken(ctx.db, user.id, 'magic_link', now);
      await sendMailSafely(ctx.ports.mailer, emails.magicLink(user.email, user.name, `${ctx.request.appUrl}/magic-link?token=${token}`));
    }
    return { sent: true as const };
  }),

  consumeMagicLink: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    const row = await consumeToken(ctx.db, input.token, 'magic_link', now);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This sign-in link is invalid or has expired. Request a new one.' });
    assertEnabled(user);
    // Following the link proves the address.
    if (user.emailVerifiedAt === null) await ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    return signInOrChallenge(ctx, { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, 'magic_link');
  }),
});

export { startSession };
