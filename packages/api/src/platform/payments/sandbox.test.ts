import { afterEach, describe, expect, it, vi } from 'vitest';
import { ibanChecksumValid, PaymentNotFoundError, PaymentUnavailableError, sepaIbanProblem, WebhookSignatureError, type CardDetails, type ChargeRequest } from './port';
import { luhnValid, SANDBOX_TEST_CARDS, sandboxPayments } from './sandbox';

/** 20 November 2026, 09:30 UTC. */
const NOW = Date.UTC(2026, 10, 20, 9, 30);
const sandbox = sandboxPayments({ clock: { now: () => NOW } });

const CARD: CardDetails = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice Example' };

function request(card: Partial<CardDetails> = {}, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    orderId: 'ord_7f3a',
    organizationId: 'org_acme',
    amountCents: 4_900,
    currency: 'EUR',
    idempotencyKey: 'order-ord_7f3a-attempt-1',
    description: 'KubeMarket order ord_7f3a',
    customerEmail: 'alice@acme.example',
    method: { kind: 'sandbox_card', card: { ...CARD, ...card } },
    ...overrides,
  };
}

const ID = /^sbx_pi_[a-z0-9]+_[0-9a-f]{32}$/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sandboxPayments test cards', () => {
  it('is a test-mode provider', () => {
    expect(sandbox.provider).toBe('sandbox');
    expect(sandbox.testMode).toBe(true);
  });

  it('charges 4242 4242 4242 4242, with spaces, dashes or neither', async () => {
    for (const number of ['4242 4242 4242 4242', '4242-4242-4242-4242', '4242424242424242']) {
      const outcome = await sandbox.charge(request({ number }));
      expect(outcome).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^sbx_pi_ok_[0-9a-f]{32}$/), cardBrand: 'visa', cardLast4: '4242' });
    }
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
  ])('declines %s with %s', async (number, code, reason) => {
    const outcome = await sandbox.charge(request({ number }));
    expect(outcome).toEqual({ status: 'declined', paymentId: expect.stringMatching(ID), code, reason });
    // retrieve answers the same from the id alone.
    expect(await sandbox.retrieve(outcome.paymentId!)).toEqual(outcome);
  });

  it('refuses a valid number that is not a test card, so nobody types a real card into test mode', async () => {
    for (const number of ['4111 1111 1111 1111', '5555 5555 5555 4444']) {
      expect(await sandbox.charge(request({ number }))).toEqual({ status: 'declined', code: 'test_card_required', reason: 'Use a test card: 4242 4242 4242 4242 succeeds.' });
    }
  });

  it('lists a Luhn-valid number for every card it documents', () => {
    expect(SANDBOX_TEST_CARDS.map((card) => card.number.slice(-4))).toEqual(['4242', '3184', '0002', '9995', '0069']);
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number.replace(/ /g, '')), card.number).toBe(true);
  });
});

