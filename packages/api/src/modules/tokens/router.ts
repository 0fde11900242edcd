import { createTokenInputSchema, ORGANIZATION_ROLES, tokenScopeSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { orgProcedure, protectedProcedure, router } from '../../trpc';
import * as serviceAccounts from './service-accounts';
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

const serviceAccountSchema = tokenSchema.extend({
  role: z.enum(ORGANIZATION_ROLES).describe('The organisation role it acts with: its creator\'s (an owner\'s service account is an administrator).'),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable().describe('The person who created it; null once their account is deleted.'),
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

  // Service accounts (issue 33): tokens of the organisation, not of a person.
  serviceAccounts: orgProcedure('members:read')
    .meta({ rest: { method: 'GET', path: '/api/organization/service-accounts', summary: "Your organisation's service accounts, with who created each and its last use", tags: TAGS } })
    .output(z.array(serviceAccountSchema))
    .query(({ ctx }) => serviceAccounts.listServiceAccounts(ctx)),

  createServiceAccount: orgProcedure('members:manage')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/organization/service-accounts',
        summary: 'Create a service account: an API token owned by the organisation (its secret is shown once)',
        description:
          'It acts with your organisation role (an owner\'s acts as an administrator) and only within its scopes, each of which your role must grant: a scope beyond it is refused (403) now, not at use. Account and notification scopes are personal and refused (400). It survives your leaving the organisation.',
        tags: TAGS,
        sessionOnly: true,
        successStatus: 201,
      },
    })
    .input(createTokenInputSchema)
    .output(serviceAccountSchema.extend({ token: z.string().describe('The secret: shown once, send it as "Authorization: Bearer <token>".') }))
    .mutation(({ ctx, input }) => serviceAccounts.createServiceAccount(ctx, input)),

  revokeServiceAccount: orgProcedure('members:manage')
    .meta({ rest: { method: 'DELETE', path: '/api/organization/service-accounts/{id}', summary: 'Revoke a service account: its token stops working at once', tags: TAGS, sessionOnly: true } })
    .input(z.object({ id: idParam('Service account') }))
    .output(serviceAccountSchema)
    .mutation(({ ctx, input }) => serviceAccounts.revokeServiceAccount(ctx, input.id)),
});
