import { describe, expect, it } from 'vitest';
import {
  addFootprints,
  clusterWatts,
  CONTROL_PLANE_SHARE,
  flavourWatts,
  footprintOf,
  formatKgCo2e,
  formatWatts,
  monthlyClusterFootprint,
  powerFactorsOf,
  pueText,
} from './carbon';

/** The seeded factors (ADR 39): Cloud Carbon Footprint's 2.12 W per vCPU and 0.392 W per GB, the L4's 72 W. */
const FACTORS = powerFactorsOf([
  { id: 'vcpu', milliwatts: 2_120 },
  { id: 'memory_gb', milliwatts: 392 },
  { id: 'gpu:NVIDIA L4', milliwatts: 72_000 },
]);
const GP_4_16 = { vcpu: 4, memoryGb: 16, gpuModel: null, gpuCount: 0 };
const GPU_L4_1 = { vcpu: 8, memoryGb: 48, gpuModel: 'NVIDIA L4', gpuCount: 1 };
const PARIS = { pueMilli: 1_580, gridGramsPerKwh: 56 };
const FRANKFURT = { pueMilli: 1_580, gridGramsPerKwh: 381 };

describe('the carbon model, checked by hand', () => {
  it('adds a flavour’s draw from its vCPU, memory and GPU', () => {
    // 4 × 2.12 W + 16 × 0.392 W = 8.48 + 6.272 = 14.752 W
    expect(flavourWatts(GP_4_16, FACTORS)).toEqual({ watts: expect.closeTo(14.752, 9), missing: [] });
    // 8 × 2.12 + 48 × 0.392 + 1 × 72 = 16.96 + 18.816 + 72 = 107.776 W
    expect(flavourWatts(GPU_L4_1, FACTORS).watts).toBeCloseTo(107.776, 9);
  });

  it('turns watts into kWh, facility kWh (× PUE) and kg CO₂e (× grid intensity)', () => {
    // gp-4-16 for 730 h: 14.752 W × 730 h ÷ 1000 = 10.76896 kWh
    // × PUE 1.58 = 17.0149568 kWh; × 56 g/kWh ÷ 1000 = 0.952837581 kg (Paris)
    const paris = footprintOf(14.752, 730, PARIS);
    expect(paris.itKwh).toBeCloseTo(10.76896, 9);
    expect(paris.facilityKwh).toBeCloseTo(17.0149568, 9);
    expect(paris.kgCo2e).toBeCloseTo(0.952837581, 9);
    // The same node in Frankfurt: 17.0149568 kWh × 381 g/kWh ÷ 1000 = 6.482698541 kg
    expect(footprintOf(14.752, 730, FRANKFURT).kgCo2e).toBeCloseTo(6.482698541, 9);
  });

  it('counts the control plane as a 2 vCPU, 8 GB share', () => {
    // 2 × 2.12 + 8 × 0.392 = 4.24 + 3.136 = 7.376 W
    expect(flavourWatts(CONTROL_PLANE_SHARE, FACTORS).watts).toBeCloseTo(7.376, 9);
  });

  it('estimates a month of a cluster configuration', () => {
    // 3 × gp-4-16 + control plane = 3 × 14.752 + 7.376 = 51.632 W
    // × 730 h ÷ 1000 = 37.69136 kWh; × 1.58 = 59.5523488 kWh; × 56 ÷ 1000 = 3.334931533 kg
    const month = monthlyClusterFootprint({ pools: [{ flavor: GP_4_16, nodes: 3 }], controlPlane: true }, PARIS, FACTORS);
    expect(month.watts).toBeCloseTo(51.632, 9);
    expect(month.itKwh).toBeCloseTo(37.69136, 9);
    expect(month.facilityKwh).toBeCloseTo(59.5523488, 9);
    expect(month.kgCo2e).toBeCloseTo(3.334931533, 9);
    // Without its control plane (an order line that adds nodes to a running cluster): 44.256 W.
    expect(clusterWatts({ pools: [{ flavor: GP_4_16, nodes: 3 }], controlPlane: false }, FACTORS).watts).toBeCloseTo(44.256, 9);
  });

  it('names a factor the catalogue lacks and counts it as nothing', () => {
    const h100 = { vcpu: 24, memoryGb: 240, gpuModel: 'NVIDIA H100 SXM', gpuCount: 1 };
    // 24 × 2.12 + 240 × 0.392 = 50.88 + 94.08 = 144.96 W, the card unknown
    expect(flavourWatts(h100, FACTORS)).toEqual({ watts: expect.closeTo(144.96, 9), missing: ['gpu:NVIDIA H100 SXM'] });
    expect(clusterWatts({ pools: [{ flavor: h100, nodes: 2 }], controlPlane: false }, FACTORS).missing).toEqual(['gpu:NVIDIA H100 SXM']);
  });

  it('adds footprints and writes them for people', () => {
    expect(addFootprints(footprintOf(1000, 1, PARIS), footprintOf(1000, 1, FRANKFURT))).toEqual({
      // 1 kWh each; × 1.58 = 1.58 kWh each; 1.58 × 0.056 + 1.58 × 0.381 = 0.08848 + 0.60198 = 0.69046 kg
      itKwh: 2,
      facilityKwh: expect.closeTo(3.16, 9),
      kgCo2e: expect.closeTo(0.69046, 9),
    });
    expect(formatKgCo2e(0.952837581)).toBe('0.95 kg CO₂e');
    expect(formatKgCo2e(6.482698541)).toBe('6.5 kg CO₂e');
    expect(formatKgCo2e(123.4)).toBe('123 kg CO₂e');
    expect(formatKgCo2e(1_250)).toBe('1.3 t CO₂e');
    expect(pueText(1_580)).toBe('1.58');
    expect(formatWatts(2_120)).toBe('2.12 W');
    expect(formatWatts(700_000)).toBe('700 W');
  });
});
