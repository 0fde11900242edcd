import { describe, expect, it } from 'vitest';
import { emptyEstimate, encodeEstimate } from '../catalog-browse';
import {
  alsoRemovedAddons,
  applyDraftAction,
  autoAddedAddons,
  draftFromClusterLine,
  draftQuoteLines,
  draftToOrderLine,
  emptyDraft,
  poolMonthlyCost,
  preloadDraft,
  preloadKey,
} from './draft';
import type { ClusterDraft, DraftAction } from './draft';
import { TEST_CATALOG } from '../../testing/test-catalog';

function apply(draft: ClusterDraft, ...actions: DraftAction[]): ClusterDraft {
  return actions.reduce((current, action) => applyDraftAction(TEST_CATALOG, current, action), draft);
}

function withTier(tierId: string): ClusterDraft & { tierId: string } {
  const draft = apply(emptyDraft('draft-key-0001'), { type: 'chooseTier', tierId });
  if (draft.tierId === null) throw new Error('no tier');
  return { ...draft, tierId: draft.tierId };
}

describe('choosing a tier', () => {
  it("fills the cluster for the tier: its first region with every zone, the default version, the baseline pool, HA as the tier has it", () => {
    const draft = withTier('tier_standard');
    expect(draft).toMatchObject({
      tierId: 'tier_standard',
      regionId: 'fr-par-1',
      zones: ['fr-par-1a', 'fr-par-1b', 'fr-par-1c'],
      kubernetesVersion: '1.37',
      highAvailability: true,
      pools: [{ name: 'pool-1', flavorId: 'gp-4-16', count: 3, autoscale: null, labels: [], taints: [] }],
      addonIds: [],
      idempotencyKey: 'draft-key-0001',
    });
    expect(withTier('tier_economy').highAvailability).toBe(false);
    expect(withTier('tier_sandbox').highAvailability).toBe(false);
  });

  it('ignores a tier the catalogue does not sell', () => {
    const draft = emptyDraft();
    expect(applyDraftAction(TEST_CATALOG, draft, { type: 'chooseTier', tierId: 'tier_gone' })).toBe(draft);
  });

  it("keeps what fits when the tier changes: labels and taints stay, pools beyond the tier's maximum go, flavours and regions follow the tier", () => {
    const standard = apply(
      withTier('tier_standard'),
      { type: 'setRegion', regionId: 'de-fra-1' },
      { type: 'addPool' },
      { type: 'addPool' },
      { type: 'updatePool', index: 0, changes: { labels: [{ key: 'team', value: 'web' }], taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }] } },
    );
    expect(standard.pools).toHaveLength(3);
    const sandbox = apply(standard, { type: 'chooseTier', tierId: 'tier_sandbox' });
    expect(sandbox.pools).toEqual([
      { name: 'pool-1', flavorId: 'gp-2-8', count: 1, autoscale: null, labels: [{ key: 'team', value: 'web' }], taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }] },
    ]);
    expect(sandbox.regionId).toBe('de-fra-1');
    // The AI tier is only in Paris: the region moves there, with all of its zones.
    const ai = apply(standard, { type: 'chooseTier', tierId: 'tier_ai' });
    expect(ai.regionId).toBe('fr-par-1');
    expect(ai.zones).toEqual(['fr-par-1a', 'fr-par-1b', 'fr-par-1c']);
  });
});

describe('region, zones and version', () => {
  it('spreads over every zone of a new region, and keeps only zones the region has', () => {
    const draft = apply(withTier('tier_economy'), { type: 'setRegion', regionId: 'pl-waw-1' });
    expect(draft.zones).toEqual(['pl-waw-1a', 'pl-waw-1b']);
    expect(apply(draft, { type: 'setZones', zones: ['pl-waw-1b', 'fr-par-1a'] }).zones).toEqual(['pl-waw-1b']);
  });

  it('refuses a region the tier is not offered in', () => {
    const draft = apply(withTier('tier_ai'), { type: 'setRegion', regionId: 'de-fra-1' });
    expect(draft.regionId).toBe('fr-par-1');
  });

  it('drops add-ons the new version cannot run, with those that require them', () => {
    const draft = apply(withTier('tier_standard'), { type: 'toggleAddon', addonId: 'addon_istio', checked: true });
    expect(draft.addonIds).toEqual(['addon_istio']);
    expect(apply(draft, { type: 'setVersion', version: '1.38' }).addonIds).toEqual([]);
  });
});

