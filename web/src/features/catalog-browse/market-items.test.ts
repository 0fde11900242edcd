import { describe, expect, it } from 'vitest';
import { decodeEstimate } from './estimate';
import { cheapestMiddlewarePlan } from '../catalog';
import { encodedEstimateFor, estimateFor, filterMarketItems, marketItems, NO_FILTERS } from './market-items';
import { TEST_CATALOG } from '../../testing/test-catalog';

const ITEMS = marketItems(TEST_CATALOG);
const names = (filters: Partial<typeof NO_FILTERS>) => filterMarketItems(ITEMS, { ...NO_FILTERS, ...filters }).map((item) => item.name);

describe('marketplace filters', () => {
  it('lists add-ons, middlewares and support plans', () => {
    expect(ITEMS.map((item) => item.kind)).toEqual(['addon', 'addon', 'addon', 'addon', 'addon', 'addon', 'addon', 'middleware', 'middleware', 'support', 'support']);
    expect(names({})).toHaveLength(ITEMS.length);
  });

  it('searches every word in names, descriptions, software and plans', () => {
    expect(names({ search: 'postgres' })).toEqual(['PostgreSQL']);
    expect(names({ search: 'mesh LINKERD' })).toEqual(['Linkerd service mesh']);
    expect(names({ search: 's3' })).toEqual(['Object Storage']);
    expect(names({ search: 'nothing like this' })).toEqual([]);
  });

  it('narrows by kind and category', () => {
    expect(names({ kind: 'support' })).toEqual(['Business', 'Enterprise']);
    expect(names({ category: 'service-mesh' })).toEqual(['Istio service mesh', 'Linkerd service mesh']);
  });

  it('narrows add-ons by compatible tier, keeping services that work with every tier', () => {
    const sandbox = names({ tierId: 'tier_sandbox' });
    expect(sandbox).toContain('Prometheus and Grafana');
    expect(sandbox).not.toContain('Istio service mesh');
    expect(sandbox).toContain('PostgreSQL');
    expect(names({ tierId: 'tier_sandbox', kind: 'addon' })).toEqual(['Prometheus and Grafana', 'Grafana Loki', 'cert-manager']);
  });

  it('narrows by region: middlewares by their regions, add-ons by their tiers’ regions', () => {
    const warsaw = names({ regionId: 'pl-waw-1' });
    expect(warsaw).not.toContain('PostgreSQL');
    expect(warsaw).not.toContain('KServe model serving');
    expect(warsaw).toContain('Istio service mesh');
    expect(warsaw).toContain('Business');
  });

  it('finds a middleware’s cheapest plan', () => {
    expect(cheapestMiddlewarePlan(TEST_CATALOG.middlewares[0]!)?.id).toBe('mwp_postgresql_starter');
  });
});

describe('ordering from the marketplace', () => {
  it('puts an add-on on a new cluster of a tier that runs it, at a version it supports, with its requirements', () => {
    const estimate = estimateFor(TEST_CATALOG, { kind: 'addon', addonId: 'addon_logging', tierId: 'tier_economy' });
    expect(estimate.clusters).toHaveLength(1);
    expect(estimate.clusters[0]).toMatchObject({ tierId: 'tier_economy', addonIds: ['addon_monitoring', 'addon_logging'] });
    const kserve = estimateFor(TEST_CATALOG, { kind: 'addon', addonId: 'addon_kserve', tierId: 'tier_sandbox' });
    expect(kserve.clusters[0]).toMatchObject({ tierId: 'tier_ai', kubernetesVersion: '1.37', addonIds: ['addon_gpu_operator', 'addon_cert_manager', 'addon_kserve'] });
  });

  it('carries a middleware plan or a support plan', () => {
    expect(decodeEstimate(encodedEstimateFor(TEST_CATALOG, { kind: 'middleware', planId: 'mwp_postgresql_essential' })).estimate.middlewarePlanIds).toEqual([
      'mwp_postgresql_essential',
    ]);
    expect(estimateFor(TEST_CATALOG, { kind: 'support', planId: 'support_business' }).supportPlanId).toBe('support_business');
  });
});
