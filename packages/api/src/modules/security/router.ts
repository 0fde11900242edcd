import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { passwordConfirmationInputSchema } from '@kubemarket/shared';
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

// Two-step verification is set up in the console only: no REST path, closed to tokens.
export const securityRouter = router({
  totpSetup: protectedProcedure
    .output(z.object({ secret: z.string(), otpauthUri: z.string() }))
    .mutation(({ ctx }) => security.startTotpSetup(ctx)),

  totpEnable: protectedProcedure
    .input(z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.') }))
    .output(z.object({ recoveryCodes: z.array(z.string()) }))
    .mutation(({ ctx, input }) => security.enableTotp(ctx, input.code)),

  totpDisable: protectedProcedure
    .input(passwordConfirmationInputSchema)
    .output(z.object({ disabled: z.literal(true) }))
    .mutation(({ ctx, input }) => security.disableTotp(ctx, input.password)),

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
    .meta({ rest: { method: 'POST', path: '/api/sessions/revoke-others', summary: 'Sign out every other session', tags: TAGS, sessionOnly: true } })
    .output(z.object({ revoked: z.number().int() }))
    .mutation(({ ctx }) => security.revokeOtherSessions(ctx)),
});