describe('sandboxPayments validation', () => {
  it.each<[string, Partial<CardDetails>, string]>([
    ['a failed Luhn check', { number: '4242 4242 4242 4241' }, 'Your card number is not valid.'],
    ['letters', { number: '4242 4242 4242 424x' }, 'Your card number is not valid.'],
    ['too few digits', { number: '4242 4242' }, 'Your card number is not valid.'],
    ['an empty number', { number: '' }, 'Your card number is not valid.'],
    ['month 13', { expMonth: 13 }, "Your card's expiry date is not valid."],
    ['month 0', { expMonth: 0 }, "Your card's expiry date is not valid."],
    ['last month', { expMonth: 10, expYear: 2026 }, 'Your card has expired.'],
    ['last year', { expMonth: 12, expYear: 2025 }, 'Your card has expired.'],
    ['a two-digit past year', { expMonth: 1, expYear: 25 }, 'Your card has expired.'],
    ['an expiry a lifetime away', { expYear: 2099 }, "Your card's expiry date is not valid."],
    ['a two-digit CVC', { cvc: '12' }, "Your card's security code is not valid."],
    ['a five-digit CVC', { cvc: '12345' }, "Your card's security code is not valid."],
    ['letters in the CVC', { cvc: '12a' }, "Your card's security code is not valid."],
    ['no name', { holderName: '  ' }, 'Enter the name on the card.'],
  ])('refuses %s before anything else', async (_label, card, reason) => {
    const outcome = await sandbox.charge(request(card));
    expect(outcome).toMatchObject({ status: 'declined', reason });
    expect(outcome).not.toHaveProperty('paymentId');
  });

  it('checks the number first, then expiry, then CVC, like a form read top to bottom', async () => {
    expect(await sandbox.charge(request({ number: '1234', expYear: 2020, cvc: '' }))).toMatchObject({ code: 'invalid_number' });
    expect(await sandbox.charge(request({ expYear: 2020, cvc: '' }))).toMatchObject({ code: 'expired_card' });
  });

  it('accepts the current month (a card is valid through its last day) and a four-digit CVC', async () => {
    expect(await sandbox.charge(request({ expMonth: 11, expYear: 2026, cvc: '1234' }))).toMatchObject({ status: 'succeeded' });
    expect(await sandbox.charge(request({ expMonth: 11, expYear: 26 }))).toMatchObject({ status: 'succeeded' });
  });

  it('expires the card on the first of the next month by the injected clock', async () => {
    const december = sandboxPayments({ clock: { now: () => Date.UTC(2026, 11, 1) } });
    expect(await december.charge(request({ expMonth: 11, expYear: 2026 }))).toMatchObject({ code: 'expired_card' });
  });

  it('treats a malformed request as the caller’s bug: unavailable, logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const bad of [
      request({}, { amountCents: 0 }),
      request({}, { amountCents: 12.5 }),
      request({}, { idempotencyKey: ' ' }),
      request({}, { orderId: '' }),
      request({}, { method: { kind: 'stripe_payment_method', paymentMethodId: 'pm_card_visa' } }),
    ]) {
      await expect(sandbox.charge(bad)).rejects.toThrow(PaymentUnavailableError);
    }
    expect(errors).toHaveBeenCalledTimes(5);
    expect(String(errors.mock.calls[4]![0])).toContain('The sandbox takes sandbox_card, not stripe_payment_method.');
  });
});

describe('sandboxPayments idempotency', () => {
  it('gives the same key the same payment id and outcome, on any instance', async () => {
    const first = await sandbox.charge(request());
    const again = await sandboxPayments({ clock: { now: () => NOW + 60_000 } }).charge(request());
    expect(again).toEqual(first);
  });

  it('gives a new key, another order or another organisation a new id', async () => {
    const first = await sandbox.charge(request());
    const ids = new Set([first.paymentId]);
    for (const overrides of [{ idempotencyKey: 'order-ord_7f3a-attempt-2' }, { orderId: 'ord_9b1c' }, { organizationId: 'org_other' }]) {
      ids.add((await sandbox.charge(request({}, overrides))).paymentId);
    }
    expect(ids.size).toBe(4);
  });
});

