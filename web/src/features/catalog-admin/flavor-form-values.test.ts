import { describe, expect, it } from 'vitest';
import { flavorCodec, type FlavorFormValues } from './flavor-form-values';
import { checksOf, TEST_FLAVOR } from './test-items';

const { parse, issues } = checksOf(flavorCodec.schema);

describe('node flavour form values', () => {

  it('leaves the hourly price to the server when only the monthly one changed, and sends it when it was edited', () => {
    expect(flavorCodec.updateInput(TEST_FLAVOR, parse({ ...flavorCodec.valuesOf(TEST_FLAVOR), monthlyPrice: 52.5 }))).toEqual({ id: 'gp-4-16', monthlyPriceCents: 5_250 });
    expect(flavorCodec.updateInput(TEST_FLAVOR, parse({ ...flavorCodec.valuesOf(TEST_FLAVOR), monthlyPrice: 52.5, hourlyPrice: 0.075 }))).toEqual({
      id: 'gp-4-16',
      monthlyPriceCents: 5_250,
      hourlyPriceMillicents: 7_500,
    });
  });

  it('creates a GPU flavour with its GPUs, and clears GPU fields of any other category', () => {
    const gpu: FlavorFormValues = {
      ...flavorCodec.empty(),
      id: 'gpu-b200-1',
      name: 'GPU 1 × NVIDIA B200',
      category: 'gpu',
      vcpu: 32,
      memoryGb: 256,
      gpuModel: 'NVIDIA B200',
      gpuCount: 1,
      gpuMemoryGb: 192,
      localDiskGb: 4_000,
      monthlyPrice: 2_999,
      regionIds: ['fr-par-1'],
    };
    expect(flavorCodec.createInput(parse(gpu))).toMatchObject({
      id: 'gpu-b200-1',
      category: 'gpu',
      gpuModel: 'NVIDIA B200',
      gpuCount: 1,
      gpuMemoryGb: 192,
      monthlyPriceCents: 299_900,
      hourlyPriceMillicents: undefined,
    });
    expect(flavorCodec.createInput(parse({ ...gpu, category: 'compute' }))).toMatchObject({ category: 'compute', gpuModel: null, gpuCount: 0, gpuMemoryGb: null });
  });

  it('asks a GPU flavour for its GPUs', () => {
    expect(issues({ ...flavorCodec.valuesOf(TEST_FLAVOR), category: 'gpu' })).toEqual([
      ['gpuModel', 'A GPU flavour needs its GPU model.'],
      ['gpuCount', 'A GPU flavour has at least 1 GPU.'],
      ['gpuMemoryGb', 'A GPU flavour needs the memory of each GPU.'],
    ]);
    expect(issues({ ...flavorCodec.valuesOf(TEST_FLAVOR), monthlyPrice: -1, regionIds: [] })).toEqual([
      ['monthlyPrice', 'Monthly price cannot be negative.'],
      ['regionIds', 'Choose at least one region.'],
    ]);
  });

});
