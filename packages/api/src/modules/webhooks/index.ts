// The webhooks module's door: the dispatcher's run, for the Worker's WebhookDispatcher.
export { deliverDueWebhooks, lateWebhookOrganizations, type DeliveryDeps } from './delivery';
