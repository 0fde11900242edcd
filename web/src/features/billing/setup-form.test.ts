import type { StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEPA_FORM,
  formatIban,
  ibanValid,
  sandboxSepaDetails,
  SETUP_UNAVAILABLE,
  SETUP_UNREACHABLE,
  sepaFormErrors,
  setupErrorMessage,
  setupResult,
  stripeCardSetupData,
  stripeSepaSetupData,
} from './setup-form';

const FILLED = { holderName: ' Globex Logistique ', email: ' gabriel@globex.example ', iban: 'de89 3704 0044 0532 0130 00', mandateAccepted: true, makeDefault: true };

describe('the SEPA direct debit form', () => {
  it('checks the IBAN by its check digits, with spaces and lower case', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('fr14 2004 1010 0505 0001 3m02 606')).toBe(true);
    // One digit changed, two swapped, too short.
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(ibanValid('DE89370400440532010300')).toBe(false);
    expect(ibanValid('DE89')).toBe(false);
  });

  it('prints the IBAN in groups of four, as on a statement', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban(' DE89 3704-0044 ')).toBe('DE89 3704 0044');
  });

  it('says what is missing or wrong, field by field, the mandate included', () => {
    expect(sepaFormErrors(EMPTY_SEPA_FORM)).toEqual({
      holderName: 'Enter the account holder’s name.',
      email: 'Enter the email address debit notices go to.',
      iban: 'Enter the IBAN.',
      mandateAccepted: 'Accept the mandate to save the account.',
    });
    expect(sepaFormErrors({ ...FILLED, iban: 'DE88370400440532013000', mandateAccepted: false })).toEqual({
      iban: 'This IBAN is not valid; check it.',
      mandateAccepted: 'Accept the mandate to save the account.',
    });
    expect(sepaFormErrors(FILLED)).toEqual({});
  });

  it('sends the sandbox the compact IBAN, the trimmed holder and the acceptance', () => {
    expect(sandboxSepaDetails(FILLED)).toEqual({ kind: 'sepa_debit', iban: 'DE89370400440532013000', holderName: 'Globex Logistique', email: 'gabriel@globex.example', mandateAccepted: true });
  });

  it('hands Stripe.js the IBAN with the holder and email for the mandate, and the card field with the name on the card', () => {
    expect(stripeSepaSetupData(FILLED)).toEqual({
      payment_method: { sepa_debit: { iban: 'DE89370400440532013000' }, billing_details: { name: 'Globex Logistique', email: 'gabriel@globex.example' } },
    });
    const card = { elementType: 'card' } as unknown as StripeCardElement;
    expect(stripeCardSetupData(card, ' Bruno Petit ')).toEqual({ payment_method: { card, billing_details: { name: 'Bruno Petit' } } });
  });
});

describe("what comes of Stripe.js's confirmation", () => {
  it('asks our server to save the method once Stripe confirmed the setup', () => {
    expect(setupResult({ setupIntent: { id: 'seti_1', status: 'succeeded' } as never })).toEqual({ kind: 'save' });
  });

  it("shows Stripe's own words for a card or field error, and ours for the rest", () => {
    expect(setupResult({ error: { type: 'card_error', message: 'Your card was declined.' } as never })).toEqual({ kind: 'error', message: 'Your card was declined.' });
    expect(setupErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe('Your card number is incomplete.');
    expect(setupErrorMessage({ type: 'api_connection_error', message: 'Failed to fetch' })).toBe(SETUP_UNREACHABLE);
    expect(setupErrorMessage({ type: 'invalid_request_error', message: 'No such setupintent: seti_1' })).toBe(SETUP_UNAVAILABLE);
    // Stripe.js threw instead of answering.
    expect(setupResult(null)).toEqual({ kind: 'error', message: SETUP_UNAVAILABLE });
  });
});
