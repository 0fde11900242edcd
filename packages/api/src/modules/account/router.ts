import { ORGANIZATION_STATUSES } from '@kubemarket/db';
import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { z } from 'zod';
import { consoleUserSchema, sentSchema } from '../../platform/contracts';
import { emailChangeInputSchema, passwordChangeInputSchema, profileUpdateInputSchema } from '@kubemarket/shared';
import { protectedProcedure, router } from '../../trpc';
import * as account from './service';

const TAGS: ['Account'] = ['Account'];

const profileSchema = z.object({
  user: consoleUserSchema,
  organization: z
    .object({
      name: z.string(),
      billingId: z.string(),
      status: z.enum(ORGANIZATION_STATUSES),
      createdAt: z.number().int(),
      approval: z
        .object({
          medianMinutes: z.number().int().describe('Median time from registration to approval over the last 90 days, in minutes.'),
          approvals: z.number().int().describe('Approvals that median is taken over.'),
        })
        .nullable()
        .describe('While the organisation awaits approval: how long approvals took lately; null otherwise or when there were none.'),
    })
    .nullable(),
  organizationRole: z.enum(ORGANIZATION_ROLES),
  totpEnabled: z.boolean(),
  createdAt: z.number().int(),
});

export const accountRouter = router({
  profile: protectedProcedure
    .meta({ scope: 'account:read', rest: { method: 'GET', path: '/api/account', summary: 'Your profile, organisation and organisation role', tags: TAGS } })
    .output(profileSchema)
    .query(({ ctx }) => account.profile(ctx)),

  updateName: protectedProcedure
    .meta({ scope: 'account:write', rest: { method: 'PATCH', path: '/api/account', summary: 'Change your display name', tags: TAGS } })
    .input(profileUpdateInputSchema)
    .output(consoleUserSchema)
    .mutation(({ ctx, input }) => account.updateName(ctx, input.name)),

  // Re-authenticated changes stay in the console: a token must never change credentials.
  changePassword: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/password', summary: 'Change your password (ends your other sessions)', tags: TAGS, sessionOnly: true } })
    .input(passwordChangeInputSchema)
    .output(z.object({ changed: z.literal(true), sessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => account.changePassword(ctx, input)),

  changeEmail: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/email', summary: 'Change your email address (confirmed by a link to the new one)', tags: TAGS, sessionOnly: true } })
    .input(emailChangeInputSchema)
    .output(sentSchema)
    .mutation(({ ctx, input }) => account.changeEmail(ctx, input)),
});
