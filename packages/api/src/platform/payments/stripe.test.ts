import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../testing/fakes';
import { PAYMENTS_UNAVAILABLE_MESSAGE, PaymentNotFoundError, PaymentUnavailableError, WebhookSignatureError, type ChargeRequest, type PaymentsPort } from './port';
import { isStripePublishableKey, STRIPE_API_VERSION, stripePayments, stripePublishableKeyProblem } from './stripe';

const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripeServer0123456789';
const WEBHOOK_SECRET = 'whsec_FakeSigningSecretForTests0123456789';
const NOW = Date.UTC(2026, 10, 20, 9, 30);

let fake: FakeStripe;
let now = NOW;
const clock = { now: () => now };

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, apiVersion: STRIPE_API_VERSION });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  now = NOW;
  fake.requests.length = 0;
});

afterEach(() => {
  // Every request the adapter sent is one the real API accepts.
  expect(fake.violations).toEqual([]);
  vi.restoreAllMocks();
});

function adapter(overrides: { secretKey?: string; webhookSecret?: string; publishableKey?: string } = {}): PaymentsPort {
  return stripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock, endpoint: fake.endpoint, ...overrides });
}

let keys = 0;
function request(overrides: Partial<ChargeRequest> & { paymentMethodId?: string | null } = {}): ChargeRequest {
  const { paymentMethodId = 'pm_card_visa', ...rest } = overrides;
  keys += 1;
  return {
    orderId: 'ord_7f3a',
    organizationId: 'org_acme',
    amountCents: 4_900,
    currency: 'EUR',
    idempotencyKey: `order-ord_7f3a-attempt-${keys}`,
    description: 'KubeMarket order ord_7f3a',
    customerEmail: 'alice@acme.example',
    method: paymentMethodId === null ? { kind: 'stripe_payment_method' } : { kind: 'stripe_payment_method', paymentMethodId },
    ...rest,
  };
}

function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

function loggedText(spy: ReturnType<typeof silenceErrors>): string {
  return spy.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
}

