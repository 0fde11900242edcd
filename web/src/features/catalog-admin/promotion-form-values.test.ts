import { describe, expect, it } from 'vitest';
import { promotionCodec, type PromotionFormValues } from './promotion-form-values';
import { checksOf, TEST_PROMOTION } from './test-items';

const { parse, issues } = checksOf(promotionCodec.schema);

describe('promotion form values', () => {

  it('sends a new window and rules', () => {
    const values: PromotionFormValues = { ...promotionCodec.valuesOf(TEST_PROMOTION), validUntil: '2027-12-31T23:00', appliesTo: ['support', 'cluster'], minimumSubtotal: 100, featured: false };
    expect(promotionCodec.updateInput(TEST_PROMOTION, parse(values))).toEqual({
      code: 'PARIS',
      validUntil: Date.UTC(2027, 11, 31, 23),
      appliesTo: ['cluster', 'support'],
      minimumSubtotalCents: 10_000,
      featured: false,
    });
  });

  it('creates a percentage in basis points or an amount in cents, from now when no start is given', () => {
    const base: PromotionFormValues = { ...promotionCodec.empty(), code: ' spring27 ', description: 'Spring offer.', value: 12.5 };
    expect(promotionCodec.createInput(parse(base))).toEqual({
      code: 'SPRING27',
      description: 'Spring offer.',
      kind: 'percent',
      value: 1_250,
      validFrom: undefined,
      validUntil: null,
      firstPurchaseOnly: false,
      minimumSubtotalCents: 0,
      appliesTo: null,
      featured: false,
      maxRedemptions: null,
      maxRedemptionsPerOrganization: null,
    });
    expect(promotionCodec.createInput(parse({ ...base, maxRedemptions: 100, maxRedemptionsPerOrganization: '1' }))).toMatchObject({ maxRedemptions: 100, maxRedemptionsPerOrganization: 1 });
    expect(promotionCodec.createInput(parse({ ...base, kind: 'amount', value: '20', validFrom: '2027-04-01T08:00' }))).toMatchObject({
      kind: 'amount',
      value: 2_000,
      validFrom: Date.UTC(2027, 3, 1, 8),
    });
  });

  it('says what is wrong with the discount and the window', () => {
    expect(issues({ ...promotionCodec.valuesOf(TEST_PROMOTION), value: 150 })).toEqual([['value', 'A percentage is between 0.01 % and 100 %.']]);
    expect(issues({ ...promotionCodec.valuesOf(TEST_PROMOTION), kind: 'amount', value: 0 })).toEqual([['value', 'An amount is at least €0.01.']]);
    expect(issues({ ...promotionCodec.valuesOf(TEST_PROMOTION), value: '' })).toEqual([['value', 'Value is required.']]);
    expect(issues({ ...promotionCodec.valuesOf(TEST_PROMOTION), validUntil: '2025-12-31T00:00' })).toEqual([['validUntil', 'The promotion must end after it starts.']]);
    expect(issues({ ...promotionCodec.valuesOf(TEST_PROMOTION), maxRedemptions: 0 })).toEqual([['maxRedemptions', expect.stringContaining('Redemption limit')]]);
  });
});
