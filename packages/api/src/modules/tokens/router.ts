import { createTokenInputSchema, tokenScopeSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { protectedProcedure, router } from '../../trpc';
import * as tokens from './service';

const TAGS: ['API tokens'] = ['API tokens'];

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the token, to tell tokens apart.'),
  scopes: z.array(tokenScopeSchema),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});

// Cookie sessions only: a token can neither mint, list nor revoke tokens.
export const tokensRouter = router({
  list: protectedProcedure
    .meta({ rest: { method: 'GET', path: '/api/tokens', summary: 'Your API tokens', tags: TAGS, sessionOnly: true } })
    .output(z.array(tokenSchema))
    .query(({ ctx }) => tokens.listTokens(ctx)),

  create: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/tokens', summary: 'Create an API token (its secret is shown once)', tags: TAGS, sessionOnly: true, successStatus: 201 } })
    .input(createTokenInputSchema)
    .output(tokenSchema.extend({ token: z.string().describe('The secret: shown once, send it as "Authorization: Bearer <token>".') }))
    .mutation(({ ctx, input }) => tokens.createToken(ctx, input)),

  revoke: protectedProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/tokens/{id}', summary: 'Revoke an API token', tags: TAGS, sessionOnly: true } })
    .input(z.object({ id: idParam('Token') }))
    .output(tokenSchema)
    .mutation(({ ctx, input }) => tokens.revokeToken(ctx, input.id)),
});
