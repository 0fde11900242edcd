import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { keyFor } from './attempt-key';
import type { CheckoutOrder } from './checkout-types';
import {
  resumableStripeRequest,
  STRIPE_UNAVAILABLE,
  STRIPE_UNREACHABLE,
  stripeActionStep,
  stripeBillingDetails,
  stripeErrorMessage,
  stripeKeyFor,
  stripeLoader,
} from './stripe-payment';
import type { StripeModule } from './stripe-payment';

/** A stand-in for @stripe/stripe-js that counts what it is asked for; each loadStripe makes a new instance. */
function fakeStripeModule(options: { failFirst?: boolean } = {}) {
  const calls = { imports: 0, loads: [] as string[] };
  let failures = options.failFirst ? 1 : 0;
  const importModule = async (): Promise<StripeModule> => {
    calls.imports += 1;
    return {
      loadStripe: async (publishableKey) => {
        calls.loads.push(publishableKey);
        if (failures > 0) {
          failures -= 1;
          throw new Error('Failed to load Stripe.js');
        }
        return { publishableKey } as unknown as Stripe;
      },
    };
  };
  return { calls, importModule };
}

const STRIPE_OPTIONS = { provider: 'stripe', publishableKey: 'pk_test_51Checkout' } as const;

describe('loading Stripe.js', () => {
  it('loads nothing until Stripe is chosen, then once per key however often it is asked', async () => {
    const { calls, importModule } = fakeStripeModule();
    const load = stripeLoader(importModule);
    // The checkout opens on another method: no key, nothing loaded.
    expect(stripeKeyFor(STRIPE_OPTIONS, 'bank_transfer')).toBeNull();
    expect(calls.imports).toBe(0);

    const key = stripeKeyFor(STRIPE_OPTIONS, 'stripe');
    expect(key).toBe('pk_test_51Checkout');
    const [first, second] = await Promise.all([load(key!), load(key!)]);
    const third = await load(key!);
    expect(first).not.toBeNull();
    // One instance: the card field and the 3-D Secure step must share it.
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(calls).toEqual({ imports: 1, loads: ['pk_test_51Checkout'] });
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    const { calls, importModule } = fakeStripeModule({ failFirst: true });
    const load = stripeLoader(importModule);
    await expect(load('pk_live_51Checkout')).rejects.toThrow('Failed to load Stripe.js');
    await expect(load('pk_live_51Checkout')).resolves.toEqual({ publishableKey: 'pk_live_51Checkout' });
    expect(calls.loads).toEqual(['pk_live_51Checkout', 'pk_live_51Checkout']);
  });

  it('imports the real loader lazily, which outside a browser loads nothing and answers null', async () => {
    const load = stripeLoader();
    await expect(load('pk_test_51Checkout')).resolves.toBeNull();
    expect('document' in globalThis).toBe(false);
  });

  it('needs Stripe as the provider, the stripe method and a key', () => {
    expect(stripeKeyFor({ provider: 'sandbox', publishableKey: null }, 'card')).toBeNull();
    expect(stripeKeyFor({ provider: 'stripe', publishableKey: null }, 'stripe')).toBeNull();
    expect(stripeKeyFor({ provider: 'sandbox', publishableKey: 'pk_test_51Stray' }, 'stripe')).toBeNull();
  });
});

