import { describe, expect, it } from 'vitest';
import { clusterTypeFromTierName, FALLBACK_CLUSTER_TYPE_LINKS, tierDisplayName } from './cluster-types';

describe('clusterTypeFromTierName', () => {
  it.each([
    ['Standard (Blue)', 'blue'],
    ['Enterprise (Red)', 'red'],
    ['Economy (Green)', 'green'],
    ['Data Analytics', 'data'],
    ['AI/ML (Violet)', 'ai'],
    ['Dev/Test (Orange)', 'orange'],
    ['Sandbox (Gray)', 'sandbox'],
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
});

describe('tierDisplayName', () => {
  it('strips a trailing parenthesised part', () => {
    expect(tierDisplayName('Standard (Blue)')).toBe('Standard');
    expect(tierDisplayName('AI/ML (Violet)')).toBe('AI/ML');
    expect(tierDisplayName('Data Analytics')).toBe('Data Analytics');
    expect(tierDisplayName('(Blue)')).toBe('(Blue)');
  });
});
