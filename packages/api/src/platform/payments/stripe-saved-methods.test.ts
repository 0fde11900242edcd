/**
 * The Stripe adapter saving a payment method (SetupIntents), charging it off-session, and keeping
 * the card an order was paid with (issue 31).
 */
import { describe, expect, it } from 'vitest';
import { PAYMENTS_UNAVAILABLE_MESSAGE, PaymentNotFoundError, PaymentUnavailableError, type PaymentsPort } from './port';
import { STRIPE_API_VERSION } from './stripe';
import { CHARGE_FIELDS, fakeStripeBed, SECRET_KEY, silenceErrors } from '../../testing/stripe-bed';

const bed = fakeStripeBed();
const { adapter, request } = bed;

describe('stripePayments setup (saving a method for later charges)', () => {
  const setupRequest = (overrides: Partial<Parameters<PaymentsPort['createSetup']>[0]> = {}) => {
    bed.keys += 1;
    return { organizationId: 'org_acme', idempotencyKey: `setup-org_acme-${bed.keys}`, methodTypes: ['card', 'sepa_debit'] as const, customerEmail: 'bruno@acme.example', ...overrides };
  };

  it('creates a Customer and an off-session SetupIntent for card and SEPA, with the key and idempotency keys, and hands out its client secret', async () => {
    const request = setupRequest();
    const start = await adapter().createSetup(request);

    expect(bed.fake.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual(['POST /v1/customers', 'POST /v1/setup_intents']);
    const [customer, setup] = bed.fake.requests;
    for (const sent of [customer!, setup!]) {
      expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(sent.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    }
    expect(customer!.headers['idempotency-key']).toBe(`${request.idempotencyKey}:customer`);
    expect(customer!.fields).toEqual({ email: 'bruno@acme.example', 'metadata[organizationId]': 'org_acme' });
    expect(setup!.headers['idempotency-key']).toBe(request.idempotencyKey);
    const customerId = [...bed.fake.customers.keys()].at(-1)!;
    expect(setup!.fields).toEqual({
      customer: customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'sepa_debit',
      'metadata[organizationId]': 'org_acme',
    });
    const intent = bed.fake.setupIntents.get(start.setupId)!;
    expect(start).toEqual({ setupId: intent.id, customerRef: customerId, clientSecret: intent.client_secret });
    expect(start.clientSecret).toMatch(/^seti_[0-9a-f]+_secret_/);
  });

  it("reuses the organisation's Customer and offers cards only where SEPA is not allowed", async () => {
    const first = await adapter().createSetup(setupRequest());
    bed.fake.requests.length = 0;
    const second = await adapter().createSetup(setupRequest({ customerRef: first.customerRef!, methodTypes: ['card'] }));
    expect(bed.fake.requests.map((sent) => sent.path)).toEqual(['/v1/setup_intents']);
    expect(bed.fake.requests[0]!.fields).toMatchObject({ customer: first.customerRef, 'allowed_payment_method_types[0]': 'card' });
    expect(bed.fake.requests[0]!.fields).not.toHaveProperty('allowed_payment_method_types[1]');
    expect(second.customerRef).toBe(first.customerRef);
  });

  it('answers a retried setup with the same key from the idempotency cache: one Customer, one SetupIntent', async () => {
    const request = setupRequest();
    const customersBefore = bed.fake.customers.size;
    const intentsBefore = bed.fake.setupIntents.size;
    const [first, second] = [await adapter().createSetup(request), await adapter().createSetup(request)];
    expect(second).toEqual(first);
    expect(bed.fake.customers.size).toBe(customersBefore + 1);
    expect(bed.fake.setupIntents.size).toBe(intentsBefore + 1);
  });

  it('reads a card saved in the browser back: its brand, last four digits, expiry, holder and Customer', async () => {
    const payments = adapter();
    const start = await payments.createSetup(setupRequest());
    expect(await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' })).toEqual({ status: 'requires_action', setupId: start.setupId });

    const savedId = bed.fake.confirmSetup(start.setupId, 'pm_card_visa', 'Bruno Petit')!;
    bed.fake.requests.length = 0;
    const outcome = await payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_acme' });
    expect(bed.fake.requests).toHaveLength(1);
    expect(bed.fake.requests[0]).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${start.setupId}`, fields: { 'expand[0]': 'payment_method' }, body: '' });
    expect(bed.fake.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
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
    const savedId = bed.fake.confirmSetup(start.setupId, 'pm_fake_sepa_debit', 'Globex GmbH')!;
    const mandate = bed.fake.setupIntents.get(start.setupId)!.mandate as string;
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
    expect(bed.fake.confirmSetup(start.setupId, 'pm_card_visa_chargeDeclinedInsufficientFunds')).toBeNull();
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
    bed.fake.confirmSetup(start.setupId, 'pm_card_visa');
    await expect(payments.confirmSetup({ setupId: start.setupId, organizationId: 'org_globex' })).rejects.toThrow(PaymentNotFoundError);
    await expect(payments.confirmSetup({ setupId: 'seti_doesnotexist', organizationId: 'org_acme' })).rejects.toThrow(PaymentNotFoundError);
    bed.fake.requests.length = 0;
    await expect(payments.confirmSetup({ setupId: '../customers', organizationId: 'org_acme' })).rejects.toThrow(PaymentNotFoundError);
    expect(bed.fake.requests).toEqual([]);
  });

  it('never sends card details or an IBAN from the server, and reports an outage as unavailable', async () => {
    silenceErrors();
    const payments = adapter();
    await expect(
      payments.confirmSetup({ setupId: 'seti_123', organizationId: 'org_acme', details: { kind: 'sepa_debit', iban: 'DE89370400440532013000', holderName: 'A', email: 'a@b.example', mandateAccepted: true } }),
    ).rejects.toThrow(PaymentUnavailableError);
    expect(bed.fake.requests).toEqual([]);
    bed.fake.failNext(2);
    await expect(payments.createSetup(setupRequest())).rejects.toThrow(PAYMENTS_UNAVAILABLE_MESSAGE);
  });
});

describe('stripePayments off-session charge of a saved method', () => {
  async function savedMethod(testMethod: string) {
    const payments = adapter();
    bed.keys += 1;
    const start = await payments.createSetup({ organizationId: 'org_acme', idempotencyKey: `setup-${bed.keys}`, methodTypes: ['card', 'sepa_debit'], customerEmail: 'bruno@acme.example' });
    const paymentMethodId = bed.fake.confirmSetup(start.setupId, testMethod)!;
    bed.fake.requests.length = 0;
    return { payments, paymentMethodId, customerRef: start.customerRef! };
  }

  it('charges the saved card with its Customer, off_session and confirm, and reads the card', async () => {
    const { payments, paymentMethodId, customerRef } = await savedMethod('pm_card_visa');
    const charge = request({ method: { kind: 'stripe_payment_method', paymentMethodId, customerRef } });
    const outcome = await payments.charge(charge);
    expect(bed.fake.requests).toHaveLength(1);
    expect(bed.fake.requests[0]!.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(bed.fake.requests[0]!.fields).toEqual({
      ...CHARGE_FIELDS,
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
    expect(bed.fake.requests).toEqual([]);
  });
});

describe('stripePayments keeping the card paid with (issue 31)', () => {
  it('creates the Customer once, pays with setup_future_usage, and answers the card now attached to it', async () => {
    const payments = adapter();
    const paid = await payments.charge(request({ keepFor: {} }));
    expect(paid.status).toBe('succeeded');
    const [customerCreate, intentCreate] = bed.fake.requests;
    expect(customerCreate).toMatchObject({ method: 'POST', path: '/v1/customers', fields: { email: 'alice@acme.example', 'metadata[organizationId]': 'org_acme' } });
    expect(customerCreate!.headers['idempotency-key']).toMatch(/:customer$/);
    const customerRef = [...bed.fake.customers.keys()].at(-1)!;
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
    bed.fake.requests.length = 0;
    const started = await payments.charge(request({ paymentMethodId: 'pm_card_authenticationRequired', keepFor: { customerRef: first.kept.customerRef } }));
    expect(bed.fake.requests.map((sent) => sent.path)).toEqual(['/v1/payment_intents']);
    expect(started.status).toBe('requires_action');
    bed.fake.authenticate(started.paymentId!, true);
    expect(await payments.completeAuthentication(started.paymentId!, true)).toMatchObject({ status: 'succeeded', kept: { customerRef: first.kept.customerRef, method: { last4: '3184' } } });
  });

  it('refuses a Customer id that is not one before calling Stripe', async () => {
    const spy = silenceErrors();
    await expect(adapter().charge(request({ keepFor: { customerRef: 'acme' } }))).rejects.toThrow(PaymentUnavailableError);
    expect(bed.fake.requests).toHaveLength(0);
    spy.mockRestore();
  });
});