describe("Stripe's errors in the checkout", () => {
  it("shows Stripe's own sentence for card and validation errors only", () => {
    expect(stripeErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe('Your card number is incomplete.');
    expect(stripeErrorMessage({ type: 'card_error', message: 'Your card has insufficient funds.' })).toBe('Your card has insufficient funds.');
    expect(stripeErrorMessage({ type: 'card_error' })).toBe(STRIPE_UNAVAILABLE);
    expect(stripeErrorMessage({ type: 'api_connection_error', message: 'Network request failed' })).toBe(STRIPE_UNREACHABLE);
    // Our integration's or Stripe's problem: its wording is for developers.
    expect(stripeErrorMessage({ type: 'invalid_request_error', message: 'Invalid API Key provided: pk_test_***' })).toBe(STRIPE_UNAVAILABLE);
    expect(stripeErrorMessage({ type: 'rate_limit_error', message: 'Too many requests' })).toBe(STRIPE_UNAVAILABLE);
    expect(stripeErrorMessage(undefined)).toBe(STRIPE_UNAVAILABLE);
  });
});

describe('the card sent to Stripe', () => {
  const billing: NonNullable<CheckoutOrder['billing']> = {
    companyName: 'Globex Logistics',
    billingId: 'bil_1',
    vatNumber: null,
    countryCode: 'FR',
    addressLine1: '8 quai de la Loire',
    addressLine2: null,
    postalCode: '75019',
    city: 'Paris',
  };

  it("carries the name on the card and the order's billing address", () => {
    expect(stripeBillingDetails('  Gabriel Roux ', billing)).toEqual({
      name: 'Gabriel Roux',
      address: { line1: '8 quai de la Loire', postal_code: '75019', city: 'Paris', country: 'FR' },
    });
    expect(stripeBillingDetails('Gabriel Roux', { ...billing, addressLine2: 'Bâtiment B' }).address).toMatchObject({ line2: 'Bâtiment B' });
    expect(stripeBillingDetails('Gabriel Roux', null)).toEqual({ name: 'Gabriel Roux' });
  });
});

describe('Stripe attempts and their keys', () => {
  it('sends an unanswered Stripe payment again as it was, with its key, and nothing else', () => {
    const request = { kind: 'stripe', paymentMethodId: 'pm_1Abc' } as const;
    const attempt = keyFor(null, JSON.stringify(request), () => 'key-1');
    expect(resumableStripeRequest(attempt)).toEqual(request);
    // Sent again through keyFor, it keeps its key: Stripe and our server see one payment.
    expect(keyFor(attempt, JSON.stringify(resumableStripeRequest(attempt)), () => 'key-2').key).toBe('key-1');

    expect(resumableStripeRequest(null)).toBeNull();
    expect(resumableStripeRequest(keyFor(null, JSON.stringify({ kind: 'bank_transfer' })))).toBeNull();
    expect(resumableStripeRequest(keyFor(null, JSON.stringify({ kind: 'stripe' })))).toBeNull();
    expect(resumableStripeRequest({ key: 'key-3', fingerprint: 'not json' })).toBeNull();
  });
});

describe("Stripe's confirmation step", () => {
  const outcome = { kind: 'stripe_action', paymentId: 'pay_1', clientSecret: 'pi_3_secret_abc' } as const;

  it('runs the step with the client secret when the server asks for it', () => {
    expect(stripeActionStep(outcome, 'pk_test_51Checkout', null)).toEqual({ kind: 'confirm', paymentId: 'pay_1', clientSecret: 'pi_3_secret_abc' });
  });

  it('does not run it again by itself right after it ran: the customer decides, with what Stripe said', () => {
    expect(stripeActionStep(outcome, 'pk_test_51Checkout', { message: 'We are unable to authenticate your payment method.' })).toEqual({
      kind: 'unconfirmed',
      message: 'We are unable to authenticate your payment method.',
      canConfirm: true,
    });
    expect(stripeActionStep(outcome, 'pk_test_51Checkout', { message: null })).toEqual({ kind: 'unconfirmed', message: null, canConfirm: true });
  });

  it('cannot run it without a client secret or without Stripe.js', () => {
    expect(stripeActionStep({ ...outcome, clientSecret: null }, 'pk_test_51Checkout', null)).toEqual({ kind: 'unconfirmed', message: null, canConfirm: true });
    expect(stripeActionStep(outcome, null, null)).toEqual({ kind: 'unconfirmed', message: null, canConfirm: false });
  });
});
