import { quote } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '../../testing/test-catalog';
import { buildPriceBook } from '../catalog';
import { decodeEstimate, emptyEstimate, encodeEstimate, estimateCustomer, estimateLines, ESTIMATE_LIMITS, isEmptyEstimate } from './estimate';
import type { Estimate } from './estimate';
import { newCluster } from './estimate-editing';

const POOLS = [
  { name: 'pool-1', flavorId: 'gp-4-16', count: 3, autoscale: null },
  { name: 'gpu workers', flavorId: 'gp-8-32', count: 2, autoscale: { min: 2, max: 5 } },
];

const ESTIMATE: Estimate = {
  clusters: [
    {
      tierId: 'tier_standard',
      regionId: 'fr-par-1',
      kubernetesVersion: '1.37',
      highAvailability: true,
      pools: POOLS,
      addonIds: ['addon_monitoring', 'addon_logging'],
    },
  ],
  middlewarePlanIds: ['mwp_postgresql_essential', 'mwp_postgresql_essential'],
  supportPlanId: 'support_business',
  promotionCode: 'PARIS',
  countryCode: 'DE',
  isBusiness: true,
  vatNumber: 'DE123456789',
  cycle: 'yearly',
  currency: 'USD',
};

/** The payload of an encoded estimate, as JSON. */
function payload(encoded: string): unknown {
  const base64 = encoded.slice(2).replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
}

function encodeWire(wire: unknown): string {
  return `1.${btoa(JSON.stringify(wire)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

describe('estimate encoding', () => {
  it('round-trips an estimate through a short, URL-safe string', () => {
    const encoded = encodeEstimate(ESTIMATE);
    expect(encoded).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(decodeEstimate(encoded)).toEqual({ ok: true, estimate: ESTIMATE });
  });

  it('writes positional tuples and leaves defaults out', () => {
    const encoded = encodeEstimate({ ...emptyEstimate(), middlewarePlanIds: ['mwp_a'] });
    expect(payload(encoded)).toEqual({ m: ['mwp_a'] });
    expect(payload(encodeEstimate(ESTIMATE))).toMatchObject({
      c: [['tier_standard', 'fr-par-1', '1.37', 1, [['pool-1', 'gp-4-16', 3], ['gpu workers', 'gp-8-32', 2, 2, 5]], ['addon_monitoring', 'addon_logging']]],
      t: 'DE',
      b: 1,
      y: 'yearly',
      k: 'USD',
    });
  });

  it('reads no estimate as an empty one', () => {
    expect(decodeEstimate(undefined)).toEqual({ ok: true, estimate: emptyEstimate() });
    expect(decodeEstimate('')).toEqual({ ok: true, estimate: emptyEstimate() });
  });

  it.each([
    ['another version', '2.e30'],
    ['no payload', '1.'],
    ['not base64 JSON', '1.not-json'],
    ['a truncated link', encodeEstimate(ESTIMATE).slice(0, 40)],
    ['a pool of 0 nodes', encodeWire({ c: [['t', 'r', '1.37', 0, [['p', 'f', 0]], []]] })],
    ['a cluster without pools', encodeWire({ c: [['t', 'r', '1.37', 0, [], []]] })],
    ['an unknown currency', encodeWire({ k: 'JPY' })],
    ['a country that is not two letters', encodeWire({ t: 'FRA' })],
    ['too many clusters', encodeWire({ c: Array.from({ length: ESTIMATE_LIMITS.clusters + 1 }, () => ['t', 'r', '1.37', 0, [['p', 'f', 1]], []]) })],
    ['an overlong id', encodeWire({ m: ['x'.repeat(65)] })],
  ])('rejects %s with an empty estimate', (_label, encoded) => {
    expect(decodeEstimate(encoded)).toEqual({ ok: false, estimate: emptyEstimate() });
  });

  it('drops repeated add-ons and upper-cases the country', () => {
    const decoded = decodeEstimate(encodeWire({ c: [['t', 'r', '1.37', 0, [['p', 'f', 1]], ['a', 'a']]], t: 'de' }));
    expect(decoded.ok).toBe(true);
    expect(decoded.estimate.clusters[0]?.addonIds).toEqual(['a']);
    expect(decoded.estimate.countryCode).toBe('DE');
  });
});

describe('estimate lines and customer', () => {
  it('lists clusters, then middleware plans, then the support plan', () => {
    expect(estimateLines(ESTIMATE).map((line) => line.kind)).toEqual(['cluster', 'middleware', 'middleware', 'support']);
    expect(estimateLines(ESTIMATE)[0]).toEqual({
      kind: 'cluster',
      tierId: 'tier_standard',
      regionId: 'fr-par-1',
      kubernetesVersion: '1.37',
      highAvailability: true,
      nodePools: POOLS,
      addonIds: ['addon_monitoring', 'addon_logging'],
    });
  });

  it('sends a VAT number only for a business', () => {
    expect(estimateCustomer(ESTIMATE)).toEqual({ countryCode: 'DE', isBusiness: true, vatNumber: 'DE123456789', hasPurchased: false });
    expect(estimateCustomer({ ...ESTIMATE, isBusiness: false }).vatNumber).toBeNull();
    expect(estimateCustomer({ ...ESTIMATE, vatNumber: '  ' }).vatNumber).toBeNull();
  });

  it('knows an empty estimate', () => {
    expect(isEmptyEstimate(emptyEstimate())).toBe(true);
    expect(isEmptyEstimate({ ...emptyEstimate(), supportPlanId: 'support_business' })).toBe(false);
  });
});

describe('pricing an estimate', () => {
  const NOW = Date.UTC(2026, 10, 23);
  const book = buildPriceBook(TEST_CATALOG);

  it('prices an estimate with the shared engine: lines, PARIS and French VAT', () => {
    const cluster = newCluster(TEST_CATALOG, 'tier_standard');
    if (!cluster) throw new Error('no cluster');
    const estimate = {
      ...emptyEstimate(),
      clusters: [{ ...cluster, addonIds: ['addon_monitoring'] }],
      middlewarePlanIds: ['mwp_postgresql_essential'],
      promotionCode: 'paris',
    };
    const result = quote(estimateLines(estimate), { cycle: 'monthly', now: NOW, promotionCode: estimate.promotionCode, customer: estimateCustomer(estimate) }, book);
    // 289 control plane + 3 × 57 nodes + 39 monitoring = 499; + 69 PostgreSQL = 568.
    expect(result.subtotalCents).toBe(56_800);
    expect(result.discount).toEqual({ code: 'PARIS', label: 'Promotion PARIS (5% off)', amountCents: 2_840 });
    expect(result.tax).toMatchObject({ countryCode: 'FR', rateBasisPoints: 2000, amountCents: 10_792 });
    expect(result.totalCents).toBe(56_800 - 2_840 + 10_792);
  });
});
