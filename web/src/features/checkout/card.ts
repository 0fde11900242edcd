import { luhnValid } from '@kubemarket/shared';
import type { PaymentMethodRequest } from './checkout-types';

/**
 * The test-mode card form: what the customer types, checked the way a card form checks it before
 * anything is sent. The sandbox answers as a real provider does for the rest (a declined card, an
 * authentication step).
 */
export interface CardFormValues {
  holderName: string;
  number: string;
  /** "MM/YY" as typed. */
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFormValues = { holderName: '', number: '', expiry: '', cvc: '' };

export function cardDigits(number: string): string {
  return number.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
export function formatCardNumber(number: string): string {
  return cardDigits(number)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "0430", "04/30", "4 / 2030" → April 2030; null when it cannot be a month and year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

export { luhnValid };

export type CardErrors = Partial<Record<keyof CardFormValues, string>>;

/** What is wrong with the card details, field by field; empty when they can be sent. */
export function cardErrors(values: CardFormValues, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (values.holderName.trim() === '') errors.holderName = 'Enter the name on the card.';
  const digits = cardDigits(values.number);
  if (digits === '') errors.number = 'Enter the card number.';
  else if (digits.length < 12 || digits.length > 19 || !luhnValid(digits)) errors.number = 'This card number is not valid; check it.';
  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '') errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Write the expiry date as MM/YY, e.g. 04/30.';
  // A card is valid through the last day of its expiry month.
  else if (expiry.expYear * 12 + expiry.expMonth < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'This card has expired.';
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The security code is the 3 or 4 digits on the card.';
  return errors;
}

/** The card as orders.pay takes it (test mode only: real card numbers never reach our server). */
export function cardMethod(values: CardFormValues): Extract<PaymentMethodRequest, { kind: 'card' }> {
  const expiry = parseExpiry(values.expiry) ?? { expMonth: 0, expYear: 0 };
  return {
    kind: 'card',
    card: { number: cardDigits(values.number), expMonth: expiry.expMonth, expYear: expiry.expYear, cvc: values.cvc.trim(), holderName: values.holderName.trim() },
  };
}
