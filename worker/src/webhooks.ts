import { handlePaymentWebhook } from '@kubemarket/api';
import type { Context } from 'hono';
import { apiError } from './api-errors';
import { contextFor } from './context';
import type { AppEnv } from './env';

/**
 * POST /api/webhooks/stripe: Stripe's events about payments. Its signature over the raw body is
 * its authentication, so it runs before the session look-up and the CSRF check (app.ts), and only
 * after the body limit. 400 for a signature that does not hold; 200 once handled or already seen.
 */
export async function stripeWebhook(c: Context<AppEnv>): Promise<Response> {
  const answer = await handlePaymentWebhook(contextFor(c), await c.req.text(), c.req.header('Stripe-Signature') ?? null);
  return 'message' in answer.body ? apiError(c, answer.status, answer.body.message) : c.json(answer.body, answer.status);
}