describe('node pools', () => {
  it("adds pools up to the tier's maximum and no further", () => {
    let draft: ClusterDraft = withTier('tier_economy');
    for (let count = 0; count < 5; count += 1) draft = apply(draft, { type: 'addPool' });
    expect(draft.pools.map((pool) => pool.name)).toEqual(['pool-1', 'pool-2', 'pool-3']);
    expect(apply(draft, { type: 'addPool' })).toBe(draft);
    expect(apply(withTier('tier_sandbox'), { type: 'addPool' }).pools).toHaveLength(1);
  });

  it('removes a pool but never the last one', () => {
    const draft = apply(withTier('tier_standard'), { type: 'addPool' });
    const one = apply(draft, { type: 'removePool', index: 0 });
    expect(one.pools.map((pool) => pool.name)).toEqual(['pool-2']);
    expect(apply(one, { type: 'removePool', index: 0 })).toBe(one);
  });

  it('costs each pool a month: the flavour price times its nodes, from the minimum to the maximum when it autoscales', () => {
    const pool = withTier('tier_standard').pools[0]!;
    expect(poolMonthlyCost(TEST_CATALOG, pool)).toEqual({ cents: 3 * 5_700, maxCents: null });
    expect(poolMonthlyCost(TEST_CATALOG, { ...pool, flavorId: 'gpu-l4-1', count: 2, autoscale: { min: 2, max: 5 } })).toEqual({ cents: 2 * 54_900, maxCents: 5 * 54_900 });
    expect(poolMonthlyCost(TEST_CATALOG, { ...pool, flavorId: 'gone' })).toBeNull();
    // Figures that cannot be priced get no price rather than a negative one or the last valid one.
    expect(poolMonthlyCost(TEST_CATALOG, { ...pool, count: -3 })).toBeNull();
    expect(poolMonthlyCost(TEST_CATALOG, { ...pool, count: 0 })).toBeNull();
    expect(poolMonthlyCost(TEST_CATALOG, { ...pool, count: 5, autoscale: { min: 5, max: 2 } })).toBeNull();
  });
});

describe('high availability', () => {
  it('is a choice only where the tier offers it as an option', () => {
    expect(apply(withTier('tier_economy'), { type: 'setHighAvailability', enabled: true }).highAvailability).toBe(true);
    expect(apply(withTier('tier_standard'), { type: 'setHighAvailability', enabled: false }).highAvailability).toBe(true);
    expect(apply(withTier('tier_sandbox'), { type: 'setHighAvailability', enabled: true }).highAvailability).toBe(false);
  });
});

describe('add-ons', () => {
  it('adds what an add-on requires and says which were added for it', () => {
    const before = withTier('tier_standard');
    const after = apply(before, { type: 'toggleAddon', addonId: 'addon_logging', checked: true });
    expect(after.addonIds).toEqual(['addon_monitoring', 'addon_logging']);
    expect(autoAddedAddons(before, after, 'addon_logging')).toEqual(['addon_monitoring']);
  });

  it('adds requirements transitively', () => {
    const before = withTier('tier_ai');
    const after = apply(before, { type: 'toggleAddon', addonId: 'addon_kserve', checked: true });
    expect(after.addonIds).toEqual(['addon_gpu_operator', 'addon_cert_manager', 'addon_kserve']);
    expect(autoAddedAddons(before, after, 'addon_kserve')).toEqual(['addon_gpu_operator', 'addon_cert_manager']);
  });

  it('removes the add-ons that require one that is removed, and says which', () => {
    const before = apply(withTier('tier_standard'), { type: 'toggleAddon', addonId: 'addon_logging', checked: true });
    const after = apply(before, { type: 'toggleAddon', addonId: 'addon_monitoring', checked: false });
    expect(after.addonIds).toEqual([]);
    expect(alsoRemovedAddons(before, after, 'addon_monitoring')).toEqual(['addon_logging']);
  });

  it('prevents a conflicting add-on', () => {
    const draft = apply(withTier('tier_standard'), { type: 'toggleAddon', addonId: 'addon_linkerd', checked: true });
    expect(apply(draft, { type: 'toggleAddon', addonId: 'addon_istio', checked: true }).addonIds).toEqual(['addon_linkerd']);
  });

  it('refuses an add-on the tier cannot run', () => {
    const draft = withTier('tier_standard');
    expect(apply(draft, { type: 'toggleAddon', addonId: 'addon_gpu_operator', checked: true }).addonIds).toEqual([]);
  });
});

