import { describe, expect, it } from 'vitest';
import { evaluatePromotion } from './promotion';
import { NOW, PRICE_BOOK, testPromotion } from '../testing';

const PROMOTIONS = PRICE_BOOK.promotions;
const NEW_ORG = { now: NOW, hasPurchased: false };

describe('evaluatePromotion', () => {
  it('gives PARIS 5 % off, rounded down to the cent', () => {
    const result = evaluatePromotion('PARIS', PROMOTIONS, { ...NEW_ORG, lines: [{ kind: 'cluster', amountCents: 1_999 }] });
    // 5 % of 1 999 = 99.95
    expect(result).toMatchObject({ applied: true, code: 'PARIS', discount: { code: 'PARIS', amountCents: 99 } });
  });

  it('checks the rules in order: validity, first purchase, minimum, applicable kinds', () => {
    const expired = evaluatePromotion('PARIS', PROMOTIONS, {
      now: Date.UTC(2027, 0, 1),
      hasPurchased: true,
      lines: [],
    });
    expect(expired).toMatchObject({ applied: false, rejection: 'expired' });
    const purchased = evaluatePromotion('PARIS', PROMOTIONS, { now: NOW, hasPurchased: true, lines: [] });
    expect(purchased).toMatchObject({ applied: false, rejection: 'first_purchase_only' });
    const minimum = evaluatePromotion('WELCOME20', PROMOTIONS, { ...NEW_ORG, lines: [{ kind: 'support', amountCents: 9_999 }] });
    expect(minimum).toMatchObject({ applied: false, rejection: 'minimum_not_met' });
  });

  it('counts the whole order toward the minimum, and discounts only the kinds it applies to', () => {
    const result = evaluatePromotion('WELCOME20', PROMOTIONS, {
      ...NEW_ORG,
      lines: [
        { kind: 'cluster', amountCents: 1_500 },
        { kind: 'middleware', amountCents: 9_000 },
      ],
    });
    // The order is over €100; the €20 off is capped at the €15 of clusters.
    expect(result).toMatchObject({ applied: true, discount: { amountCents: 1_500 } });
  });

  it('names the kinds a code is for when the order has none', () => {
    const promotion = testPromotion('DATA', { value: 1_000, appliesTo: ['middleware', 'addon', 'support'] });
    const result = evaluatePromotion('data', [promotion], { ...NEW_ORG, lines: [{ kind: 'cluster', amountCents: 10_000 }] });
    expect(result).toEqual({
      applied: false,
      code: 'DATA',
      rejection: 'not_applicable',
      reason: 'This code applies only to middlewares, add-ons and support plans, and this order has none.',
    });
  });

  it('never discounts more than 100 %', () => {
    const promotion = testPromotion('ALL', { value: 15_000 });
    const result = evaluatePromotion('ALL', [promotion], { ...NEW_ORG, lines: [{ kind: 'cluster', amountCents: 1_234 }] });
    expect(result).toMatchObject({ applied: true, discount: { amountCents: 1_234 } });
  });

  it('keeps the code as entered when it is unknown', () => {
    expect(evaluatePromotion(' Lyon ', PROMOTIONS, { ...NEW_ORG, lines: [] })).toEqual({
      applied: false,
      code: 'Lyon',
      rejection: 'unknown',
      reason: 'Unknown promotion code.',
    });
  });
});
