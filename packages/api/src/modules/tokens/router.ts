import { TOKEN_SCOPES, type TokenScope } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { protectedProcedure, router } from '../../trpc';
import * as tokens from './service';

const TAGS: ['API tokens'] = ['API tokens'];

const scopeSchema = z.enum(TOKEN_SCOPES as [TokenScope, ...TokenScope[]], { error: `Scopes must be among: ${TOKEN_SCOPES.join(', ')}.` });

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the token, to tell tokens apart.'),
  scopes: z.array(scopeSchema),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});

export const createTokenInput = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Give the token a name, e.g. "CI deploys".').max(64, 'Name must be at most 64 characters.'),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days.' })
    .int('Expiry must be a whole number of days.')
    .min(1, 'A token must live at least 1 day.')
    .max(tokens.TOKEN_MAX_LIFETIME_DAYS, 'A token can live at most one year (366 days).'),
  scopes: z.array(scopeSchema).min(1, 'Choose at least one scope.').max(TOKEN_SCOPES.length),
});

// Cookie sessions only: a token can neither mint, list nor revoke tokens.
export const tokensRouter = router({
  list: protectedProcedure
    .meta({ rest: { method: 'GET', path: '/api/tokens', summary: 'Your API tokens', tags: TAGS, sessionOnly: true } })
    .output(z.array(tokenSchema))
    .query(({ ctx }) => tokens.listTokens(ctx)),

  create: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/tokens', summary: 'Create an API token (its secret is shown once)', tags: TAGS, sessionOnly: true } })
    .input(createTokenInput)
    .output(tokenSchema.extend({ token: z.string().describe('The secret: shown once, send it as "Authorization: Bearer <token>".') }))
    .mutation(({ ctx, input }) => tokens.createToken(ctx, input)),

  revoke: protectedProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/tokens/{id}', summary: 'Revoke an API token', tags: TAGS, sessionOnly: true } })
    .input(z.object({ id: idParam('Token') }))
    .output(tokenSchema)
    .mutation(({ ctx, input }) => tokens.revokeToken(ctx, input.id)),
});