describe('preloading', () => {
  it("configures an estimate's first cluster, with its promotion code and VAT choices, open on the review", () => {
    const encoded = encodeEstimate({
      ...emptyEstimate(),
      clusters: [
        {
          tierId: 'tier_standard',
          regionId: 'de-fra-1',
          kubernetesVersion: '1.36',
          highAvailability: true,
          pools: [
            { name: 'web', flavorId: 'gp-4-16', count: 3, autoscale: null },
            { name: 'batch', flavorId: 'gp-2-8', count: 2, autoscale: { min: 2, max: 6 } },
          ],
          addonIds: ['addon_monitoring', 'addon_logging'],
        },
        { tierId: 'tier_economy', regionId: 'fr-par-1', kubernetesVersion: '1.37', highAvailability: false, pools: [{ name: 'a', flavorId: 'gp-2-8', count: 1, autoscale: null }], addonIds: [] },
      ],
      promotionCode: 'PARIS',
      countryCode: 'DE',
      isBusiness: true,
      vatNumber: 'DE123456789',
      cycle: 'yearly',
      currency: 'USD',
    });
    const result = preloadDraft(TEST_CATALOG, { kind: 'estimate', encoded }, withTier('tier_sandbox'));
    if (!result.ok) throw new Error(result.reason);
    expect(result.draft).toMatchObject({
      tierId: 'tier_standard',
      regionId: 'de-fra-1',
      zones: ['de-fra-1a', 'de-fra-1b', 'de-fra-1c'],
      kubernetesVersion: '1.36',
      pools: [
        { name: 'web', flavorId: 'gp-4-16', count: 3, autoscale: null, labels: [], taints: [] },
        { name: 'batch', flavorId: 'gp-2-8', count: 2, autoscale: { min: 2, max: 6 }, labels: [], taints: [] },
      ],
      addonIds: ['addon_monitoring', 'addon_logging'],
      promotionCode: 'PARIS',
      countryCode: 'DE',
      isBusiness: true,
      vatNumber: 'DE123456789',
      furthestStep: 8,
      placedOrder: null,
      // So that a reload of the same address keeps the draft rather than preloading it again.
      preloadedFrom: preloadKey({ kind: 'estimate', encoded }),
    });
    // A new configuration: not the draft it replaces, so not its order either.
    expect(result.draft.idempotencyKey).not.toBe('draft-key-0001');
    expect(result.estimate?.cycle).toBe('yearly');
    expect(result.estimate?.currency).toBe('USD');
  });

  it('says why an estimate cannot be configured', () => {
    const current = emptyDraft();
    expect(preloadDraft(TEST_CATALOG, { kind: 'estimate', encoded: '1.broken' }, current)).toMatchObject({ ok: false });
    expect(preloadDraft(TEST_CATALOG, { kind: 'estimate', encoded: encodeEstimate({ ...emptyEstimate(), middlewarePlanIds: ['mwp_x'] }) }, current)).toEqual({
      ok: false,
      reason: 'The estimate has no cluster to configure: start with a tier.',
    });
  });

  it('preselects a tier from the cluster selection, keeping the rest of the draft, and moves on to the region', () => {
    const current = { ...withTier('tier_standard'), name: 'prod-eu' };
    const result = preloadDraft(TEST_CATALOG, { kind: 'tier', tierId: 'tier_economy' }, current);
    if (!result.ok) throw new Error(result.reason);
    expect(result.draft).toMatchObject({ tierId: 'tier_economy', name: 'prod-eu', idempotencyKey: 'draft-key-0001', furthestStep: 2, preloadedFrom: 'tier:tier_economy' });
    expect(result.draft.pools[0]?.flavorId).toBe('gp-4-16');
    const fresh = preloadDraft(TEST_CATALOG, { kind: 'tier', tierId: 'tier_economy' }, emptyDraft());
    expect(fresh.ok && fresh.draft.pools).toEqual([{ name: 'pool-1', flavorId: 'gp-2-8', count: 2, autoscale: null, labels: [], taints: [] }]);
    expect(preloadDraft(TEST_CATALOG, { kind: 'tier', tierId: 'tier_gone' }, current)).toEqual({ ok: false, reason: 'The tier you chose is no longer on sale; choose another one.' });
  });
});

