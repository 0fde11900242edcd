import { z } from 'zod';
import type { Context } from '../../context';
import { orgProcedure, router } from '../../trpc';
import {
  connectionIdInput,
  connectionSchema,
  credentialsInput,
  deletedSchema,
  replaceCredentialsInput,
  saveConnectionInput,
  saveResultSchema,
  storedClusterSchema,
  testResultSchema,
} from './schemas';
import * as service from './service';

const TAGS: ['Cloud connections'] = ['Cloud connections'];

/**
 * Reading connections and their clusters is `clusters:read` (every role). Anything that stores or
 * uses a customer's cloud credentials is `clusters:manage`, which the permission table gives owners
 * and administrators only (a token needs `clusters:write` for it): members change clusters, not
 * the customer's cloud accounts.
 */
const readProcedure = orgProcedure('clusters:read');
const manageProcedure = orgProcedure('clusters:manage');

const depsOf = (ctx: Context) => ({ db: ctx.db, ports: ctx.ports });
const actorOf = (ctx: Context & { organizationId: string; user: { id: string } }) => ({ userId: ctx.user.id, organizationId: ctx.organizationId, ipAddress: ctx.request.ipAddress });

export const providerConnectionsRouter = router({
  list: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/provider-connections', summary: "Your organisation's saved cloud connections (never their credentials)", tags: TAGS } })
    .output(z.array(connectionSchema))
    .query(({ ctx }) => service.listConnections(ctx.db, ctx.organizationId)),

  test: manageProcedure
    .meta({ rest: { method: 'POST', path: '/api/provider-connections/test', summary: 'List the clusters these credentials can see, without saving them', tags: TAGS } })
    .input(credentialsInput)
    .output(testResultSchema)
    .mutation(({ ctx, input }) => service.testCredentials(depsOf(ctx), actorOf(ctx), input)),

  create: manageProcedure
    .meta({ rest: { method: 'POST', path: '/api/provider-connections', summary: 'Test credentials and, when the provider accepts them, save them sealed with the clusters found', tags: TAGS, successStatus: 201 } })
    .input(saveConnectionInput)
    .output(saveResultSchema)
    .mutation(({ ctx, input }) => service.saveConnection(depsOf(ctx), actorOf(ctx), input)),

  testSaved: manageProcedure
    .meta({ rest: { method: 'POST', path: '/api/provider-connections/{id}/test', summary: "Test a saved connection's credentials again", tags: TAGS } })
    .input(connectionIdInput)
    .output(testResultSchema)
    .mutation(({ ctx, input }) => service.testConnection(depsOf(ctx), actorOf(ctx), input.id)),

  replaceCredentials: manageProcedure
    .meta({ rest: { method: 'PUT', path: '/api/provider-connections/{id}/credentials', summary: "Replace a connection's credentials (tested first; kept only when accepted)", tags: TAGS } })
    .input(replaceCredentialsInput)
    .output(saveResultSchema)
    .mutation(({ ctx, input }) => service.replaceCredentials(depsOf(ctx), actorOf(ctx), input.id, credentialsInput.parse({ provider: input.provider, credentials: input.credentials }))),

  refresh: manageProcedure
    .meta({ rest: { method: 'POST', path: '/api/provider-connections/{id}/refresh', summary: "List a connection's clusters now and keep what was found", tags: TAGS } })
    .input(connectionIdInput)
    .output(testResultSchema)
    .mutation(({ ctx, input }) => service.refreshConnection(depsOf(ctx), actorOf(ctx), input.id)),

  delete: manageProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/provider-connections/{id}', summary: 'Delete a connection, its sealed credentials and its external clusters', tags: TAGS } })
    .input(connectionIdInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => service.deleteConnection(depsOf(ctx), actorOf(ctx), input.id)),

  externalClusters: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/external-clusters', summary: "Clusters at other clouds, as your organisation's connections last listed them (read-only)", tags: TAGS } })
    .output(z.array(storedClusterSchema))
    .query(({ ctx }) => service.listExternalClusters(ctx.db, ctx.organizationId)),
});