describe('sandboxPayments authentication', () => {
  const THREE_DS = { number: '4000 0027 6000 3184' };

  it('asks for authentication, and succeeds when the customer approves', async () => {
    const started = await sandbox.charge(request(THREE_DS));
    expect(started).toEqual({ status: 'requires_action', paymentId: expect.stringMatching(/^sbx_pi_3ds_[0-9a-f]{32}$/), action: { kind: 'sandbox_authentication' } });
    expect(await sandbox.completeAuthentication(started.paymentId!, true)).toEqual({ status: 'succeeded', paymentId: started.paymentId, cardBrand: 'visa', cardLast4: '3184' });
  });

  it('declines when the customer cancels', async () => {
    const started = await sandbox.charge(request(THREE_DS));
    expect(await sandbox.completeAuthentication(started.paymentId!, false)).toEqual({
      status: 'declined',
      paymentId: started.paymentId,
      code: 'authentication_cancelled',
      reason: 'You cancelled the authentication, so the payment was not taken.',
    });
  });

  it('retrieve answers the state before the step: the order service records its result', async () => {
    const started = await sandbox.charge(request(THREE_DS));
    expect(await sandbox.retrieve(started.paymentId!)).toEqual(started);
  });

  it('refuses ids that did not come from a card asking for authentication', async () => {
    const succeeded = await sandbox.charge(request());
    const declined = await sandbox.charge(request({ number: '4000 0000 0000 0002' }));
    for (const id of [succeeded.paymentId!, declined.paymentId!]) {
      await expect(sandbox.completeAuthentication(id, true)).rejects.toThrow(new PaymentNotFoundError('This payment does not await authentication.'));
    }
    for (const id of ['sbx_pi_3ds_short', 'pi_3NxStripeId', `sbx_pi_3ds_${'0'.repeat(32)}x`, '']) {
      await expect(sandbox.completeAuthentication(id, true)).rejects.toThrow(PaymentNotFoundError);
      await expect(sandbox.retrieve(id)).rejects.toThrow(PaymentNotFoundError);
    }
  });
});

describe('sandboxPayments webhooks', () => {
  it('has none: any webhook is refused as unsigned', async () => {
    await expect(sandbox.parseWebhook('{"id":"evt_1","type":"payment_intent.succeeded"}', 't=1,v1=abc')).rejects.toThrow(WebhookSignatureError);
  });
});

