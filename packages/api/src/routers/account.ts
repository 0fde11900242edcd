import { organizations, users } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../context';
import { audit } from '../services/audit';
import { issueToken } from '../services/auth-tokens';
import { emails } from '../services/emails';
import { hashPassword, passwordProblem, verifyPassword } from '../services/passwords';
import { consumeRateLimit, RATE_LIMITS } from '../services/rate-limit';
import { invalidateUserSessions } from '../services/sessions';
import { loadSessionUser } from '../services/sign-in';
import { notify } from '../services/notify';
import { protectedProcedure, router } from '../trpc';
import { emailSchema, passwordSchema, personNameSchema } from '../validation';

async function currentUserRow(ctx: Context & { user: NonNullable<Context['user']> }) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return user;
}

/** Re-authentication for sensitive changes; counted like sign-in attempts. */
export async function assertPassword(ctx: Context & { user: NonNullable<Context['user']> }, password: string) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `login:account:${ctx.user.email}`, RATE_LIMITS.loginPerAccount, now);
  const user = await currentUserRow(ctx);
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash)).valid) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Your current password is incorrect.' });
  }
  return user;
}

export const accountRouter = router({
  profile: protectedProcedure.query(async ({ ctx }) => {
    const user = await currentUserRow(ctx);
    const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, user.organizationId)).limit(1);
    return {
      user: await loadSessionUser(ctx, user),
      organization: organization
        ? { name: organization.name, billingId: organization.billingId, status: organization.status, createdAt: organization.createdAt }
        : null,
      organizationRole: user.organizationRole,
      totpEnabled: user.totpEnabledAt !== null,
      createdAt: user.createdAt,
    };
  }),

  updateName: protectedProcedure.input(z.object({ name: personNameSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await ctx.db.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, ctx.user.id));
    return loadSessionUser(ctx, await currentUserRow(ctx));
  }),

  changePassword: protectedProcedure
    .input(z.object({ currentPassword: passwordSchema, newPassword: passwordSchema }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.ports.clock.now();
      const user = await assertPassword(ctx, input.currentPassword);
      const problem = passwordProblem(input.newPassword, user);
      if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
      if (input.newPassword === input.currentPassword) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'Choose a password different from your current one.' });
      }
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      // Every other session ends; this one stays so the user is not thrown out mid-task.
      const ended = await invalidateUserSessions(ctx.db, user.id, ctx.session?.id);
      await ctx.ports.realtime.closeSessions(user.id, ended);
      await audit(ctx.db, { actorUserId: user.id, action: 'account.password_changed', ipAddress: ctx.request.ipAddress, metadata: { sessionsEnded: ended.length } }, now);
      await notify(ctx, user.id, { type: 'warning', message: 'Your password was changed. If this was not you, reset it now and contact support.' });
      return { changed: true as const, sessionsEnded: ended.length };
    }),

  changeEmail: protectedProcedure
    .input(z.object({ currentPassword: passwordSchema, newEmail: emailSchema }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.ports.clock.now();
      const user = await assertPassword(ctx, input.currentPassword);
      if (input.newEmail === user.email) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This is already your email address.' });
      const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail)).limit(1);
      if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'Another account already uses this email address.' });
      await consumeRateLimit(ctx.db, `change-email:account:${user.id}`, RATE_LIMITS.emailLinkPerAccount, now);
      const token = await issueToken(ctx.db, user.id, 'change_email', now, input.newEmail);
      await ctx.ports.mailer.send(emails.changeEmail(input.newEmail, user.name, `${ctx.request.appUrl}/verify-email?token=${token}`));
      return { sent: true as const };
    }),
});
