/**
 * The Stripe adapter (ADR 7) against a local fake Stripe that checks every request: charging, idempotency,
 * outages, refunds, 3-D Secure and configuration. Webhooks and saved methods have files of their
 * own (stripe-*.test.ts); what they share is testing/stripe-bed.ts.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENTS_UNAVAILABLE_MESSAGE, PaymentNotFoundError, PaymentUnavailableError } from './port';
import { isStripePublishableKey, STRIPE_API_VERSION, stripePublishableKeyProblem } from './stripe';
import { CHARGE_FIELDS, fakeStripeBed, loggedText, SECRET_KEY, silenceErrors } from '../../testing/stripe-bed';

const bed = fakeStripeBed();
const { adapter, request } = bed;

describe('stripePayments charge', () => {
  it('creates a confirmed PaymentIntent with every field, the key and the idempotency key, and reads the card', async () => {
    const charge = request();
    const outcome = await adapter().charge(charge);

    expect(bed.fake.requests).toHaveLength(1);
    const [sent] = bed.fake.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/payment_intents');
    expect(sent!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(sent!.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(sent!.fields).toEqual({
      ...CHARGE_FIELDS,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'expand[0]': 'payment_method',
    });

    const [intentId] = [...bed.fake.intents.keys()].slice(-1);
    expect(outcome).toEqual({ status: 'succeeded', paymentId: intentId, cardBrand: 'visa', cardLast4: '4242' });
  });

  it('without a PaymentMethod leaves confirmation to the browser and hands over the client secret', async () => {
    const outcome = await adapter().charge(request({ paymentMethodId: null }));
    const sent = bed.fake.requests[0]!;
    expect(sent.fields.confirm).toBe('false');
    expect(sent.fields).not.toHaveProperty('payment_method');
    expect(outcome.status).toBe('requires_action');
    const intent = bed.fake.intents.get(outcome.paymentId!)!;
    expect(outcome).toEqual({ status: 'requires_action', paymentId: intent.id, action: { kind: 'stripe_client_secret', clientSecret: intent.client_secret } });
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'card_declined', 'Your card was declined.'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
  ])('turns the 402 card_error of %s into a decline the customer can read', async (paymentMethodId, code, reason) => {
    const errors = silenceErrors();
    const outcome = await adapter().charge(request({ paymentMethodId }));
    const [intentId] = [...bed.fake.intents.keys()].slice(-1);
    expect(outcome).toEqual({ status: 'declined', paymentId: intentId, code, reason });
    // A decline is the customer's card, not an incident.
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers processing for a payment that settles later, and retrieve reads it back', async () => {
    const payments = adapter();
    const outcome = await payments.charge(request({ paymentMethodId: 'pm_fake_processing' }));
    expect(outcome).toEqual({ status: 'processing', paymentId: expect.stringMatching(/^pi_/) });
    expect(await payments.retrieve(outcome.paymentId!)).toEqual(outcome);
    const read = bed.fake.requests[1]!;
    expect(read.method).toBe('GET');
    expect(read.path).toBe(`/v1/payment_intents/${outcome.paymentId}`);
    expect(read.fields).toEqual({ 'expand[0]': 'payment_method' });
    expect(read.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('refuses a PaymentMethod that does not exist as a decline, and a malformed id without asking Stripe', async () => {
    const payments = adapter();
    const missing = await payments.charge(request({ paymentMethodId: 'pm_card_nonexistent' }));
    expect(missing).toEqual({ status: 'declined', code: 'invalid_payment_method', reason: 'This payment method cannot be used. Choose another one.' });
    expect(bed.fake.requests).toHaveLength(1);

    const malformed = await payments.charge(request({ paymentMethodId: 'pm_card_visa&amount=1' }));
    expect(malformed).toEqual(missing);
    expect(bed.fake.requests).toHaveLength(1);
  });

  it('never sends a card number to Stripe', async () => {
    const errors = silenceErrors();
    const charge = request({ method: { kind: 'sandbox_card', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice' } } });
    await expect(adapter().charge(charge)).rejects.toThrow(PaymentUnavailableError);
    expect(bed.fake.requests).toHaveLength(0);
    expect(loggedText(errors)).not.toContain('4242424242424242');
  });

  it('refuses a request that is the caller’s bug before calling Stripe', async () => {
    silenceErrors();
    for (const bad of [request({ amountCents: 10 }), request({ amountCents: 49.5 }), request({ idempotencyKey: '' }), request({ orderId: '' })]) {
      await expect(adapter().charge(bad)).rejects.toThrow(PaymentUnavailableError);
    }
    expect(bed.fake.requests).toHaveLength(0);
  });
});

describe('stripePayments idempotency', () => {
  it('answers a retried create with the same key from Stripe’s idempotency cache: one PaymentIntent', async () => {
    const payments = adapter();
    const charge = request();
    const before = bed.fake.intents.size;
    const first = await payments.charge(charge);
    const again = await payments.charge(charge);
    expect(again).toEqual(first);
    expect(bed.fake.intents.size).toBe(before + 1);
    expect(bed.fake.requests.map((sent) => sent.headers['idempotency-key'])).toEqual([charge.idempotencyKey, charge.idempotencyKey]);
  });

  it('replays a decline too, rather than charging the card again', async () => {
    const payments = adapter();
    const charge = request({ paymentMethodId: 'pm_card_visa_chargeDeclined' });
    const before = bed.fake.intents.size;
    const first = await payments.charge(charge);
    expect(await payments.charge(charge)).toEqual(first);
    expect(bed.fake.intents.size).toBe(before + 1);
  });

  it('retries once with the same key when the answer is lost, and Stripe answers from its cache', async () => {
    bed.fake.dropNextCreateResponse();
    const before = bed.fake.intents.size;
    const charge = request();
    const outcome = await adapter().charge(charge);
    expect(outcome.status).toBe('succeeded');
    expect(bed.fake.requests).toHaveLength(2);
    expect(bed.fake.requests.map((sent) => sent.headers['idempotency-key'])).toEqual([charge.idempotencyKey, charge.idempotencyKey]);
    expect(bed.fake.intents.size).toBe(before + 1);
  });

  it('treats a key reused for a different amount as our bug: unavailable, logged', async () => {
    const errors = silenceErrors();
    const payments = adapter();
    const charge = request();
    await payments.charge(charge);
    await expect(payments.charge({ ...charge, amountCents: 9_900 })).rejects.toThrow(PAYMENTS_UNAVAILABLE_MESSAGE);
    expect(loggedText(errors)).toMatch(/^Creating a Stripe PaymentIntent failed \(StripeIdempotencyError, HTTP 400, request req_/);
  });
});

describe('stripePayments outages', () => {
  it('retries a 500 once and then succeeds', async () => {
    bed.fake.failNext(1);
    const outcome = await adapter().charge(request());
    expect(outcome.status).toBe('succeeded');
    expect(bed.fake.requests).toHaveLength(2);
  });

  it('reports a lasting outage as PaymentUnavailableError and logs it without the key', async () => {
    const errors = silenceErrors();
    bed.fake.failNext(2);
    const failure = await adapter().charge(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentUnavailableError);
    expect((failure as Error).message).toBe('Payments are unavailable right now; nothing was charged. Try again in a few minutes.');
    expect(bed.fake.requests).toHaveLength(2);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(loggedText(errors)).toContain('Creating a Stripe PaymentIntent failed');
    expect(loggedText(errors)).not.toContain(SECRET_KEY);
  });

  it('reports a refused key as PaymentUnavailableError without leaking it', async () => {
    const errors = silenceErrors();
    const revoked = 'sk_test_51RevokedKeyThatStripeRefuses9876543210';
    await expect(adapter({ secretKey: revoked }).charge(request())).rejects.toThrow(PaymentUnavailableError);
    expect(bed.fake.requests[0]!.headers.authorization).toBe(`Bearer ${revoked}`);
    expect(bed.fake.violations.splice(0)).toEqual(['Invalid API Key provided: sk_test_****3210']);
    expect(loggedText(errors)).toMatch(/^Creating a Stripe PaymentIntent failed \(StripeAuthenticationError, HTTP 401, /);
    expect(loggedText(errors)).not.toContain(revoked);
  });

  it('reads a payment that does not exist as PaymentNotFoundError, and a foreign id without asking', async () => {
    const payments = adapter();
    await expect(payments.retrieve('pi_doesnotexist')).rejects.toThrow(PaymentNotFoundError);
    expect(bed.fake.requests).toHaveLength(1);
    await expect(payments.retrieve('sbx_pi_ok_0123456789abcdef0123456789abcdef')).rejects.toThrow(PaymentNotFoundError);
    await expect(payments.retrieve('pi_1/../../v1/charges')).rejects.toThrow(PaymentNotFoundError);
    expect(bed.fake.requests).toHaveLength(1);
  });
});

describe('stripePayments refund', () => {
  it('refunds the whole of a succeeded PaymentIntent as a duplicate, once for a key', async () => {
    const payments = adapter();
    const charged = await payments.charge(request());
    if (charged.status !== 'succeeded') throw new Error(`expected a success, got ${charged.status}`);
    const refund = { paymentId: charged.paymentId, amountCents: 4_900, idempotencyKey: 'refund:pay_1' };
    const first = await payments.refund(refund);
    expect(first.refundId).toMatch(/^re_/);
    // The same key again (a retried webhook): Stripe answers from its cache, nothing more is refunded.
    expect(await payments.refund(refund)).toEqual(first);
    expect(bed.fake.refunds).toEqual([expect.objectContaining({ id: first.refundId, amount: 4_900, payment_intent: charged.paymentId, reason: 'duplicate' })]);
    const sent = bed.fake.requests.filter((sentRequest) => sentRequest.path === '/v1/refunds');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ method: 'POST', fields: { payment_intent: charged.paymentId, amount: '4900', reason: 'duplicate' } });
    expect(sent[0]!.headers['idempotency-key']).toBe('refund:pay_1');
  });

  it('reports a refund Stripe refuses as unavailable (logged), and a foreign id without asking', async () => {
    const errors = silenceErrors();
    const payments = adapter();
    const processing = await payments.charge(request({ paymentMethodId: 'pm_fake_processing' }));
    await expect(payments.refund({ paymentId: processing.paymentId!, amountCents: 4_900, idempotencyKey: 'refund:pay_2' })).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(bed.fake.violations.splice(0)).toEqual([`This PaymentIntent (${processing.paymentId}) does not have a successful charge to refund.`]);
    expect(loggedText(errors)).toContain('Refunding a Stripe PaymentIntent failed');
    const before = bed.fake.requests.length;
    await expect(payments.refund({ paymentId: 'sbx_pi_ok_1', amountCents: 1, idempotencyKey: 'refund:x' })).rejects.toBeInstanceOf(PaymentNotFoundError);
    expect(bed.fake.requests).toHaveLength(before);
  });
});

describe('stripePayments authentication (3-D Secure)', () => {
  it('hands the client secret to the browser, then reads the approved payment back', async () => {
    const payments = adapter();
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired' }));
    const intent = bed.fake.intents.get(started.paymentId!)!;
    expect(started).toEqual({ status: 'requires_action', paymentId: intent.id, action: { kind: 'stripe_client_secret', clientSecret: intent.client_secret } });

    bed.fake.authenticate(intent.id as string, true);
    expect(await payments.completeAuthentication(intent.id as string, true)).toEqual({ status: 'succeeded', paymentId: intent.id, cardBrand: 'visa', cardLast4: '3184' });
    expect(bed.fake.requests[1]!.path).toBe(`/v1/payment_intents/${intent.id}`);
  });

  it('reads a failed authentication as a decline the customer can read', async () => {
    const payments = adapter();
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired' }));
    bed.fake.authenticate(started.paymentId!, false);
    expect(await payments.completeAuthentication(started.paymentId!, false)).toEqual({
      status: 'declined',
      paymentId: started.paymentId,
      code: 'payment_intent_authentication_failure',
      reason: 'Your bank could not confirm the payment, so it was not taken. Try again or use another card.',
    });
  });
});

describe('stripePayments configuration', () => {
  it('is in test mode with a test key only', () => {
    expect(adapter().testMode).toBe(true);
    expect(adapter({ secretKey: 'rk_test_51Restricted' }).testMode).toBe(true);
    expect(adapter({ secretKey: 'sk_live_51LiveKey' }).testMode).toBe(false);
    expect(adapter().provider).toBe('stripe');
  });

  it('refuses a malformed key or webhook secret at construction', () => {
    expect(() => adapter({ secretKey: 'pk_test_51Publishable' })).toThrow(/sk_live_… or sk_test_…/);
    expect(() => adapter({ secretKey: '' })).toThrow();
    expect(() => adapter({ webhookSecret: 'secret' })).toThrow(/whsec_/);
  });

  it('hands out the publishable key for Stripe.js, of the same mode as the secret key', () => {
    expect(adapter({ publishableKey: 'pk_test_51Browser' }).publishableKey).toBe('pk_test_51Browser');
    expect(adapter({ secretKey: 'rk_live_51Restricted', publishableKey: 'pk_live_51Browser' }).publishableKey).toBe('pk_live_51Browser');
    // Server-only uses (webhooks) need none.
    expect(adapter().publishableKey).toBeUndefined();
    expect(() => adapter({ publishableKey: 'sk_test_51Secret' })).toThrow('The Stripe publishable key must be a Stripe publishable key (pk_live_… or pk_test_…).');
    expect(() => adapter({ publishableKey: '' })).toThrow(/pk_live_… or pk_test_…/);
    expect(() => adapter({ publishableKey: 'pk_live_51Browser' })).toThrow('The Stripe publishable key is a live key but the secret key is a test key.');
    expect(() => adapter({ secretKey: 'sk_live_51LiveKey', publishableKey: 'pk_test_51Browser' })).toThrow('The Stripe publishable key is a test key but the secret key is a live key.');
  });

  it('recognises publishable keys only', () => {
    for (const key of ['pk_live_51AbC', 'pk_test_51AbC']) expect(isStripePublishableKey(key), key).toBe(true);
    for (const key of ['pk_live_', 'pk_prod_51AbC', 'sk_test_51AbC', 'rk_live_51AbC', ' pk_test_51AbC', 'pk_test_51AbC\n', 'pk_test_51A-bC']) {
      expect(isStripePublishableKey(key), key).toBe(false);
    }
    expect(stripePublishableKeyProblem('pk_test_51AbC', 'sk_test_51AbC')).toBeNull();
    // A malformed secret key is reported on its own; the pair is not compared then.
    expect(stripePublishableKeyProblem('pk_test_51AbC', 'nonsense')).toBeNull();
  });
});
