import type { ConfirmCardSetupData, ConfirmSepaDebitSetupData, SetupIntentResult, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { stripeErrorSentence } from '../../lib/stripe-error';

/**
 * Saving a payment method for later charges (a setup): with the sandbox our server takes the test
 * card or the IBAN; with Stripe, Stripe.js confirms the SetupIntent in the browser (the card in
 * Stripe's field, the IBAN sent straight to Stripe) and our server only reads the result back.
 */

export interface SepaFormValues {
  holderName: string;
  email: string;
  iban: string;
  mandateAccepted: boolean;
  makeDefault: boolean;
}

export const EMPTY_SEPA_FORM: SepaFormValues = { holderName: '', email: '', iban: '', mandateAccepted: false, makeDefault: false };

export type SepaFormErrors = Partial<Record<keyof SepaFormValues, string>>;

/** The IBAN without spaces, upper case. */
export function ibanDigits(iban: string): string {
  return iban.replace(/[\s-]/g, '').toUpperCase();
}

/** "de89370400440532013000" → "DE89 3704 0044 0532 0130 00", as printed on statements. */
export function formatIban(iban: string): string {
  return ibanDigits(iban)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 mod 97-10: the check digits catch any one mistyped character and most swaps. */
export function ibanValid(iban: string): boolean {
  const value = ibanDigits(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  let remainder = 0;
  for (const char of value.slice(4) + value.slice(0, 4)) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** What is wrong with the SEPA form, field by field; empty when it can be sent. */
export function sepaFormErrors(values: SepaFormValues): SepaFormErrors {
  const errors: SepaFormErrors = {};
  if (values.holderName.trim() === '') errors.holderName = 'Enter the account holder’s name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Enter the email address debit notices go to.';
  if (ibanDigits(values.iban) === '') errors.iban = 'Enter the IBAN.';
  else if (!ibanValid(values.iban)) errors.iban = 'This IBAN is not valid; check it.';
  if (!values.mandateAccepted) errors.mandateAccepted = 'Accept the mandate to save the account.';
  return errors;
}

/** The sandbox's details for confirmPaymentMethodSetup (Stripe's never pass through us). */
export function sandboxSepaDetails(values: SepaFormValues) {
  return { kind: 'sepa_debit' as const, iban: ibanDigits(values.iban), holderName: values.holderName.trim(), email: values.email.trim(), mandateAccepted: values.mandateAccepted };
}

/** What Stripe.js's confirmSepaDebitSetup takes: the IBAN goes to Stripe with the holder Stripe names on the mandate. */
export function stripeSepaSetupData(values: SepaFormValues): ConfirmSepaDebitSetupData {
  return { payment_method: { sepa_debit: { iban: ibanDigits(values.iban) }, billing_details: { name: values.holderName.trim(), email: values.email.trim() } } };
}

/** What Stripe.js's confirmCardSetup takes: the card in Stripe's field and the name on it. */
export function stripeCardSetupData(card: StripeCardElement, holderName: string): ConfirmCardSetupData {
  return { payment_method: { card, billing_details: { name: holderName.trim() } } };
}

export const SETUP_UNREACHABLE = 'We could not reach Stripe, so nothing was saved. Check your connection and save again.';
export const SETUP_UNAVAILABLE = 'Stripe could not take the details right now; nothing was saved. Try again in a few minutes.';

/** The sentence to show for an error of Stripe.js while saving a payment method (nothing was saved). */
export function setupErrorMessage(error: Pick<StripeError, 'type' | 'message'> | undefined | null): string {
  return stripeErrorSentence(error, { unreachable: SETUP_UNREACHABLE, unavailable: SETUP_UNAVAILABLE });
}

/**
 * What came of Stripe.js's confirmation: ask our server to save the method (it reads the
 * SetupIntent from Stripe), or show Stripe's message and save nothing.
 */
export function setupResult(result: Pick<SetupIntentResult, 'error' | 'setupIntent'> | null): { kind: 'save' } | { kind: 'error'; message: string } {
  if (!result || result.error || !result.setupIntent) return { kind: 'error', message: setupErrorMessage(result?.error) };
  // Stripe answers succeeded, or processing for a bank still confirming: our server says which.
  return { kind: 'save' };
}
