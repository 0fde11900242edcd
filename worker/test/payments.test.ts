import { WebhookSignatureError } from '@kubemarket/api';
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurationProblems } from '../src/config';
import { paymentsFor } from '../src/context';
import { BASE, fetcherWith, json, productionEnv, stripeSignature } from './client';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_51ExampleLiveKey', STRIPE_WEBHOOK_SECRET: 'whsec_ExampleSigningSecret', STRIPE_PUBLISHABLE_KEY: 'pk_live_51ExampleLiveKey' };

/** Stripe's v1 scheme, computed here with Web Crypto rather than by the SDK under test. */
afterEach(() => {
  vi.restoreAllMocks();
});

describe('payments port of the Worker', () => {
  it('is the sandbox in development, in test mode', () => {
    const payments = paymentsFor(env);
    expect(payments.provider).toBe('sandbox');
    expect(payments.testMode).toBe(true);
  });

  it('is Stripe when STRIPE_SECRET_KEY is set, in test mode only with a test key', () => {
    expect(paymentsFor(productionEnv(STRIPE))).toMatchObject({ provider: 'stripe', testMode: false, publishableKey: 'pk_live_51ExampleLiveKey' });
    expect(paymentsFor({ ...env, ...STRIPE, STRIPE_SECRET_KEY: 'sk_test_51ExampleTestKey', STRIPE_PUBLISHABLE_KEY: ' pk_test_51ExampleTestKey\n' })).toMatchObject({
      provider: 'stripe',
      testMode: true,
      publishableKey: 'pk_test_51ExampleTestKey',
    });
  });

  it('is the sandbox in production only with PAYMENTS_SANDBOX=enabled', () => {
    expect(paymentsFor(productionEnv()).provider).toBe('sandbox');
    expect(() => paymentsFor(productionEnv({ PAYMENTS_SANDBOX: undefined }))).toThrow(/PAYMENTS_SANDBOX=enabled/);
  });

  it('verifies a Stripe webhook with the SubtleCrypto provider inside workerd', async () => {
    const payments = paymentsFor(productionEnv(STRIPE));
    const body = JSON.stringify({
      id: 'evt_1Workerd',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1Workerd', object: 'payment_intent', amount: 4_900, amount_received: 4_900, metadata: { orderId: 'ord_1' } } },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(await payments.parseWebhook(body, await stripeSignature(body, STRIPE.STRIPE_WEBHOOK_SECRET, now))).toEqual({
      id: 'evt_1Workerd',
      type: 'payment_succeeded',
      paymentId: 'pi_1Workerd',
      orderId: 'ord_1',
      amountCents: 4_900,
    });
    await expect(payments.parseWebhook(body, await stripeSignature(body, 'whsec_SomebodyElse', now))).rejects.toThrow(WebhookSignatureError);
    await expect(payments.parseWebhook(body, await stripeSignature(body, STRIPE.STRIPE_WEBHOOK_SECRET, now - 301))).rejects.toThrow(WebhookSignatureError);
  });
});

describe('payments configuration', () => {
  it('needs Stripe or PAYMENTS_SANDBOX=enabled in production, exactly', () => {
    expect(configurationProblems(productionEnv())).toEqual([]);
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE }))).toEqual([]);
    for (const value of [undefined, '', 'true', 'yes', 'ENABLED']) {
      expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: value }))).toEqual([
        'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=enabled to take test-mode payments.',
      ]);
    }
  });

  it('lets development use the sandbox without asking, but not half a Stripe configuration', () => {
    expect(configurationProblems(env)).toEqual([]);
    expect(configurationProblems({ ...env, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toEqual(['STRIPE_WEBHOOK_SECRET is not set; it is required with STRIPE_SECRET_KEY.']);
    expect(configurationProblems({ ...env, STRIPE_PUBLISHABLE_KEY: STRIPE.STRIPE_PUBLISHABLE_KEY })).toEqual(['STRIPE_PUBLISHABLE_KEY is set without STRIPE_SECRET_KEY.']);
    expect(configurationProblems({ ...env, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: 'secret' })).toEqual([
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…).',
    ]);
  });

  it('serves production with Stripe configured and the sandbox off', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetcherWith(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE }))(new Request(`${BASE}/api/cluster-tiers`));
    expect(res.status).toBe(200);
    expect(await json<unknown[]>(res)).toHaveLength(7);
    expect(errors).not.toHaveBeenCalled();
  });
});
