import { sessions, users } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../services/audit';
import { replaceRecoveryCodes } from '../services/recovery-codes';
import { invalidateUserSessions } from '../services/sessions';
import { matchTotpStep, newTotpSecret, totpUri } from '../services/totp';
import { notify } from '../services/notify';
import { protectedProcedure, router } from '../trpc';
import { passwordSchema } from '../validation';
import { assertPassword } from './account';

export const securityRouter = router({
  totpSetup: protectedProcedure.mutation(async ({ ctx }) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (user?.totpEnabledAt) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is already enabled.' });
    const secret = newTotpSecret();
    await ctx.db.update(users).set({ totpSecret: secret, totpLastUsedStep: null }).where(eq(users.id, ctx.user.id));
    return { secret, otpauthUri: totpUri(secret, ctx.user.email) };
  }),

  totpEnable: protectedProcedure
    .input(z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.') }))
    .mutation(async ({ ctx, input }) => {
      const now = ctx.ports.clock.now();
      const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
      if (!user?.totpSecret) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Start the set-up again: no pending authenticator secret.' });
      if (user.totpEnabledAt) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is already enabled.' });
      const step = matchTotpStep(user.totpSecret, input.code, now);
      if (step === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'That code is not valid. Check the time on your device and try again.' });
      await ctx.db.update(users).set({ totpEnabledAt: now, totpLastUsedStep: step, updatedAt: now }).where(eq(users.id, user.id));
      const recoveryCodes = await replaceRecoveryCodes(ctx.db, user.id, now);
      await audit(ctx.db, { actorUserId: user.id, action: 'security.mfa_enabled', ipAddress: ctx.request.ipAddress }, now);
      await notify(ctx, user.id, { type: 'success', message: 'Two-step verification is now on for your account.' });
      return { recoveryCodes };
    }),

  totpDisable: protectedProcedure.input(z.object({ password: passwordSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    const user = await assertPassword(ctx, input.password);
    if (!user.totpEnabledAt) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Two-factor authentication is not enabled.' });
    await ctx.db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastUsedStep: null, updatedAt: now }).where(eq(users.id, user.id));
    await replaceRecoveryCodes(ctx.db, user.id, now).then(() => undefined);
    await audit(ctx.db, { actorUserId: user.id, action: 'security.mfa_disabled', ipAddress: ctx.request.ipAddress }, now);
    await notify(ctx, user.id, { type: 'warning', message: 'Two-step verification was turned off for your account.' });
    return { disabled: true as const };
  }),

  sessions: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, ctx.user.id)).orderBy(desc(sessions.lastActiveAt));
    return rows.map((row) => ({
      id: row.id,
      current: row.id === ctx.session?.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastActiveAt: row.lastActiveAt,
    }));
  }),

  revokeSession: protectedProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const removed = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.id, input.id), eq(sessions.userId, ctx.user.id)))
      .returning({ id: sessions.id });
    if (removed.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'This session no longer exists.' });
    if (input.id === ctx.session?.id) ctx.ports.sessionCookie.clear();
    await ctx.ports.realtime.closeSessions(ctx.user.id, [input.id]);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'security.session_revoked', targetType: 'session', targetId: input.id }, ctx.ports.clock.now());
    return { revoked: 1 };
  }),

  revokeOtherSessions: protectedProcedure.mutation(async ({ ctx }) => {
    const ended = await invalidateUserSessions(ctx.db, ctx.user.id, ctx.session?.id);
    await ctx.ports.realtime.closeSessions(ctx.user.id, ended);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'security.other_sessions_revoked', metadata: { count: ended.length } }, ctx.ports.clock.now());
    return { revoked: ended.length };
  }),
});
