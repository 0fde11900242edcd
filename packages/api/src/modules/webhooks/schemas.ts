import { createWebhookEndpointSchema, updateWebhookEndpointSchema, WEBHOOK_EVENT_TYPES, webhookEventTypeSchema } from '@kubemarket/shared';
import { WEBHOOK_DELIVERY_STATUSES } from '@kubemarket/db';
import { z } from 'zod';
import { idempotencyKeySchema, idParam, pageInputFields, pageSchema } from '../../platform/contracts';

export const endpointIdInput = z.object({ id: idParam('Webhook endpoint') });
/** Deliveries newest first, 20 a page by default. */
export const deliveriesInput = endpointIdInput.extend(pageInputFields(20));
export const createEndpointInput = createWebhookEndpointSchema;
export const updateEndpointInput = updateWebhookEndpointSchema.extend({ id: idParam('Webhook endpoint') });
export const retryDeliveryInput = z.object({
  id: idParam('Webhook endpoint'),
  deliveryId: idParam('Delivery'),
  idempotencyKey: idempotencyKeySchema('The retry key').describe('Idempotency-Key header: the same key again answers the first retry instead of sending once more.'),
});

const deliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES).describe('pending: waiting for its next attempt; sending: an attempt is in progress; succeeded: a 2xx answer; failed: no more attempts.');

export const deliverySchema = z.object({
  id: z.string().describe('The webhook-id header: the same at every attempt.'),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.number().int().nullable().describe('When the next attempt is due (pending), epoch ms.'),
  lastAttemptAt: z.number().int().nullable(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable().describe("The first characters of the receiver's answer, or why there was none."),
  createdAt: z.number().int(),
});
export type DeliveryView = z.output<typeof deliverySchema>;
export const deliveriesPageSchema = pageSchema(deliverySchema);

export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  previousSecretExpiresAt: z.number().int().nullable().describe('Until when deliveries are also signed with the secret before the last rotation.'),
  lastDelivery: deliverySchema.pick({ id: true, eventType: true, status: true, responseStatus: true, createdAt: true }).nullable(),
});
export type EndpointView = z.output<typeof endpointSchema>;

export const endpointWithSecretSchema = endpointSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown once, keep it to verify signatures.'),
});

export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export const eventTypesSchema = z.array(z.object({ type: z.enum(WEBHOOK_EVENT_TYPES), label: z.string() }));
