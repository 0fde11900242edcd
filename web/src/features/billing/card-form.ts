import { cardErrors, cardMethod, EMPTY_CARD, type CardErrors, type CardFormValues as CardFields } from '../checkout';

/**
 * The add-card form of /billing: the checkout's test-mode card fields, checked by the same rules,
 * plus whether the card becomes the default. The server checks again with the sandbox's rules.
 */
export { formatCardNumber, parseExpiry } from '../checkout';

export type CardFormValues = CardFields & { makeDefault: boolean };
export type CardFormErrors = CardErrors;

export const EMPTY_CARD_FORM: CardFormValues = { ...EMPTY_CARD, makeDefault: false };

export function cardFormErrors(values: CardFormValues, now: Date): CardFormErrors {
  return cardErrors(values, now);
}

/** The request body of POST /api/billing/payment-methods for a card. */
export function cardRequest(values: CardFormValues) {
  return { ...cardMethod(values), makeDefault: values.makeDefault };
}
