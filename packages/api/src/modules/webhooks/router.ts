import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@kubemarket/shared';
import { z } from 'zod';
import type { Context } from '../../context';
import { orgProcedure, router } from '../../trpc';
import { createEndpointInput, deletedSchema, deliveriesInput, deliveriesPageSchema, deliverySchema, endpointIdInput, endpointSchema, endpointWithSecretSchema, eventTypesSchema, retryDeliveryInput, updateEndpointInput } from './schemas';
import * as service from './service';

const TAGS: ['Webhooks'] = ['Webhooks'];

/**
 * Webhook endpoints are `webhooks:read` to see and `webhooks:manage` to change, which the
 * permission table gives owners and administrators (a token needs webhooks:read or webhooks:write).
 */
const readProcedure = orgProcedure('webhooks:read');
const manageProcedure = orgProcedure('webhooks:manage');

const depsOf = (ctx: Context) => ({ db: ctx.db, config: ctx.config, ports: ctx.ports });
const actorOf = (ctx: Context & { organizationId: string; user: { id: string } }) => ({ userId: ctx.user.id, organizationId: ctx.organizationId, ipAddress: ctx.request.ipAddress });

export const webhooksRouter = router({
  eventTypes: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/webhook-event-types', summary: 'The event types an endpoint can subscribe to', tags: TAGS } })
    .output(eventTypesSchema)
    .query(() => WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] }))),

  list: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/webhook-endpoints', summary: "Your organisation's webhook endpoints (never their secrets)", tags: TAGS } })
    .output(z.array(endpointSchema))
    .query(({ ctx }) => service.listEndpoints(depsOf(ctx), ctx.organizationId)),

  get: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/webhook-endpoints/{id}', summary: 'A webhook endpoint', tags: TAGS } })
    .input(endpointIdInput)
    .output(endpointSchema)
    .query(({ ctx, input }) => service.getEndpoint(depsOf(ctx), ctx.organizationId, input.id)),

  create: manageProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/webhook-endpoints',
        summary: 'Register a webhook endpoint (its signing secret is answered once)',
        description: 'Production takes https URLs of public hosts only. Deliveries are signed as Standard Webhooks specify (webhook-id, webhook-timestamp, webhook-signature).',
        tags: TAGS,
        successStatus: 201,
      },
    })
    .input(createEndpointInput)
    .output(endpointWithSecretSchema)
    .mutation(({ ctx, input }) => service.createEndpoint(depsOf(ctx), actorOf(ctx), input)),

  update: manageProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/webhook-endpoints/{id}', summary: "Change an endpoint's events, description, or whether it is enabled", tags: TAGS } })
    .input(updateEndpointInput)
    .output(endpointSchema)
    .mutation(({ ctx, input }) => service.updateEndpoint(depsOf(ctx), actorOf(ctx), input.id, input)),

  delete: manageProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/webhook-endpoints/{id}', summary: 'Delete an endpoint and its deliveries', tags: TAGS } })
    .input(endpointIdInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => service.deleteEndpoint(depsOf(ctx), actorOf(ctx), input.id)),

  rotateSecret: manageProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/webhook-endpoints/{id}/rotate-secret',
        summary: 'Replace the signing secret (the new one is answered once; the old one still signs for 24 hours)',
        tags: TAGS,
        errors: ['conflict'],
      },
    })
    .input(endpointIdInput)
    .output(endpointWithSecretSchema)
    .mutation(({ ctx, input }) => service.rotateSecret(depsOf(ctx), actorOf(ctx), input.id)),

  test: manageProcedure
    .meta({ rest: { method: 'POST', path: '/api/webhook-endpoints/{id}/test', summary: 'Send a webhook.test event to this endpoint', tags: TAGS, successStatus: 201 } })
    .input(endpointIdInput)
    .output(deliverySchema)
    .mutation(({ ctx, input }) => service.sendTestEvent(depsOf(ctx), actorOf(ctx), input.id)),

  deliveries: readProcedure
    .meta({ rest: { method: 'GET', path: '/api/webhook-endpoints/{id}/deliveries', summary: "An endpoint's deliveries, newest first, a page at a time", tags: TAGS } })
    .input(deliveriesInput)
    .output(deliveriesPageSchema)
    .query(({ ctx, input }) => service.listDeliveries(depsOf(ctx), ctx.organizationId, input)),

  retryDelivery: manageProcedure
    .meta({
      rest: { method: 'POST', path: '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', summary: 'Send a delivery again now (Idempotency-Key header)', tags: TAGS, errors: ['conflict'] },
    })
    .input(retryDeliveryInput)
    .output(deliverySchema)
    .mutation(({ ctx, input }) => service.retryDelivery(depsOf(ctx), actorOf(ctx), input.id, input.deliveryId, input.idempotencyKey)),
});
