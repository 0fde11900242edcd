import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_LOADER_SCRIPT_HASH, COLOR_SCHEME_SCRIPT_HASH } from '@kubemarket/shared';
import { configurationProblems } from '../src/config';
import { BASE, fetcherWith, json, productionEnv, TestClient } from './client';

/**
 * What the checkout needs from a Worker that charges through Stripe: the publishable key to load
 * Stripe.js with, a policy that lets Stripe.js run (and nothing else in), and a production that
 * will not start without the key.
 */

const STRIPE_TEST = { STRIPE_SECRET_KEY: 'sk_test_51CheckoutWorker', STRIPE_WEBHOOK_SECRET: 'whsec_CheckoutWorker', STRIPE_PUBLISHABLE_KEY: 'pk_test_51CheckoutWorker' };
const STRIPE_LIVE = { STRIPE_SECRET_KEY: 'sk_live_51CheckoutWorker', STRIPE_WEBHOOK_SECRET: 'whsec_CheckoutWorker', STRIPE_PUBLISHABLE_KEY: 'pk_live_51CheckoutWorker' };

async function paymentOptionsFrom(bindings: typeof env, ip: string) {
  const client = await new TestClient(ip, fetcherWith(bindings)).prime();
  expect((await client.post('/trpc/dev.login', { username: 'gabriel' })).status).toBe(200);
  const res = await client.get('/api/orders/payment-options');
  expect(res.status).toBe(200);
  return json(res);
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: Response): Map<string, string> {
  const policy = res.headers.get('Content-Security-Policy') ?? '';
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('orders.paymentOptions on the Worker', () => {
  it("answers Stripe's publishable key when the Worker charges through Stripe", async () => {
    expect(await paymentOptionsFrom({ ...env, ...STRIPE_TEST }, '203.0.113.150')).toMatchObject({
      provider: 'stripe',
      testMode: true,
      methods: ['stripe', 'bank_transfer'],
      testCards: [],
      publishableKey: 'pk_test_51CheckoutWorker',
    });
  });

  it('answers no key under the sandbox', async () => {
    const options = await paymentOptionsFrom(env, '203.0.113.151');
    expect(options).toMatchObject({ provider: 'sandbox', methods: ['card', 'bank_transfer'], publishableKey: null });
  });

  it('answers no key in development with Stripe but without STRIPE_PUBLISHABLE_KEY (the checkout then says it cannot take cards)', async () => {
    const { STRIPE_PUBLISHABLE_KEY: _omitted, ...withoutKey } = STRIPE_TEST;
    expect(await paymentOptionsFrom({ ...env, ...withoutKey }, '203.0.113.152')).toMatchObject({ provider: 'stripe', publishableKey: null });
  });
});

describe('Content-Security-Policy with Stripe', () => {
  it('adds exactly the sources Stripe.js needs when Stripe takes the cards', async () => {
    const policy = directives(await fetcherWith({ ...env, ...STRIPE_TEST })(new Request(`${BASE}/`)));
    expect(policy.get('script-src')).toBe(`'self' ${COLOR_SCHEME_SCRIPT_HASH} ${APP_LOADER_SCRIPT_HASH} https://js.stripe.com`);
    expect(policy.get('frame-src')).toBe('https://js.stripe.com https://hooks.stripe.com');
    expect(policy.get('connect-src')).toBe("'self' wss://console.example.eu https://open.er-api.com https://api.stripe.com");
    // The rest stays as strict as without Stripe.
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('img-src')).toBe("'self' data: blob:");
    expect([...policy.values()].join(' ')).not.toMatch(/\*|'unsafe-eval'|https:\/\/[^ ]*stripe\.network/);
  });

  it('loads nothing from Stripe under the sandbox', async () => {
    const res = await fetcherWith(env)(new Request(`${BASE}/`));
    expect(res.headers.get('Content-Security-Policy')).not.toContain('stripe.com');
    expect(directives(res).has('frame-src')).toBe(false);
    expect(directives(res).get('script-src')).toBe(`'self' ${COLOR_SCHEME_SCRIPT_HASH} ${APP_LOADER_SCRIPT_HASH}`);
  });
});

describe('STRIPE_PUBLISHABLE_KEY configuration', () => {
  it('is required in production with STRIPE_SECRET_KEY, of the same mode and format', () => {
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE }))).toEqual([]);
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE, STRIPE_PUBLISHABLE_KEY: undefined }))).toEqual([
      'STRIPE_PUBLISHABLE_KEY is not set; the checkout needs it with STRIPE_SECRET_KEY to take cards.',
    ]);
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE, STRIPE_PUBLISHABLE_KEY: ' ' }))).toEqual([
      'STRIPE_PUBLISHABLE_KEY is not set; the checkout needs it with STRIPE_SECRET_KEY to take cards.',
    ]);
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE, STRIPE_PUBLISHABLE_KEY: STRIPE_LIVE.STRIPE_SECRET_KEY }))).toEqual([
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…).',
    ]);
    expect(configurationProblems(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE, STRIPE_PUBLISHABLE_KEY: STRIPE_TEST.STRIPE_PUBLISHABLE_KEY }))).toEqual([
      'STRIPE_PUBLISHABLE_KEY is a test key but the secret key is a live key.',
    ]);
  });

  it('may be missing in development, but not malformed', () => {
    const { STRIPE_PUBLISHABLE_KEY: _omitted, ...withoutKey } = STRIPE_TEST;
    expect(configurationProblems({ ...env, ...withoutKey })).toEqual([]);
    expect(configurationProblems({ ...env, ...STRIPE_TEST, STRIPE_PUBLISHABLE_KEY: 'pk_test_' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…).',
    ]);
  });

  it('keeps production closed without it, with a generic 503 and the problem in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetcherWith(productionEnv({ PAYMENTS_SANDBOX: undefined, ...STRIPE_LIVE, STRIPE_PUBLISHABLE_KEY: undefined }))(
      new Request(`${BASE}/api/orders/payment-options`, { headers: { 'CF-Connecting-IP': '198.51.100.80' } }),
    );
    expect(res.status).toBe(503);
    expect(await res.text()).not.toContain('STRIPE');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain('STRIPE_PUBLISHABLE_KEY is not set');
  });
});