describe('draft and order line', () => {
  const draft: ClusterDraft & { tierId: string } = {
    ...withTier('tier_standard'),
    name: ' prod-eu ',
    zones: ['fr-par-1a', 'fr-par-1b'],
    pools: [
      { name: 'web', flavorId: 'gp-4-16', count: 3, autoscale: null, labels: [{ key: 'team', value: ' web ' }], taints: [] },
      { name: 'gpu', flavorId: 'gp-8-32', count: 1, autoscale: { min: 1, max: 3 }, labels: [], taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
    ],
    addonIds: ['addon_monitoring', 'addon_logging'],
    networking: { cni: 'calico', podCidr: '10.100.0.0/16', serviceCidr: '10.200.0.0/16', apiAllowList: ['203.0.113.0/24'] },
    maintenance: { day: 'tuesday', startHour: 2, autoUpgrade: false },
  };

  it('is the cluster line of orders.create, trimmed, with labels as a map', () => {
    expect(draftToOrderLine(draft)).toEqual({
      kind: 'cluster',
      name: 'prod-eu',
      tierId: 'tier_standard',
      regionId: 'fr-par-1',
      kubernetesVersion: '1.37',
      highAvailability: true,
      nodePools: [
        { name: 'web', flavorId: 'gp-4-16', count: 3, autoscale: null, labels: { team: 'web' }, taints: [] },
        { name: 'gpu', flavorId: 'gp-8-32', count: 1, autoscale: { min: 1, max: 3 }, labels: {}, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
      ],
      addonIds: ['addon_monitoring', 'addon_logging'],
      zones: ['fr-par-1a', 'fr-par-1b'],
      networking: { cni: 'calico', podCidr: '10.100.0.0/16', serviceCidr: '10.200.0.0/16', apiAllowList: ['203.0.113.0/24'] },
      maintenance: { day: 'tuesday', startHour: 2, autoUpgrade: false },
    });
  });

  it('reads back from the order line as the same draft', () => {
    const back = draftFromClusterLine(TEST_CATALOG, draftToOrderLine(draft), emptyDraft('draft-key-0001'));
    expect(draftToOrderLine({ ...back, tierId: 'tier_standard' })).toEqual(draftToOrderLine(draft));
  });

  it('prices what the order charges: the same cluster as the engine reads it', () => {
    expect(draftQuoteLines(draft)).toEqual([
      {
        kind: 'cluster',
        tierId: 'tier_standard',
        regionId: 'fr-par-1',
        kubernetesVersion: '1.37',
        highAvailability: true,
        nodePools: [
          { name: 'web', flavorId: 'gp-4-16', count: 3, autoscale: null },
          { name: 'gpu', flavorId: 'gp-8-32', count: 1, autoscale: { min: 1, max: 3 } },
        ],
        addonIds: ['addon_monitoring', 'addon_logging'],
      },
    ]);
    expect(draftQuoteLines(emptyDraft())).toEqual([]);
  });
});
