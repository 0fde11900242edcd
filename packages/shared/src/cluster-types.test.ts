import { describe, expect, it } from 'vitest';
import { clusterTypeFromTierName, FALLBACK_CLUSTER_TYPE_LINKS, tierDisplayName } from './cluster-types';

/** The seven tiers of the seed, each with the type its name maps to. */
const SEEDED_TIERS = [
  ['Standard (Blue)', 'blue'],
  ['Enterprise (Red)', 'red'],
  ['Economy (Green)', 'green'],
  ['Data Analytics', 'data'],
  ['AI/ML (Violet)', 'ai'],
  ['Dev/Test (Orange)', 'orange'],
  ['Sandbox (Gray)', 'sandbox'],
] as const;

describe('clusterTypeFromTierName', () => {
  it.each([
    ...SEEDED_TIERS,
    ['Something Else', 'blue'],
    ['', 'blue'],
  ] as const)('maps %s to %s', (name, type) => {
    expect(clusterTypeFromTierName(name)).toBe(type);
  });

  it('applies the rules in SPEC order (blue before data)', () => {
    expect(clusterTypeFromTierName('Standard Data')).toBe('blue');
    expect(clusterTypeFromTierName('Red Sandbox')).toBe('red');
  });

  it('maps every fallback link label to its own type', () => {
    for (const link of FALLBACK_CLUSTER_TYPE_LINKS) {
      expect(clusterTypeFromTierName(link.label)).toBe(link.type);
    }
  });

  it('falls back to the seven tiers of the seed, in their order', () => {
    expect(FALLBACK_CLUSTER_TYPE_LINKS.map((link) => [link.label, link.type])).toEqual(SEEDED_TIERS);
  });
});

describe('tierDisplayName', () => {
  // A trailing parenthesised part is stripped, unless it is the whole name.
  it.each([
    ['Standard (Blue)', 'Standard'],
    ['AI/ML (Violet)', 'AI/ML'],
    ['Data Analytics', 'Data Analytics'],
    ['(Blue)', '(Blue)'],
  ])('displays %s as %s', (name, shown) => {
    expect(tierDisplayName(name)).toBe(shown);
  });
});
