import { describe, expect, it } from 'vitest';
import { addonCodec, type AddonFormValues } from './addon-form-values';
import { checksOf, clockAt, TEST_ADDON } from './test-items';

const { parse, issues } = checksOf(addonCodec.schema);

describe('add-on form values', () => {
  clockAt(Date.UTC(2027, 2, 10, 12));


  it('sends a price change in cents with its date, and nothing else', () => {
    const values = { ...addonCodec.valuesOf(TEST_ADDON), monthlyPrice: '31.90', priceEffectiveDate: '2027-04-01' };
    expect(addonCodec.updateInput(TEST_ADDON, parse(values))).toEqual({ id: 'addon_monitoring', monthlyPriceCents: 3_190, priceEffectiveFrom: Date.UTC(2027, 3, 1) });
  });

  it('creates an add-on with its compatibility, requirements and conflicts', () => {
    const values: AddonFormValues = {
      ...addonCodec.empty(),
      id: 'addon_velero_plus',
      name: 'Velero Plus',
      category: 'backup',
      description: 'Backups with cross-region copies.',
      version: '1.15',
      monthlyPrice: 12.34,
      yearlyPrice: 120,
      compatibleTierIds: ['tier_standard', 'tier_enterprise'],
      maxKubernetesVersion: '1.37',
      requires: ['addon_backup'],
      conflicts: ['addon_other'],
    };
    expect(addonCodec.createInput(parse(values))).toEqual({
      id: 'addon_velero_plus',
      name: 'Velero Plus',
      category: 'backup',
      description: 'Backups with cross-region copies.',
      version: '1.15',
      monthlyPriceCents: 1_234,
      yearlyPriceCents: 12_000,
      compatibleTierIds: ['tier_standard', 'tier_enterprise'],
      minKubernetesVersion: null,
      maxKubernetesVersion: '1.37',
      requires: ['addon_backup'],
      conflicts: ['addon_other'],
      sortOrder: undefined,
    });
  });

  it('says what is wrong: a missing name, a negative price, contradictory rules', () => {
    expect(issues({ ...addonCodec.valuesOf(TEST_ADDON), name: ' ', monthlyPrice: -5 })).toEqual([
      ['name', 'Name is required.'],
      ['monthlyPrice', 'Monthly price cannot be negative.'],
    ]);
    expect(issues({ ...addonCodec.valuesOf(TEST_ADDON), minKubernetesVersion: '1.100', maxKubernetesVersion: '1.99', requires: ['addon_other'], yearlyPrice: 400 })).toEqual([
      ['yearlyPrice', 'The yearly price cannot be more than 12 monthly payments.'],
      ['maxKubernetesVersion', 'The maximum Kubernetes version cannot be below the minimum.'],
      ['conflicts', 'An add-on cannot both require and conflict with the same add-on.'],
    ]);
    expect(issues({ ...addonCodec.valuesOf(TEST_ADDON), compatibleTierIds: [] })).toEqual([['compatibleTierIds', 'Choose at least one cluster tier the add-on can be installed on.']]);
  });

});
