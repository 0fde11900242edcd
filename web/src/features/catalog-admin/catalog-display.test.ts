import { describe, expect, it } from 'vitest';
import { discountOf, formatMinutes, gpuOf, kubernetesRangeOf, namesOf, planSizeOf, scheduledPriceOf, supportPriceOf } from './catalog-display';
import { countOf } from './panel-counts';
import { selectableOptions } from './select-options';
import { TEST_SUPPORT_PLAN } from './test-items';

describe('catalogue values as the lists show them', () => {
  it('shows response targets in the largest whole unit', () => {
    expect(formatMinutes(15)).toBe('15 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(1_440)).toBe('1 day');
    expect(formatMinutes(2_880)).toBe('2 days');
    expect(formatMinutes(null)).toBe('No target');
  });

  it('describes GPUs, plan sizes, support prices, discounts and Kubernetes ranges', () => {
    expect(gpuOf({ gpuCount: 2, gpuModel: 'NVIDIA H100 SXM', gpuMemoryGb: 80 })).toBe('2 × NVIDIA H100 SXM, 80 GB each');
    expect(gpuOf({ gpuCount: 0, gpuModel: null, gpuMemoryGb: null })).toBeNull();
    expect(planSizeOf({ nodes: 3, vcpu: 4, memoryGb: 16 })).toBe('3 × 4 vCPU, 16 GB');
    expect(planSizeOf({ nodes: null, vcpu: null, memoryGb: null })).toBeNull();
    expect(supportPriceOf(TEST_SUPPORT_PLAN)).toBe('7 % of monthly spend, at least €990.00 / month');
    expect(supportPriceOf({ pricingKind: 'fixed', monthlyPriceCents: 0, percentOfSpendBasisPoints: null, minimumMonthlyCents: null })).toBe('Included');
    expect(supportPriceOf({ pricingKind: 'fixed', monthlyPriceCents: 29_900, percentOfSpendBasisPoints: null, minimumMonthlyCents: null })).toBe('€299.00 / month');
    expect(discountOf({ kind: 'percent', value: 500 })).toBe('5 % off');
    expect(discountOf({ kind: 'amount', value: 2_000 })).toBe('€20.00 off');
    expect(kubernetesRangeOf('1.33', '1.37')).toBe('1.33 to 1.37');
    expect(kubernetesRangeOf('1.33', null)).toBe('1.33 or later');
    expect(kubernetesRangeOf(null, '1.37')).toBe('up to 1.37');
    expect(kubernetesRangeOf(null, null)).toBe('Any version');
    expect(namesOf(['a', 'b'], new Map([['a', 'Alpha']]))).toEqual(['Alpha', 'b']);
  });

  it('describes a price change dated later', () => {
    const base = { effectiveFrom: Date.UTC(2027, 3, 1), yearlyPriceCents: null, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null };
    expect(scheduledPriceOf({ ...base, itemKind: 'addon', monthlyPriceCents: 3_190 })).toBe('From 1 Apr 2027: €31.90 / month');
    expect(scheduledPriceOf({ ...base, itemKind: 'cluster_tier_ha', monthlyPriceCents: 4_900, yearlyPriceCents: 49_980 })).toBe('HA control plane from 1 Apr 2027: €49.00 / month, €499.80 / year');
    expect(scheduledPriceOf({ ...base, itemKind: 'node_flavor', monthlyPriceCents: 4_900, hourlyPriceMillicents: 6_712 })).toBe('From 1 Apr 2027: €49.00 / month (€0.06712 / hour)');
    expect(scheduledPriceOf({ ...base, itemKind: 'support_plan', monthlyPriceCents: 99_000, percentOfSpendBasisPoints: 800 })).toBe('From 1 Apr 2027: 8 % of spend, at least €990.00 / month');
  });

  it('offers items on sale, and archived ones only where already chosen', () => {
    const items = [
      { id: 'a', name: 'A', archivedAt: null },
      { id: 'b', name: 'B', archivedAt: 5 },
      { id: 'c', name: 'C', archivedAt: 5 },
    ];
    expect(selectableOptions(items, ['c'], (item) => item.id, (item) => item.name)).toEqual([
      { value: 'a', label: 'A' },
      { value: 'c', label: 'C (archived)' },
    ]);
  });

  it('counts what each Officers Panel card holds', () => {
    const items = [{ archivedAt: null }, { archivedAt: null }, { archivedAt: 3 }];
    expect(countOf(items, { one: 'tier', many: 'tiers' })).toBe('2 tiers on sale, 1 archived');
    expect(countOf(items.slice(0, 1), { one: 'tier', many: 'tiers' })).toBe('1 tier on sale');
    expect(countOf(undefined, { one: 'tier', many: 'tiers' })).toBeNull();
    expect(countOf([{ archivedAt: null, active: false }], { one: 'tier', many: 'tiers' }, (tier) => !tier.active)).toBe('0 tiers on sale, 1 archived');
  });
});
