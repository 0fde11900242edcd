import { describe, expect, it } from 'vitest';
import type { AdminPowerFactor, AdminRegion } from './catalog-admin-types';
import { powerFactorCodec, regionCodec } from './carbon-form-values';
import { TEST_CATALOG } from '../../testing/test-catalog';
import { issuesOf } from './test-items';

/** Warsaw of the test catalogue, as the staff list reads it: PUE 1.40, 662 g/kWh. */
const WARSAW = { ...TEST_CATALOG.regions.find((region) => region.id === 'pl-waw-1')!, certifications: ['ISO 27001', 'GDPR'], pueMilli: 1_400 } as AdminRegion;

const VCPU: AdminPowerFactor = { id: 'vcpu', label: 'Per vCPU', milliwatts: 2_120, source: 'Cloud Carbon Footprint', year: 2021, flavorIds: ['gp-4-16'], createdAt: 0, updatedAt: 0 };

describe('the carbon forms’ values', () => {
  it('shows a PUE as 1.4 and sends only what changed, the grid figure with its year', () => {
    const values = regionCodec.valuesOf(WARSAW);
    expect(values).toMatchObject({ pue: 1.4, gridGramsPerKwh: 662, euOnlyAccess: false, certifications: ['ISO 27001', 'GDPR'] });
    const edited = regionCodec.schema.parse({ ...values, pue: 1.35, gridGramsPerKwh: 630, gridYear: 2024, euOnlyAccess: true });
    expect(regionCodec.updateInput(WARSAW, edited)).toEqual({ id: 'pl-waw-1', pueMilli: 1_350, gridGramsPerKwh: 630, gridYear: 2024, euOnlyAccess: true });
    expect(issuesOf(regionCodec.schema, { ...values, pue: 0.9 })).toEqual([['pue', 'PUE must be between 1 and 3.']]);
  });

  it('adds a GPU card’s factor in watts, sent in milliwatts, and refuses an id that prices nothing', () => {
    const parsed = powerFactorCodec.schema.parse({ ...powerFactorCodec.empty(), id: 'gpu:NVIDIA B200', label: 'NVIDIA B200 card', watts: 1000, source: 'NVIDIA DGX B200 datasheet', year: 2024 });
    expect(powerFactorCodec.createInput(parsed)).toEqual({ id: 'gpu:NVIDIA B200', label: 'NVIDIA B200 card', milliwatts: 1_000_000, source: 'NVIDIA DGX B200 datasheet', year: 2024 });
    expect(powerFactorCodec.updateInput(VCPU, powerFactorCodec.schema.parse({ ...powerFactorCodec.valuesOf(VCPU), watts: 2.5, year: 2026 }))).toEqual({ id: 'vcpu', milliwatts: 2_500, year: 2026 });
    expect(issuesOf(powerFactorCodec.schema, { ...powerFactorCodec.empty(), id: 'cpu', label: 'x', watts: 1, source: 'Somewhere', year: 2024 })[0]?.[0]).toBe('id');
  });
});
