import { describe, expect, it } from 'vitest';
import { cardErrors, cardMethod, formatCardNumber, luhnValid, parseExpiry } from './card';

const NOW = new Date(2026, 4, 20);
const VALID = { holderName: 'Alice Martin', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('the test-mode card form', () => {
  it('groups the digits by four as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0027 6000-3184')).toBe('4000 0027 6000 3184');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('reads the expiry date as people write it', () => {
    expect(parseExpiry('04/30')).toEqual({ expMonth: 4, expYear: 2030 });
    expect(parseExpiry('4 / 2031')).toEqual({ expMonth: 4, expYear: 2031 });
    expect(parseExpiry('1229')).toEqual({ expMonth: 12, expYear: 2029 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('April')).toBeNull();
  });

  it('checks the number, the date, the code and the name before sending anything', () => {
    expect(cardErrors(VALID, NOW)).toEqual({});
    expect(cardErrors({ holderName: ' ', number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      holderName: 'Enter the name on the card.',
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'The security code is the 3 or 4 digits on the card.',
    });
    expect(cardErrors({ ...VALID, number: '4242 4242 4242 4241' }, NOW).number).toBe('This card number is not valid; check it.');
    expect(cardErrors({ ...VALID, expiry: '2030' }, NOW).expiry).toBe('Write the expiry date as MM/YY, e.g. 04/30.');
    expect(cardErrors({ ...VALID, expiry: '04/26' }, NOW).expiry).toBe('This card has expired.');
    // Valid through the last day of its month.
    expect(cardErrors({ ...VALID, expiry: '05/26' }, NOW)).toEqual({});
    expect(cardErrors({ ...VALID, cvc: '12a' }, NOW).cvc).toBeDefined();
  });

  it("knows Stripe's test numbers are valid card numbers", () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000002760003184']) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4000000000000001')).toBe(false);
  });

  it('sends the card as orders.pay takes it', () => {
    expect(cardMethod({ ...VALID, holderName: ' Alice Martin ', cvc: ' 123 ' })).toEqual({
      kind: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice Martin' },
    });
  });
});
