/**
 * The add-card form of /billing: what the customer types, checked as a card form checks it before
 * anything is sent. The server checks again with the sandbox's rules (a test card, not expired).
 */
export interface CardFormValues {
  holderName: string;
  number: string;
  /** "MM/YY" as typed. */
  expiry: string;
  cvc: string;
  makeDefault: boolean;
}

export const EMPTY_CARD_FORM: CardFormValues = { holderName: '', number: '', expiry: '', cvc: '', makeDefault: false };

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
export function formatCardNumber(number: string): string {
  return digitsOf(number)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "04/30", "0430", "4/2030" → April 2030; null when it cannot be a month and year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardFormErrors = Partial<Record<'holderName' | 'number' | 'expiry' | 'cvc', string>>;

export function cardFormErrors(values: CardFormValues, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  if (values.holderName.trim() === '') errors.holderName = 'Enter the name on the card.';
  const digits = digitsOf(values.number);
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

/** The request body of POST /api/billing/payment-methods for a card. */
export function cardRequest(values: CardFormValues) {
  const expiry = parseExpiry(values.expiry) ?? { expMonth: 0, expYear: 0 };
  return {
    kind: 'card' as const,
    card: { number: digitsOf(values.number), expMonth: expiry.expMonth, expYear: expiry.expYear, cvc: values.cvc.trim(), holderName: values.holderName.trim() },
    makeDefault: values.makeDefault,
  };
}
