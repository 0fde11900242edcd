import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { passwordConfirmationInputSchema, totpCodeSchema } from '@kubemarket/shared';
import { recoveryCodesSchema, totpSetupSchema } from '../../platform/contracts';
import { protectedProcedure, router } from '../../trpc';
import * as security from './service';

const TAGS: ['Security'] = ['Security'];

const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.number().int(),
  lastActiveAt: z.number().int(),
});

// Two-step verification is set up in the console only: no REST path, closed to tokens; each
// change needs the password again and a verified email.
export const securityRouter = router({
  totpSetup: protectedProcedure
    .input(passwordConfirmationInputSchema)
    .output(totpSetupSchema)
    .mutation(({ ctx, input }) => security.startTotpSetup(ctx, input.password)),

  totpEnable: protectedProcedure
    .input(z.object({ code: totpCodeSchema }))
    .output(recoveryCodesSchema)
    .mutation(({ ctx, input }) => security.enableTotp(ctx, input.code)),

  totpDisable: protectedProcedure
    .input(passwordConfirmationInputSchema)
    .output(z.object({ disabled: z.literal(true) }))
    .mutation(({ ctx, input }) => security.disableTotp(ctx, input.password)),

  regenerateRecoveryCodes: protectedProcedure
    .input(passwordConfirmationInputSchema)
    .output(recoveryCodesSchema)
    .mutation(({ ctx, input }) => security.regenerateRecoveryCodes(ctx, input.password)),

  sessions: protectedProcedure
    .meta({ scope: 'account:read', rest: { method: 'GET', path: '/api/sessions', summary: 'Your signed-in sessions', tags: TAGS } })
    .output(z.array(sessionSchema))
    .query(({ ctx }) => security.listSessions(ctx)),

  revokeSession: protectedProcedure
    .meta({ scope: 'account:write', rest: { method: 'DELETE', path: '/api/sessions/{id}', summary: 'Sign out one of your sessions', tags: TAGS } })
    .input(z.object({ id: idParam('Session') }))
    .output(z.object({ revoked: z.number().int() }))
    .mutation(({ ctx, input }) => security.revokeSession(ctx, input.id)),

  revokeOtherSessions: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/sessions/revoke-others', summary: 'Sign out every other session (needs your password)', tags: TAGS, sessionOnly: true } })
    .input(passwordConfirmationInputSchema)
    .output(z.object({ revoked: z.number().int() }))
    .mutation(({ ctx, input }) => security.revokeOtherSessions(ctx, input.password)),
});
