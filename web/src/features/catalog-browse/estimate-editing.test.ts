import { describe, expect, it } from 'vitest';
import type { EstimateCluster } from './estimate';
import { addonBlockedReason, defaultKubernetesVersion, newCluster, newPool, nextPoolName, nodesAtMost, normalizeCluster, toggleAddon } from './estimate-editing';
import { TEST_CATALOG, testAddon } from '../../testing/test-catalog';

function standardCluster(changes: Partial<EstimateCluster> = {}): EstimateCluster {
  const cluster = newCluster(TEST_CATALOG, 'tier_standard');
  if (!cluster) throw new Error('no cluster');
  return { ...cluster, ...changes };
}

describe('new clusters and pools', () => {
  it("starts a cluster with the tier's baseline pool in its first region at the default version", () => {
    expect(defaultKubernetesVersion(TEST_CATALOG)).toBe('1.37');
    expect(standardCluster()).toEqual({
      tierId: 'tier_standard',
      regionId: 'fr-par-1',
      kubernetesVersion: '1.37',
      highAvailability: true,
      pools: [{ name: 'pool-1', flavorId: 'gp-4-16', count: 3, autoscale: null }],
      addonIds: [],
    });
  });

  it('names new pools after the existing ones', () => {
    const cluster = standardCluster();
    expect(newPool(TEST_CATALOG, cluster)).toEqual({ name: 'pool-2', flavorId: 'gp-4-16', count: 1, autoscale: null });
    expect(nextPoolName([{ name: 'pool-2', flavorId: 'f', count: 1, autoscale: null }])).toBe('pool-3');
  });

  it('counts autoscaling pools at their maximum', () => {
    const cluster = standardCluster({ pools: [{ name: 'a', flavorId: 'gp-4-16', count: 2, autoscale: { min: 2, max: 6 } }, { name: 'b', flavorId: 'gp-4-16', count: 3, autoscale: null }] });
    expect(nodesAtMost(cluster)).toBe(9);
  });
});

describe('add-ons', () => {
  it('adds what an add-on requires, and removes what requires a removed one', () => {
    const cluster = standardCluster();
    const withLogging = toggleAddon(TEST_CATALOG, cluster, 'addon_logging', true);
    expect(withLogging).toEqual(['addon_monitoring', 'addon_logging']);
    expect(toggleAddon(TEST_CATALOG, { ...cluster, addonIds: withLogging }, 'addon_monitoring', false)).toEqual([]);
    expect(toggleAddon(TEST_CATALOG, { ...cluster, addonIds: withLogging }, 'addon_logging', false)).toEqual(['addon_monitoring']);
  });

  it('refuses an add-on that conflicts with a chosen one, either way round', () => {
    const cluster = standardCluster({ addonIds: ['addon_linkerd'] });
    expect(addonBlockedReason(TEST_CATALOG, cluster, testAddon('addon_istio'))).toBe('Cannot run alongside Linkerd service mesh.');
    expect(toggleAddon(TEST_CATALOG, cluster, 'addon_istio', true)).toEqual(['addon_linkerd']);
    expect(addonBlockedReason(TEST_CATALOG, cluster, testAddon('addon_monitoring'))).toBeNull();
  });

  it('refuses an add-on whose requirement the cluster cannot run', () => {
    const catalog = { ...TEST_CATALOG, addons: TEST_CATALOG.addons.map((entry) => (entry.id === 'addon_cert_manager' ? { ...entry, compatibleTierIds: [] } : entry)) };
    const ai = newCluster(catalog, 'tier_ai');
    if (!ai) throw new Error('no cluster');
    expect(addonBlockedReason(catalog, ai, testAddon('addon_kserve'))).toBe('Requires cert-manager, which this cluster cannot run.');
  });
});

describe('normalizeCluster', () => {
  it('moves a cluster to a region, flavours and limits its new tier offers', () => {
    const cluster = standardCluster({
      regionId: 'fr-par-1',
      pools: [
        { name: 'pool-1', flavorId: 'gp-8-32', count: 5, autoscale: null },
        { name: 'pool-2', flavorId: 'gp-4-16', count: 2, autoscale: null },
      ],
      addonIds: ['addon_monitoring', 'addon_logging', 'addon_istio'],
    });
    expect(normalizeCluster(TEST_CATALOG, { ...cluster, tierId: 'tier_sandbox' }, true)).toEqual({
      tierId: 'tier_sandbox',
      regionId: 'de-fra-1',
      kubernetesVersion: '1.37',
      highAvailability: false,
      pools: [{ name: 'pool-1', flavorId: 'gp-2-8', count: 1, autoscale: null }],
      addonIds: ['addon_monitoring', 'addon_logging'],
    });
  });

  it('starts an optional HA control plane off on a new tier, and keeps it while the tier stays', () => {
    const economy = normalizeCluster(TEST_CATALOG, { ...standardCluster(), tierId: 'tier_economy' }, true);
    expect(economy.highAvailability).toBe(false);
    expect(normalizeCluster(TEST_CATALOG, { ...economy, highAvailability: true }).highAvailability).toBe(true);
  });

  it('shrinks node counts to a new tier but leaves counts typed on the same tier to the engine', () => {
    const big = standardCluster({ pools: [{ name: 'a', flavorId: 'gp-4-16', count: 8, autoscale: null }, { name: 'b', flavorId: 'gp-4-16', count: 4, autoscale: { min: 2, max: 8 } }] });
    const economy = normalizeCluster(TEST_CATALOG, { ...big, tierId: 'tier_economy' }, true);
    expect(nodesAtMost(economy)).toBeLessThanOrEqual(10);
    expect(economy.pools.map((pool) => pool.autoscale)).toEqual([null, { min: 2, max: 2 }]);
    expect(normalizeCluster(TEST_CATALOG, { ...economy, pools: [{ ...economy.pools[0]!, count: 40 }] }).pools[0]?.count).toBe(40);
  });

  it('drops add-ons the new Kubernetes version cannot run, with what requires them', () => {
    const cluster = standardCluster({ addonIds: ['addon_istio', 'addon_monitoring'] });
    expect(normalizeCluster(TEST_CATALOG, { ...cluster, kubernetesVersion: '1.38' }).addonIds).toEqual(['addon_monitoring']);
  });
});
