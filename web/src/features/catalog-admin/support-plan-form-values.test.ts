import { describe, expect, it } from 'vitest';
import { supportPlanCodec, type SupportPlanFormValues } from './support-plan-form-values';
import { checksOf, TEST_SUPPORT_PLAN } from './test-items';

const { parse, issues } = checksOf(supportPlanCodec.schema);

describe('support plan form values', () => {

  it('keeps channels in the catalogue order whatever order they were ticked in', () => {
    const values = { ...supportPlanCodec.valuesOf(TEST_SUPPORT_PLAN), channels: ['phone', 'chat', 'ticket', 'email'] as SupportPlanFormValues['channels'] };
    expect(supportPlanCodec.updateInput(TEST_SUPPORT_PLAN, parse(values))).toEqual({ id: 'support_enterprise', channels: ['ticket', 'email', 'chat', 'phone'] });
  });

  it('switches to a fixed price, clearing the share of spend and its minimum', () => {
    const values = { ...supportPlanCodec.valuesOf(TEST_SUPPORT_PLAN), pricingKind: 'fixed' as const, monthlyPrice: 1_490 };
    expect(supportPlanCodec.updateInput(TEST_SUPPORT_PLAN, parse(values))).toEqual({
      id: 'support_enterprise',
      pricingKind: 'fixed',
      monthlyPriceCents: 149_000,
      percentOfSpendBasisPoints: null,
      minimumMonthlyCents: null,
    });
  });

  it('creates a fixed-price plan with its targets', () => {
    const values: SupportPlanFormValues = {
      ...supportPlanCodec.empty(),
      id: 'support_premium',
      name: 'Premium',
      description: 'Fast answers.',
      p1ResponseMinutes: 30,
      p2ResponseMinutes: 120,
      monthlyPrice: 0,
    };
    expect(supportPlanCodec.createInput(parse(values))).toEqual({
      id: 'support_premium',
      name: 'Premium',
      description: 'Fast answers.',
      p1ResponseMinutes: 30,
      p2ResponseMinutes: 120,
      p3ResponseMinutes: null,
      p4ResponseMinutes: null,
      channels: ['ticket'],
      hours: 'business',
      namedEngineer: false,
      pricingKind: 'fixed',
      monthlyPriceCents: 0,
      percentOfSpendBasisPoints: null,
      minimumMonthlyCents: null,
      sortOrder: undefined,
    });
  });

  it('asks for the price of its kind, and refuses a less severe ticket answered faster', () => {
    expect(issues({ ...supportPlanCodec.valuesOf(TEST_SUPPORT_PLAN), sharePercent: '', minimumMonthly: '' })).toEqual([
      ['sharePercent', 'A share-of-spend plan needs its share of spend.'],
      ['minimumMonthly', 'A share-of-spend plan needs its monthly minimum.'],
    ]);
    expect(issues({ ...supportPlanCodec.valuesOf(TEST_SUPPORT_PLAN), p3ResponseMinutes: 10 })).toEqual([
      ['p3ResponseMinutes', 'A less severe ticket cannot be answered faster: P3 is faster than P1.'],
      ['p3ResponseMinutes', 'A less severe ticket cannot be answered faster: P3 is faster than P2.'],
    ]);
    expect(issues({ ...supportPlanCodec.valuesOf(TEST_SUPPORT_PLAN), channels: [] })).toEqual([['channels', 'Choose at least one support channel.']]);
  });
});
