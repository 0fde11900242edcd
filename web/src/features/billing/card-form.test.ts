import { describe, expect, it } from 'vitest';
import { cardFormErrors, cardRequest, EMPTY_CARD_FORM, formatCardNumber, parseExpiry } from './card-form';

const NOW = new Date(2026, 10, 23);

describe('the add-card form', () => {
  it('groups the number by four and reads MM/YY or MM/YYYY expiries', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(parseExpiry('04/30')).toEqual({ expMonth: 4, expYear: 2030 });
    expect(parseExpiry('4/2031')).toEqual({ expMonth: 4, expYear: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
  });

  it('says what is missing or wrong, field by field', () => {
    expect(cardFormErrors(EMPTY_CARD_FORM, NOW)).toEqual({
      holderName: 'Enter the name on the card.',
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'The security code is the 3 or 4 digits on the card.',
    });
    expect(cardFormErrors({ holderName: 'A', number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', makeDefault: false }, NOW)).toEqual({
      number: 'This card number is not valid; check it.',
      expiry: 'This card has expired.',
      cvc: 'The security code is the 3 or 4 digits on the card.',
    });
    // Valid through the last day of its month.
    expect(cardFormErrors({ holderName: 'A', number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123', makeDefault: false }, NOW)).toEqual({});
  });

  it('sends the digits, the expiry as numbers and the trimmed name', () => {
    expect(cardRequest({ holderName: ' Bruno ', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123 ', makeDefault: true })).toEqual({
      kind: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Bruno' },
      makeDefault: true,
    });
  });
});
