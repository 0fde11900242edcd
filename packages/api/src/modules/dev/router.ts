import { mailOutbox, users } from '@kubemarket/db';
import { DEMO_ACCOUNTS } from '@kubemarket/db/seed';
import { TRPCError } from '@trpc/server';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '@kubemarket/db';
import { notify, notifyOrganization } from '../../platform/notify';
import { startSession } from '../auth';
import { publicProcedure, router } from '../../trpc';
import { createTestAccount, testAccountInput, testAccountOutput } from './test-accounts';

/** Development only: in production these procedures answer NOT_FOUND as if they did not exist. */
const devProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.config.environment !== 'development') throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found.' });
  return next();
});

export const devRouter = router({
  demoAccounts: devProcedure.query(() =>
    DEMO_ACCOUNTS.map(({ username, name, role, email, description }) => ({ username, name, role, email, description })),
  ),

  login: devProcedure.input(z.object({ username: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    if (!DEMO_ACCOUNTS.some((account) => account.username === input.username)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only the seeded demo accounts can use the development sign-in.' });
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.username, input.username)).limit(1);
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'This demo account is missing: run `pnpm db:seed`.' });
    return startSession(ctx, user, 'dev_login');
  }),

  /** Sends the signed-in user a notification: for trying the bell, browser tests and the socket bench. */
  notify: devProcedure
    .meta({ keepsIsolateCaches: true })
    .input(z.object({ type: z.enum(NOTIFICATION_TYPES).default('info'), message: z.string().trim().min(1, 'Message is required.').max(500) }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
      const row = await notify(ctx, ctx.user.id, input);
      return { id: row.id };
    }),

  /**
   * Sends every member of the signed-in user's organisation one notification through
   * notifyOrganization, the path of organisation-wide notices: for the fan-out bench and tests.
   */
  notifyOrganization: devProcedure
    .meta({ keepsIsolateCaches: true })
    .input(z.object({ type: z.enum(NOTIFICATION_TYPES).default('info'), message: z.string().trim().min(1, 'Message is required.').max(500) }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
      const rows = await notifyOrganization(ctx, ctx.user.organizationId, input);
      return { recipients: rows.length, ids: Object.fromEntries(rows.map((row) => [row.userId, row.id])) };
    }),

  /** Browser tests: a new organisation and user for each test, so that tests never share one. */
  createTestAccount: devProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/dev/test-accounts',
        summary: 'Development only: a new organisation and user for one test',
        description: 'Answers 404 in production. With `signIn`, the caller is signed in as the new user.',
        tags: ['Development'],
        internal: true,
      },
    })
    .input(testAccountInput)
    .output(testAccountOutput)
    .mutation(({ ctx, input }) => createTestAccount(ctx, input)),

  mailbox: devProcedure.input(z.object({ to: z.string().optional() }).optional()).query(async ({ ctx, input }) => {
    const query = ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    return input?.to ? query.where(eq(mailOutbox.to, input.to.trim().toLowerCase())) : query;
  }),
});
