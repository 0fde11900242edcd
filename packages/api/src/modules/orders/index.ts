// The orders module's door: payment webhooks, which the Worker hands over. Its router is mounted by root.ts.
export { handlePaymentWebhook, type WebhookAnswer } from './webhooks';
