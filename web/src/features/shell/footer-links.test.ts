import { describe, expect, it } from 'vitest';
import { FALLBACK_CLUSTER_TYPE_LINKS } from '@kubemarket/shared';
import { clusterTypeLinks } from './footer-links';

describe('clusterTypeLinks', () => {
  it('falls back to the seven fixed links while no tiers are loaded', () => {
    // The seven links themselves are pinned in packages/shared (cluster-types.test.ts).
    const expected = FALLBACK_CLUSTER_TYPE_LINKS.map((link) => [link.label, link.type]);
    expect(expected).toHaveLength(7);
    expect(clusterTypeLinks(undefined).map((link) => [link.label, link.type])).toEqual(expected);
    expect(clusterTypeLinks([]).map((link) => [link.label, link.type])).toEqual(expected);
  });

  it('links each tier to the type its name maps to, without the parenthesised part', () => {
    const links = clusterTypeLinks([
      { id: 'tier_std', name: 'Standard (Blue)' },
      { id: 'tier_ml', name: 'GPU ML (Violet)' },
      { id: 'tier_qa', name: 'QA Test' },
      { id: 'tier_x', name: 'Something else' },
    ]);
    expect(links).toEqual([
      { key: 'tier_std', label: 'Standard', type: 'blue' },
      { key: 'tier_ml', label: 'GPU ML', type: 'ai' },
      { key: 'tier_qa', label: 'QA Test', type: 'orange' },
      { key: 'tier_x', label: 'Something else', type: 'blue' },
    ]);
  });
});
