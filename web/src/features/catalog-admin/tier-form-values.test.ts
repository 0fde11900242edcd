import { describe, expect, it } from 'vitest';
import { checksOf, clockAt, TEST_TIER } from './test-items';
import { tierCodec, type TierFormValues } from './tier-form-values';

const { parse, issues } = checksOf(tierCodec.schema);

describe('cluster tier form values', () => {
  clockAt(Date.UTC(2027, 2, 10, 12));

  it('sends only what changed, in cents, with the date the price change applies from', () => {
    const values = { ...tierCodec.valuesOf(TEST_TIER), monthlyPrice: 299.99, allowedRegionIds: ['fr-par-1'], priceEffectiveDate: '2027-04-01' };
    expect(tierCodec.updateInput(TEST_TIER, parse(values))).toEqual({
      id: 'tier_standard',
      monthlyPriceCents: 29_999,
      allowedRegionIds: ['fr-par-1'],
      priceEffectiveFrom: Date.UTC(2027, 3, 1),
    });
  });

  it('clears the HA prices when the HA control plane is no longer optional, and clears the SLA when emptied', () => {
    const values = { ...tierCodec.valuesOf(TEST_TIER), haControlPlane: 'included' as const, sla: '' };
    expect(tierCodec.updateInput(TEST_TIER, parse(values))).toEqual({
      id: 'tier_standard',
      haControlPlane: 'included',
      haMonthlyPriceCents: null,
      haYearlyPriceCents: null,
      slaBasisPoints: null,
    });
  });

  it('creates a tier with every field in the API units', () => {
    const values: TierFormValues = {
      ...tierCodec.empty(),
      id: ' tier_premium ',
      name: 'Premium',
      description: 'Premium clusters.',
      purpose: 'Critical workloads',
      monthlyPrice: 499,
      yearlyPrice: '5090.40',
      sla: 99.99,
      allowedFlavorIds: ['gp-4-16'],
      allowedRegionIds: ['fr-par-1'],
    };
    expect(tierCodec.createInput(parse(values))).toEqual({
      id: 'tier_premium',
      name: 'Premium',
      description: 'Premium clusters.',
      purpose: 'Critical workloads',
      nodes: 3,
      vcpuPerNode: 4,
      memoryGbPerNode: 16,
      storageGbPerNode: 100,
      monthlyPriceCents: 49_900,
      yearlyPriceCents: 509_040,
      slaBasisPoints: 9_999,
      haControlPlane: 'unavailable',
      haMonthlyPriceCents: null,
      haYearlyPriceCents: null,
      maxNodes: 10,
      maxPools: 3,
      allowedFlavorIds: ['gp-4-16'],
      allowedRegionIds: ['fr-par-1'],
      sortOrder: undefined,
    });
  });

  it('says what is missing or wrong, field by field', () => {
    expect(issues(tierCodec.empty())).toEqual([
      ['name', 'Name is required.'],
      ['description', 'Description is required.'],
      ['purpose', 'Purpose is required.'],
      ['monthlyPrice', 'Monthly price is required.'],
      ['yearlyPrice', 'Yearly price is required.'],
      ['allowedFlavorIds', 'Choose at least one node flavour.'],
      ['allowedRegionIds', 'Choose at least one region.'],
    ]);
    const optional = { ...tierCodec.valuesOf(TEST_TIER), haMonthlyPrice: '', haYearlyPrice: '' };
    expect(issues(optional)).toEqual([
      ['haMonthlyPrice', 'An optional HA control plane needs its monthly price.'],
      ['haYearlyPrice', 'An optional HA control plane needs its yearly price.'],
    ]);
    expect(issues({ ...tierCodec.valuesOf(TEST_TIER), yearlyPrice: 4_000, nodes: 60 })).toEqual([
      ['yearlyPrice', 'The yearly price cannot be more than 12 monthly payments.'],
      ['nodes', 'The baseline of 60 nodes is above the maximum of 50.'],
    ]);
    expect(issues({ ...tierCodec.valuesOf(TEST_TIER), priceEffectiveDate: '2027-03-01' })[0]?.[0]).toBe('priceEffectiveDate');
  });
});
