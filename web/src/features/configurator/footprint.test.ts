import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '../../testing/test-catalog';
import { draftFootprint } from './footprint';

const region = (id: string) => TEST_CATALOG.regions.find((candidate) => candidate.id === id)!;
const pool = (flavorId: string, count: number) => ({ name: 'workers', flavorId, count, autoscale: null, labels: [], taints: [] });

describe('draftFootprint', () => {
  it('estimates a month of the configuration in each region, control plane included', () => {
    // 3 × gp-4-16 (14.752 W) + control plane (7.376 W) = 51.632 W; × 730 h = 37.69136 kWh; × PUE 1.58 = 59.5523488 kWh
    // Paris 56 g/kWh: 3.334931533 kg; Frankfurt 381 g/kWh: 22.68944489 kg
    expect(draftFootprint(TEST_CATALOG, [pool('gp-4-16', 3)], region('fr-par-1'))!.kgCo2e).toBeCloseTo(3.334931533, 9);
    expect(draftFootprint(TEST_CATALOG, [pool('gp-4-16', 3)], region('de-fra-1'))!.kgCo2e).toBeCloseTo(22.68944489, 8);
  });

  it('has nothing to say before a pool is chosen', () => {
    expect(draftFootprint(TEST_CATALOG, [], region('fr-par-1'))).toBeNull();
    expect(draftFootprint(TEST_CATALOG, [pool('no-such-flavour', 2)], region('fr-par-1'))).toBeNull();
  });
});