describe('sandboxPayments setup (saving a method for later charges)', () => {
  const start = (organizationId = 'org_acme', idempotencyKey = 'setup-1') =>
    sandbox.createSetup({ organizationId, idempotencyKey, methodTypes: ['card', 'sepa_debit'], customerEmail: 'bruno@acme.example' });
  const SEPA = { kind: 'sepa_debit' as const, iban: 'de89 3704 0044 0532 0130 00', holderName: ' Globex GmbH ', email: 'gabriel@globex.example', mandateAccepted: true };

  it('issues a setup id per organisation and key, with no client secret nor Customer', async () => {
    const first = await start();
    expect(first).toEqual({ setupId: expect.stringMatching(/^sbx_seti_[0-9a-f]{16}_[0-9a-f]{32}$/), customerRef: null, clientSecret: null });
    expect(await start()).toEqual(first);
    expect((await start('org_acme', 'setup-2')).setupId).not.toBe(first.setupId);
    expect((await start('org_globex')).setupId).not.toBe(first.setupId);
  });

  it('saves a test card: brand, last four digits, four-digit expiry and the trimmed name', async () => {
    const { setupId } = await start();
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: { kind: 'card', card: { ...CARD, expYear: 31, holderName: ' Bruno ' } } })).toEqual({
      status: 'succeeded',
      setupId,
      customerRef: null,
      method: { kind: 'card', providerRef: expect.stringMatching(/^sbx_pm_card_[0-9a-f]{32}$/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031, holderName: 'Bruno' },
    });
  });

  it('refuses a card that is not a test card, or is expired, as the charge would', async () => {
    const { setupId } = await start();
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: { kind: 'card', card: { ...CARD, number: '5555 5555 5555 4444' } } })).toMatchObject({ status: 'failed', code: 'test_card_required' });
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: { kind: 'card', card: { ...CARD, expYear: 2026, expMonth: 10 } } })).toMatchObject({ status: 'failed', code: 'expired_card' });
  });

  it('saves a SEPA mandate from a valid IBAN: bank code, country, last four digits and a mandate id', async () => {
    const { setupId } = await start();
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: SEPA })).toEqual({
      status: 'succeeded',
      setupId,
      customerRef: null,
      method: {
        kind: 'sepa_debit',
        providerRef: expect.stringMatching(/^sbx_pm_sepa_[0-9a-f]{32}$/),
        bankCode: '37040044',
        country: 'DE',
        last4: '3000',
        mandateRef: expect.stringMatching(/^sbx_mandate_[0-9a-f]{32}$/),
        holderName: 'Globex GmbH',
      },
    });
  });

  it.each([
    ['a wrong check digit', { iban: 'DE88370400440532013000' }, 'invalid_iban', 'This IBAN is not valid; check it.'],
    ['a valid IBAN of a country outside SEPA', { iban: 'BR1500000000000010932840814P2' }, 'iban_not_sepa', 'SEPA direct debit takes an IBAN of a SEPA country.'],
    ['no account holder', { holderName: ' ' }, 'invalid_owner_name', 'Enter the account holder’s name.'],
    ['a mandate not accepted', { mandateAccepted: false }, 'mandate_not_accepted', 'Accept the direct debit mandate to save the account.'],
  ])('refuses %s', async (_label, change, code, reason) => {
    const { setupId } = await start();
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: { ...SEPA, ...change } })).toEqual({ status: 'failed', setupId, code, reason });
  });

  it('waits for the details, and refuses a setup of another organisation or one it never issued', async () => {
    const { setupId } = await start();
    expect(await sandbox.confirmSetup({ setupId, organizationId: 'org_acme' })).toEqual({ status: 'requires_action', setupId });
    await expect(sandbox.confirmSetup({ setupId, organizationId: 'org_globex', details: SEPA })).rejects.toThrow(PaymentNotFoundError);
    await expect(sandbox.confirmSetup({ setupId: 'seti_123', organizationId: 'org_acme', details: SEPA })).rejects.toThrow(PaymentNotFoundError);
  });

  it('charges a saved SEPA mandate, and declines a method id it never issued', async () => {
    const { setupId } = await start();
    const outcome = await sandbox.confirmSetup({ setupId, organizationId: 'org_acme', details: SEPA });
    if (outcome.status !== 'succeeded') throw new Error('expected a saved mandate');
    const charge = await sandbox.charge(request({}, { method: { kind: 'sandbox_sepa_debit', paymentMethodId: outcome.method.providerRef } }));
    expect(charge).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(ID) });
    expect(await sandbox.charge(request({}, { method: { kind: 'sandbox_sepa_debit', paymentMethodId: 'pm_card_visa' } }))).toMatchObject({ status: 'declined', code: 'invalid_payment_method' });
  });

  it('refuses a setup request that is the caller’s bug', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(sandbox.createSetup({ organizationId: 'org_acme', idempotencyKey: ' ', methodTypes: ['card'], customerEmail: 'a@b.example' })).rejects.toThrow(PaymentUnavailableError);
    await expect(sandbox.createSetup({ organizationId: 'org_acme', idempotencyKey: 'k', methodTypes: [], customerEmail: 'a@b.example' })).rejects.toThrow(PaymentUnavailableError);
  });
});

describe('IBAN checks', () => {
  it('accepts IBANs whose mod-97 checksum holds, with spaces and lower case', () => {
    for (const iban of ['DE89370400440532013000', 'FR14 2004 1010 0505 0001 3M02 606', 'gb29 nwbk 6016 1331 9268 19', 'NL91ABNA0417164300']) expect(ibanChecksumValid(iban)).toBe(true);
    for (const iban of ['DE89370400440532013001', 'DE8937040044053201300', 'XX', '1234567890']) expect(ibanChecksumValid(iban)).toBe(false);
  });

  it('takes only IBANs of SEPA countries of their country\'s length', () => {
    expect(sepaIbanProblem('FR1420041010050500013M02606')).toBeNull();
    // A valid checksum over the wrong length for Germany.
    expect(sepaIbanProblem('DE863704004405320130')).toBe('invalid_iban');
    expect(sepaIbanProblem('BR1500000000000010932840814P2')).toBe('iban_not_sepa');
  });
});
