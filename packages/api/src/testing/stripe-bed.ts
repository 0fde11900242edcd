/**
 * What the Stripe adapter's tests share (platform/payments/stripe*.test.ts): one fake Stripe for
 * the file, a clock at NOW for each test, the check after each test that Stripe accepted every
 * request the adapter sent, and a charge request to vary.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { ChargeRequest, PaymentsPort } from '../platform/payments/port';
import { STRIPE_API_VERSION, stripePayments } from '../platform/payments/stripe';
import { startFakeStripe, type FakeStripe } from './fakes';

export const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripeServer0123456789';
export const WEBHOOK_SECRET = 'whsec_FakeSigningSecretForTests0123456789';
export const NOW = Date.UTC(2026, 10, 20, 9, 30);

/** The PaymentIntent fields that carry request()'s charge: its amount, order and receipt address. */
export const CHARGE_FIELDS = {
  amount: '4900',
  currency: 'eur',
  description: 'KubeMarket order ord_7f3a',
  receipt_email: 'alice@acme.example',
  'metadata[orderId]': 'ord_7f3a',
  'metadata[organizationId]': 'org_acme',
};

/** Mutes console.error for a test that provokes a logged failure; the spy keeps what was logged. */
export function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

export function loggedText(spy: ReturnType<typeof silenceErrors>): string {
  return spy.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
}

/**
 * Registers the hooks of a Stripe test file: the fake Stripe (`bed.fake`) started once for the
 * file; before each test the clock back at NOW (`bed.now`, which a test may move) and the recorded
 * requests emptied; after it, no request Stripe would refuse, and the spies restored.
 */
export function fakeStripeBed() {
  const bed = { fake: undefined as unknown as FakeStripe, now: NOW, /** Counts the idempotency keys handed out, each unique in the file. */ keys: 0 };
  const clock = { now: () => bed.now };
  beforeAll(async () => {
    bed.fake = await startFakeStripe({ secretKey: SECRET_KEY, apiVersion: STRIPE_API_VERSION });
  });
  afterAll(async () => {
    await bed.fake.close();
  });
  beforeEach(() => {
    bed.now = NOW;
    bed.fake.requests.length = 0;
  });
  afterEach(() => {
    // Every request the adapter sent is one the real API accepts.
    expect(bed.fake.violations).toEqual([]);
    vi.restoreAllMocks();
  });

  function adapter(overrides: { secretKey?: string; webhookSecret?: string; publishableKey?: string } = {}): PaymentsPort {
    return stripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock, endpoint: bed.fake.endpoint, ...overrides });
  }

  function request(overrides: Partial<ChargeRequest> & { paymentMethodId?: string | null } = {}): ChargeRequest {
    const { paymentMethodId = 'pm_card_visa', ...rest } = overrides;
    bed.keys += 1;
    return {
      orderId: 'ord_7f3a',
      organizationId: 'org_acme',
      amountCents: 4_900,
      currency: 'EUR',
      idempotencyKey: `order-ord_7f3a-attempt-${bed.keys}`,
      description: 'KubeMarket order ord_7f3a',
      customerEmail: 'alice@acme.example',
      method: paymentMethodId === null ? { kind: 'stripe_payment_method' } : { kind: 'stripe_payment_method', paymentMethodId },
      ...rest,
    };
  }

  return Object.assign(bed, { clock, adapter, request });
}
