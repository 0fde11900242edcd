import { describe, expect, it } from 'vitest';
import { deltaLabel, poolsAfter, priceChange } from './pool-pricing';
import { clusterDetail, GP_4_16, NOW, pool, PRICE_BOOK } from './test-fixtures';

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('poolsAfter', () => {
  it('keeps the count within new autoscaling limits given without a count, as the server does', () => {
    const detail = clusterDetail({ nodePools: [pool({ count: 2 })] });
    expect(poolsAfter(detail, { kind: 'scale', poolId: 'npl_default', autoscaling: { min: 3, max: 5 } })).toEqual([
      { name: 'default', flavorId: 'gp-2-8', count: 3, autoscale: { min: 3, max: 5 } },
    ]);
    expect(poolsAfter(detail, { kind: 'scale', poolId: 'npl_default', autoscaling: { min: 1, max: 4 } })[0]?.count).toBe(2);
    expect(poolsAfter(detail, { kind: 'scale', poolId: 'npl_default', count: 4, autoscaling: null })[0]).toMatchObject({ count: 4, autoscale: null });
  });

  it('adds a pool at the end and removes one by id', () => {
    const detail = clusterDetail({ nodePools: [pool(), pool({ id: 'npl_batch', name: 'batch', flavor: GP_4_16, count: 1 })] });
    expect(poolsAfter(detail, { kind: 'remove', poolId: 'npl_batch' }).map((entry) => entry.name)).toEqual(['default']);
    expect(poolsAfter(detail, { kind: 'add', pool: { name: 'gpu', flavorId: 'gp-4-16', count: 1, autoscale: null } }).map((entry) => entry.name)).toEqual([
      'default',
      'batch',
      'gpu',
    ]);
  });
});

describe('priceChange', () => {
  it('prices one more node: the tier plus three nodes, against what the cluster costs now', () => {
    const change = priceChange(clusterDetail(), { kind: 'scale', poolId: 'npl_default', count: 3 }, PRICE_BOOK, NOW);
    expect(change).toEqual({ kind: 'priced', currentMonthlyCents: 11_300, newMonthlyCents: 4_900 + 3 * 3_200, deltaCents: 3_200, maxMonthlyCents: null });
  });

  it('prices an autoscaling pool at its minimum and gives the price at its maximum', () => {
    const change = priceChange(clusterDetail(), { kind: 'scale', poolId: 'npl_default', autoscaling: { min: 1, max: 4 } }, PRICE_BOOK, NOW);
    // The count stays 2 (within 1 to 4) but the engine prices autoscaling pools at their minimum.
    expect(change).toMatchObject({ kind: 'priced', newMonthlyCents: 4_900 + 3_200, deltaCents: -3_200, maxMonthlyCents: 4_900 + 4 * 3_200 });
  });

  it('prices a new pool and the removal of one, installed add-ons included', () => {
    const detail = clusterDetail({ addons: [{ id: 'addon_velero', name: 'Velero backups', installedAt: NOW }], monthlyCents: 12_800 });
    const added = priceChange(detail, { kind: 'add', pool: { name: 'batch', flavorId: 'gp-4-16', count: 1, autoscale: null } }, PRICE_BOOK, NOW);
    expect(added).toMatchObject({ kind: 'priced', currentMonthlyCents: 12_800, newMonthlyCents: 12_800 + 6_400, deltaCents: 6_400 });
    const twoPools = clusterDetail({ nodePools: [pool(), pool({ id: 'npl_batch', name: 'batch', flavor: GP_4_16, count: 1 })], monthlyCents: 17_700 });
    expect(priceChange(twoPools, { kind: 'remove', poolId: 'npl_batch' }, PRICE_BOOK, NOW)).toMatchObject({ newMonthlyCents: 11_300, deltaCents: -6_400 });
  });

  it("says why the tier refuses a change, in the engine's words", () => {
    const tooMany = priceChange(clusterDetail(), { kind: 'scale', poolId: 'npl_default', count: 7 }, PRICE_BOOK, NOW);
    expect(tooMany.kind).toBe('refused');
    expect(tooMany.kind === 'refused' && tooMany.message).toMatch(/at most 6 nodes/);
    const flavour = priceChange(clusterDetail(), { kind: 'add', pool: { name: 'big', flavorId: 'gp-16-64', count: 1, autoscale: null } }, PRICE_BOOK, NOW);
    expect(flavour).toEqual({ kind: 'refused', message: 'The node flavour "gp-16-64" does not exist.' });
  });
});

describe('deltaLabel', () => {
  it('signs the difference', () => {
    expect(deltaLabel(3_200, euros)).toBe('+€32.00 a month');
    expect(deltaLabel(-6_400, euros)).toBe('−€64.00 a month');
    expect(deltaLabel(0, euros)).toBe('no change');
  });
});
