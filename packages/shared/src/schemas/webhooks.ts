import { z } from 'zod';

/**
 * The events an organisation can subscribe a webhook endpoint to (ADR 36); `webhook.test` is what
 * "Send test event" sends.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.payment_failed',
  'cluster.ready',
  'cluster.failed',
  'cluster.upgraded',
  'cluster.deleted',
  'kubeconfig.expiring',
  'invoice.issued',
  'invoice.overdue',
  'ticket.replied',
  'incident.opened',
  'incident.resolved',
  'budget.threshold_reached',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.paid': 'An order was paid',
  'order.payment_failed': "An order's payment failed",
  'cluster.ready': 'A cluster is ready',
  'cluster.failed': "A cluster's operation failed",
  'cluster.upgraded': 'A cluster was upgraded',
  'cluster.deleted': 'A cluster was deleted',
  'kubeconfig.expiring': 'A kubeconfig expires within a week',
  'invoice.issued': 'An invoice was issued',
  'invoice.overdue': 'An invoice is overdue',
  'ticket.replied': 'Support replied to a ticket',
  'incident.opened': 'A platform incident was opened',
  'incident.resolved': 'A platform incident was resolved',
  'budget.threshold_reached': 'A budget threshold was reached',
  'webhook.test': 'Test events',
};

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}.` });

const webhookUrl = z
  .string({ error: 'URL is required.' })
  .trim()
  .min(1, 'URL is required.')
  .max(2048, 'URL must be at most 2,048 characters.')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Enter a full URL, e.g. https://example.com/webhooks.');

const webhookEvents = z.array(webhookEventTypeSchema).min(1, 'Choose at least one event.').max(WEBHOOK_EVENT_TYPES.length);
const webhookDescription = z.string().trim().max(200, 'Description must be at most 200 characters.');

/** Registering a webhook endpoint: the server's input and the form's check. */
export const createWebhookEndpointSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});
export type CreateWebhookEndpointInput = z.output<typeof createWebhookEndpointSchema>;

/** Changing an endpoint: any of its events, description and whether it is enabled. */
export const updateWebhookEndpointSchema = z.object({
  events: webhookEvents.optional(),
  description: webhookDescription.optional(),
  enabled: z.boolean({ error: 'Enabled is true or false.' }).optional(),
});
export type UpdateWebhookEndpointInput = z.output<typeof updateWebhookEndpointSchema>;