describe('stripePayments charge', () => {
  it('creates a confirmed PaymentIntent with every field, the key and the idempotency key, and reads the card', async () => {
    const charge = request();
    const outcome = await adapter().charge(charge);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/payment_intents');
    expect(sent!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(sent!.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(sent!.fields).toEqual({
      amount: '4900',
      currency: 'eur',
      description: 'KubeMarket order ord_7f3a',
      receipt_email: 'alice@acme.example',
      'metadata[orderId]': 'ord_7f3a',
      'metadata[organizationId]': 'org_acme',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'expand[0]': 'payment_method',
    });

    const [intentId] = [...fake.intents.keys()].slice(-1);
    expect(outcome).toEqual({ status: 'succeeded', paymentId: intentId, cardBrand: 'visa', cardLast4: '4242' });
  });

  it('without a PaymentMethod leaves confirmation to the browser and hands over the client secret', async () => {
    const outcome = await adapter().charge(request({ paymentMethodId: null }));
    const sent = fake.requests[0]!;
    expect(sent.fields.confirm).toBe('false');
    expect(sent.fields).not.toHaveProperty('payment_method');
    expect(outcome.status).toBe('requires_action');
    const intent = fake.intents.get(outcome.paymentId!)!;
    expect(outcome).toEqual({ status: 'requires_action', paymentId: intent.id, action: { kind: 'stripe_client_secret', clientSecret: intent.client_secret } });
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'card_declined', 'Your card was declined.'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
  ])('turns the 402 card_error of %s into a decline the customer can read', async (paymentMethodId, code, reason) => {
    const errors = silenceErrors();
    const outcome = await adapter().charge(request({ paymentMethodId }));
    const [intentId] = [...fake.intents.keys()].slice(-1);
    expect(outcome).toEqual({ status: 'declined', paymentId: intentId, code, reason });
    // A decline is the customer's card, not an incident.
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers processing for a payment that settles later, and retrieve reads it back', async () => {
    const payments = adapter();
    const outcome = await payments.charge(request({ paymentMethodId: 'pm_fake_processing' }));
    expect(outcome).toEqual({ status: 'processing', paymentId: expect.stringMatching(/^pi_/) });
    expect(await payments.retrieve(outcome.paymentId!)).toEqual(outcome);
    const read = fake.requests[1]!;
    expect(read.method).toBe('GET');
    expect(read.path).toBe(`/v1/payment_intents/${outcome.paymentId}`);
    expect(read.fields).toEqual({ 'expand[0]': 'payment_method' });
    expect(read.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('refuses a PaymentMethod that does not exist as a decline, and a malformed id without asking Stripe', async () => {
    const payments = adapter();
    const missing = await payments.charge(request({ paymentMethodId: 'pm_card_nonexistent' }));
    expect(missing).toEqual({ status: 'declined', code: 'invalid_payment_method', reason: 'This payment method cannot be used. Choose another one.' });
    expect(fake.requests).toHaveLength(1);

    const malformed = await payments.charge(request({ paymentMethodId: 'pm_card_visa&amount=1' }));
    expect(malformed).toEqual(missing);
    expect(fake.requests).toHaveLength(1);
  });

  it('never sends a card number to Stripe', async () => {
    const errors = silenceErrors();
    const charge = request({ method: { kind: 'sandbox_card', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice' } } });
    await expect(adapter().charge(charge)).rejects.toThrow(PaymentUnavailableError);
    expect(fake.requests).toHaveLength(0);
    expect(loggedText(errors)).not.toContain('4242424242424242');
  });

  it('refuses a request that is the caller’s bug before calling Stripe', async () => {
    silenceErrors();
    for (const bad of [request({ amountCents: 10 }), request({ amountCents: 49.5 }), request({ idempotencyKey: '' }), request({ orderId: '' })]) {
      await expect(adapter().charge(bad)).rejects.toThrow(PaymentUnavailableError);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('stripePayments idempotency', () => {
  it('answers a retried create with the same key from Stripe’s idempotency cache: one PaymentIntent', async () => {
    const payments = adapter();
    const charge = request();
    const before = fake.intents.size;
    const first = await payments.charge(charge);
    const again = await payments.charge(charge);
    expect(again).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    expect(fake.requests.map((sent) => sent.headers['idempotency-key'])).toEqual([charge.idempotencyKey, charge.idempotencyKey]);
  });

  it('replays a decline too, rather than charging the card again', async () => {
    const payments = adapter();
    const charge = request({ paymentMethodId: 'pm_card_visa_chargeDeclined' });
    const before = fake.intents.size;
    const first = await payments.charge(charge);
    expect(await payments.charge(charge)).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
  });

  it('retries once with the same key when the answer is lost, and Stripe answers from its cache', async () => {
    fake.dropNextCreateResponse();
    const before = fake.intents.size;
    const charge = request();
    const outcome = await adapter().charge(charge);
    expect(outcome.status).toBe('succeeded');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((sent) => sent.headers['idempotency-key'])).toEqual([charge.idempotencyKey, charge.idempotencyKey]);
    expect(fake.intents.size).toBe(before + 1);
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
    fake.failNext(1);
    const outcome = await adapter().charge(request());
    expect(outcome.status).toBe('succeeded');
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a lasting outage as PaymentUnavailableError and logs it without the key', async () => {
    const errors = silenceErrors();
    fake.failNext(2);
    const failure = await adapter().charge(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentUnavailableError);
    expect((failure as Error).message).toBe('Payments are unavailable right now; nothing was charged. Try again in a few minutes.');
    expect(fake.requests).toHaveLength(2);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(loggedText(errors)).toContain('Creating a Stripe PaymentIntent failed');
    expect(loggedText(errors)).not.toContain(SECRET_KEY);
  });

  it('reports a refused key as PaymentUnavailableError without leaking it', async () => {
    const errors = silenceErrors();
    const revoked = 'sk_test_51RevokedKeyThatStripeRefuses9876543210';
    await expect(adapter({ secretKey: revoked }).charge(request())).rejects.toThrow(PaymentUnavailableError);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${revoked}`);
    expect(fake.violations.splice(0)).toEqual(['Invalid API Key provided: sk_test_****3210']);
    expect(loggedText(errors)).toMatch(/^Creating a Stripe PaymentIntent failed \(StripeAuthenticationError, HTTP 401, /);
    expect(loggedText(errors)).not.toContain(revoked);
  });

  it('reads a payment that does not exist as PaymentNotFoundError, and a foreign id without asking', async () => {
    const payments = adapter();
    await expect(payments.retrieve('pi_doesnotexist')).rejects.toThrow(PaymentNotFoundError);
    expect(fake.requests).toHaveLength(1);
    await expect(payments.retrieve('sbx_pi_ok_0123456789abcdef0123456789abcdef')).rejects.toThrow(PaymentNotFoundError);
    await expect(payments.retrieve('pi_1/../../v1/charges')).rejects.toThrow(PaymentNotFoundError);
    expect(fake.requests).toHaveLength(1);
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
    expect(fake.refunds).toEqual([expect.objectContaining({ id: first.refundId, amount: 4_900, payment_intent: charged.paymentId, reason: 'duplicate' })]);
    const sent = fake.requests.filter((sentRequest) => sentRequest.path === '/v1/refunds');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ method: 'POST', fields: { payment_intent: charged.paymentId, amount: '4900', reason: 'duplicate' } });
    expect(sent[0]!.headers['idempotency-key']).toBe('refund:pay_1');
  });

  it('reports a refund Stripe refuses as unavailable (logged), and a foreign id without asking', async () => {
    const errors = silenceErrors();
    const payments = adapter();
    const processing = await payments.charge(request({ paymentMethodId: 'pm_fake_processing' }));
    await expect(payments.refund({ paymentId: processing.paymentId!, amountCents: 4_900, idempotencyKey: 'refund:pay_2' })).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(fake.violations.splice(0)).toEqual([`This PaymentIntent (${processing.paymentId}) does not have a successful charge to refund.`]);
    expect(loggedText(errors)).toContain('Refunding a Stripe PaymentIntent failed');
    const before = fake.requests.length;
    await expect(payments.refund({ paymentId: 'sbx_pi_ok_1', amountCents: 1, idempotencyKey: 'refund:x' })).rejects.toBeInstanceOf(PaymentNotFoundError);
    expect(fake.requests).toHaveLength(before);
  });
});

describe('stripePayments authentication (3-D Secure)', () => {
  it('hands the client secret to the browser, then reads the approved payment back', async () => {
    const payments = adapter();
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired' }));
    const intent = fake.intents.get(started.paymentId!)!;
    expect(started).toEqual({ status: 'requires_action', paymentId: intent.id, action: { kind: 'stripe_client_secret', clientSecret: intent.client_secret } });

    fake.authenticate(intent.id as string, true);
    expect(await payments.completeAuthentication(intent.id as string, true)).toEqual({ status: 'succeeded', paymentId: intent.id, cardBrand: 'visa', cardLast4: '3184' });
    expect(fake.requests[1]!.path).toBe(`/v1/payment_intents/${intent.id}`);
  });

  it('reads a failed authentication as a decline the customer can read', async () => {
    const payments = adapter();
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired' }));
    fake.authenticate(started.paymentId!, false);
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

describe('stripePayments webhooks', () => {
  function eventBody(type: string, object: Record<string, unknown>) {
    return JSON.stringify({ id: 'evt_1Fake', object: 'event', api_version: STRIPE_API_VERSION, created: Math.floor(NOW / 1000), type, livemode: false, data: { object } }, null, 2);
  }

  const intent = {
    id: 'pi_3Fake',
    object: 'payment_intent',
    amount: 4_900,
    amount_received: 4_900,
    currency: 'eur',
    metadata: { orderId: 'ord_7f3a', organizationId: 'org_acme' },
    last_payment_error: null,
    status: 'succeeded',
  };

  function sign(payload: string, options: { secret?: string; secondsAgo?: number } = {}) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: Math.floor(now / 1000) - (options.secondsAgo ?? 0) });
  }

  it('accepts a signed payment_intent.succeeded and names the order and amount', async () => {
    const body = eventBody('payment_intent.succeeded', intent);
    expect(await adapter().parseWebhook(body, sign(body))).toEqual({ id: 'evt_1Fake', type: 'payment_succeeded', paymentId: 'pi_3Fake', orderId: 'ord_7f3a', amountCents: 4_900 });
    expect(fake.requests).toHaveLength(0);
  });

  it('maps payment_failed and canceled to payment_failed with a reason the customer can read', async () => {
    const failed = eventBody('payment_intent.payment_failed', {
      ...intent,
      amount_received: 0,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(await adapter().parseWebhook(failed, sign(failed))).toEqual({
      id: 'evt_1Fake',
      type: 'payment_failed',
      paymentId: 'pi_3Fake',
      orderId: 'ord_7f3a',
      amountCents: 4_900,
      reason: 'Your card has insufficient funds.',
    });
    const canceled = eventBody('payment_intent.canceled', { ...intent, status: 'canceled' });
    expect(await adapter().parseWebhook(canceled, sign(canceled))).toMatchObject({ type: 'payment_failed', reason: 'The payment was cancelled, so nothing was charged.' });
  });

  it('passes other event types on as other', async () => {
    const body = eventBody('charge.refunded', { id: 'ch_1Fake', object: 'charge' });
    expect(await adapter().parseWebhook(body, sign(body))).toEqual({ id: 'evt_1Fake', type: 'other' });
  });

  it('accepts a signature up to five minutes old by the injected clock', async () => {
    const body = eventBody('payment_intent.succeeded', intent);
    const header = sign(body, { secondsAgo: 0 });
    now = NOW + 299_000;
    await expect(adapter().parseWebhook(body, header)).resolves.toMatchObject({ type: 'payment_succeeded' });
  });

  it.each([
    ['a tampered body', (body: string) => ({ body: body.replace('4900', '1'), header: sign(body) })],
    ['the wrong secret', (body: string) => ({ body, header: sign(body, { secret: 'whsec_SomebodyElsesSecret' }) })],
    ['a timestamp over five minutes old', (body: string) => ({ body, header: sign(body, { secondsAgo: 301 }) })],
    ['no signature header', (body: string) => ({ body, header: null })],
    ['a garbled signature header', (body: string) => ({ body, header: 't=abc,v1=' })],
    ['a signature from another scheme', (body: string) => ({ body, header: sign(body).replace('v1=', 'v0=') })],
  ])('rejects %s with WebhookSignatureError', async (_label, make) => {
    const { body, header } = make(eventBody('payment_intent.succeeded', intent));
    await expect(adapter().parseWebhook(body, header)).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a validly signed body that is not JSON', async () => {
    const body = 'not json';
    await expect(adapter().parseWebhook(body, sign(body))).rejects.toThrow(WebhookSignatureError);
  });
});

describe('stripePayments setup (saving a method for later charges)', () => {
  const setupRequest = (overrides: Partial<Parameters<PaymentsPort['createSetup']>[0]> = {}) => {
    keys += 1;
    return { organizationId: 'org_acme', idempotencyKey: `setup-org_acme-${keys}`, methodTypes: ['card', 'sepa_debit'] as const, customerEmail: 'bruno@acme.example', ...overrides };
  };

  it('creates a Customer and an off-session SetupIntent for card and SEPA, with the key and idempotency keys, and hands out its client secret', async () => {
    const request = setupRequest();
    const start = await adapter().createSetup(request);

    expect(fake.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual(['POST /v1/customers', 'POST /v1/setup_intents']);
    const [customer, setup] = fake.requests;
    for (const sent of [customer!, setup!]) {
      expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(sent.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    }
    expect(customer!.headers['idempotency-key']).toBe(`${request.idempotencyKey}:customer`);
    expect(customer!.fields).toEqual({ email: 'bruno@acme.example', 'metadata[organizationId]': 'org_acme' });
    expect(setup!.headers['idempotency-key']).toBe(request.idempotencyKey);
    const customerId = [...fake.customers.keys()].at(-1)!;
    expect(setup!.fields).toEqual({
      customer: customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'sepa_debit',
      'metadata[organizationId]': 'org_acme',
    });
    const intent = fake.setupIntents.get(start.setupId)!;
    expect(start).toEqual({ setupId: intent.id, customerRef: customerId, clientSecret: intent.client_secret });
    expect(start.clientSecret).toMatch(/^seti_[0-9a-f]+_secret_/);
  });

  it("reuses the organisation's Customer and offers cards only where SEPA is not allowed", async () => {
    const first = await adapter().createSetup(setupRequest());
    fake.requests.length = 0;
    const second = await adapter().createSetup(setupRequest({ customerRef: first.customerRef!, methodTypes: ['card'] }));
    expect(fake.requests.map((sent) => sent.path)).toEqual(['/v1/setup_intents']);
    expect(fake.requests[0]!.fields).toMatchObject({ customer: first.customerRef, 'allowed_payment_method_types[0]': 'card' });
    expect(fake.requests[0]!.fields).not.toHaveProperty('allowed_payment_method_types[1]');
    expect(second.customerRef).toBe(first.customerRef);
  });

  it('answers a retried setup with the same key from the idempotency cache: one Customer, one SetupIntent', async () => {
    const request = setupRequest();
    const customersBefore = fake.customers.size;
    const intentsBefore = fake.setupIntents.size;
    const [first, second] = [await adapter().createSetup(request), await adapter().createSetup(request)];
    expect(second).toEqual(first);
    expect(fake.customers.size).toBe(customersBefore + 1);
    expect(fake.setupIntents.size).toBe(intentsBefore + 1);
  });

  it('reads a card saved in the browser back: its brand, last four digits, expiry, holder and Customer', async () => {
    const payments = adapter();
    const start = await payments.createSetup(setupRequest());
    expect(await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' })).toEqual({ status: 'requires_action', setupId: start.setupId });

    const savedId = fake.confirmSetup(start.setupId, 'pm_card_visa', 'Bruno Petit')!;
    fake.requests.length = 0;
    const outcome = await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${start.setupId}`, fields: { 'expand[0]': 'payment_method' }, body: '' });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(outcome).toEqual({
      status: 'succeeded',
      setupId: start.setupId,
      customerRef: start.customerRef,
      method: { kind: 'card', providerRef: savedId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, holderName: 'Bruno Petit' },
    });
  });

  it('reads a SEPA account saved in the browser back with its bank code, last four digits and mandate', async () => {
    const payments = adapter();
    const start = await payments.createSetup(setupRequest());
    const savedId = fake.confirmSetup(start.setupId, 'pm_fake_sepa_debit', 'Globex GmbH')!;
    const mandate = fake.setupIntents.get(start.setupId)!.mandate as string;
    expect(mandate).toMatch(/^mandate_/);
    expect(await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' })).toEqual({
      status: 'succeeded',
      setupId: start.setupId,
      customerRef: start.customerRef,
      method: { kind: 'sepa_debit', providerRef: savedId, bankCode: '37040044', country: 'DE', last4: '3000', mandateRef: mandate, holderName: 'Globex GmbH' },
    });
  });

  it('reads a setup the card refused as a failure the customer can read', async () => {
    const payments = adapter();
    const start = await payments.createSetup(setupRequest());
    expect(fake.confirmSetup(start.setupId, 'pm_card_visa_chargeDeclinedInsufficientFunds')).toBeNull();
    expect(await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' })).toEqual({
      status: 'failed',
      setupId: start.setupId,
      code: 'insufficient_funds',
      reason: 'Your card has insufficient funds.',
    });
  });

  it("refuses another organisation's setup, an unknown one and a malformed id as not found", async () => {
    const payments = adapter();
    const start = await payments.createSetup(setupRequest());
    fake.confirmSetup(start.setupId, 'pm_card_visa');
    await expect(payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_globex' })).rejects.toThrow(PaymentNotFoundError);
    await expect(payments.confirmSetup({ setupId: 'seti_doesnotexist', organizationId: 'org_acme' })).rejects.toThrow(PaymentNotFoundError);
    fake.requests.length = 0;
    await expect(payments.confirmSetup({ setupId: '../customers', organizationId: 'org_acme' })).rejects.toThrow(PaymentNotFoundError);
    expect(fake.requests).toEqual([]);
  });

  it('never sends card details or an IBAN from the server, and reports an outage as unavailable', async () => {
    silenceErrors();
    const payments = adapter();
    await expect(
      payments.confirmSetup({ setupId: 'seti_123', organizationId: 'org_acme', details: { kind: 'sepa_debit', iban: 'DE89370400440532013000', holderName: 'A', email: 'a@b.example', mandateAccepted: true } }),
    ).rejects.toThrow(PaymentUnavailableError);
    expect(fake.requests).toEqual([]);
    fake.failNext(2);
    await expect(payments.createSetup(setupRequest())).rejects.toThrow(PAYMENTS_UNAVAILABLE_MESSAGE);
  });
});

describe('stripePayments off-session charge of a saved method', () => {
  async function savedMethod(testMethod: string) {
    const payments = adapter();
    keys += 1;
    const start = await payments.createSetup({ organizationId: 'org_acme', idempotencyKey: `setup-${keys}`, methodTypes: ['card', 'sepa_debit'], customerEmail: 'bruno@acme.example' });
    const paymentMethodId = fake.confirmSetup(start.setupId, testMethod)!;
    fake.requests.length = 0;
    return { payments, paymentMethodId, customerRef: start.customerRef! };
  }

  it('charges the saved card with its Customer, off_session and confirm, and reads the card', async () => {
    const { payments, paymentMethodId, customerRef } = await savedMethod('pm_card_visa');
    const charge = request({ method: { kind: 'stripe_payment_method', paymentMethodId, customerRef } });
    const outcome = await payments.charge(charge);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(fake.requests[0]!.fields).toEqual({
      amount: '4900',
      currency: 'eur',
      description: 'KubeMarket order ord_7f3a',
      receipt_email: 'alice@acme.example',
      'metadata[orderId]': 'ord_7f3a',
      'metadata[organizationId]': 'org_acme',
      payment_method: paymentMethodId,
      confirm: 'true',
      customer: customerRef,
      off_session: 'true',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'sepa_debit',
      'expand[0]': 'payment_method',
    });
    expect(outcome).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/), cardBrand: 'visa', cardLast4: '4242' });
  });

  it('reads a saved SEPA debit as processing, the way a bank debit settles', async () => {
    const { payments, paymentMethodId, customerRef } = await savedMethod('pm_fake_sepa_debit');
    const outcome = await payments.charge(request({ method: { kind: 'stripe_payment_method', paymentMethodId, customerRef } }));
    expect(outcome).toEqual({ status: 'processing', paymentId: expect.stringMatching(/^pi_/) });
  });

  it('declines a saved card that asks for authentication, since nobody is there to give it', async () => {
    const { payments, paymentMethodId, customerRef } = await savedMethod('pm_card_authenticationRequired');
    const outcome = await payments.charge(request({ method: { kind: 'stripe_payment_method', paymentMethodId, customerRef } }));
    expect(outcome).toMatchObject({ status: 'declined', code: 'authentication_required' });
  });

  it('refuses an off-session charge without a Customer id of Stripe before calling it', async () => {
    silenceErrors();
    await expect(adapter().charge(request({ method: { kind: 'stripe_payment_method', paymentMethodId: 'pm_card_visa', customerRef: 'org_acme' } }))).rejects.toThrow(PaymentUnavailableError);
    expect(fake.requests).toEqual([]);
  });
});

describe('stripePayments keeping the card paid with (issue 31)', () => {
  it('creates the Customer once, pays with setup_future_usage, and answers the card now attached to it', async () => {
    const payments = adapter();
    const paid = await payments.charge(request({ keepFor: {} }));
    expect(paid.status).toBe('succeeded');
    const [customerCreate, intentCreate] = fake.requests;
    expect(customerCreate).toMatchObject({ method: 'POST', path: '/v1/customers', fields: { email: 'alice@acme.example', 'metadata[organizationId]': 'org_acme' } });
    expect(customerCreate!.headers['idempotency-key']).toMatch(/:customer$/);
    const customerRef = [...fake.customers.keys()].at(-1)!;
    expect(intentCreate).toMatchObject({ path: '/v1/payment_intents', fields: { customer: customerRef, setup_future_usage: 'off_session', 'automatic_payment_methods[enabled]': 'true' } });
    if (paid.status !== 'succeeded') throw new Error('not paid');
    expect(paid.kept).toMatchObject({ customerRef, method: { kind: 'card', brand: 'visa', last4: '4242', providerRef: expect.stringMatching(/^pm_/) } });
    expect(paid.kept!.method.providerRef).not.toBe('pm_card_visa');

    // The kept card pays the next order off-session for that Customer, without entering it again.
    const again = await payments.charge(request({ paymentMethodId: paid.kept!.method.providerRef, method: { kind: 'stripe_payment_method', paymentMethodId: paid.kept!.method.providerRef, customerRef } }));
    expect(again.status).toBe('succeeded');
  });

  it('reuses the Customer it knows, and keeps a card whose bank step came first once it is approved', async () => {
    const payments = adapter();
    const first = await payments.charge(request({ keepFor: {} }));
    if (first.status !== 'succeeded' || !first.kept?.customerRef) throw new Error('not kept');
    fake.requests.length = 0;
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired', keepFor: { customerRef: first.kept.customerRef } }));
    expect(fake.requests.map((sent) => sent.path)).toEqual(['/v1/payment_intents']);
    expect(started.status).toBe('requires_action');
    fake.authenticate(started.paymentId!, true);
    expect(await payments.completeAuthentication(started.paymentId!, true)).toMatchObject({ status: 'succeeded', kept: { customerRef: first.kept.customerRef, method: { last4: '3184' } } });
  });

  it('refuses a Customer id that is not one before calling Stripe', async () => {
    const spy = silenceErrors();
    await expect(adapter().charge(request({ keepFor: { customerRef: 'acme' } }))).rejects.toThrow(PaymentUnavailableError);
    expect(fake.requests).toHaveLength(0);
    spy.mockRestore();
  });
});
