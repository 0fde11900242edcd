import { describe, expect, it } from 'vitest';
import { planCodec, planCreateInput, type PlanFormValues } from './plan-form-values';
import { issuesOf, TEST_PLAN } from './test-items';

const issues = (values: PlanFormValues) => issuesOf(planCodec.schema, values);

describe('middleware plan form values', () => {
  it('opens an edit with the plan as it is, and sends only what changed', () => {
    const values = planCodec.valuesOf(TEST_PLAN);
    expect(planCodec.updateInput(TEST_PLAN, planCodec.schema.parse({ ...values, storageGb: 80, yearlyPrice: 420 }))).toEqual({
      id: 'mwp_postgresql_essential',
      storageGb: 80,
      yearlyPriceCents: 42_000,
    });
  });

  it('creates a plan of its middleware, sized in machines or not at all', () => {
    const values: PlanFormValues = { ...planCodec.empty(), id: 'mwp_postgresql_large', name: 'Large', nodes: 3, vcpu: 8, memoryGb: 32, storageGb: 500, highAvailability: true, monthlyPrice: 799 };
    expect(planCreateInput('mw_postgresql', planCodec.schema.parse(values))).toEqual({
      id: 'mwp_postgresql_large',
      middlewareId: 'mw_postgresql',
      name: 'Large',
      nodes: 3,
      vcpu: 8,
      memoryGb: 32,
      storageGb: 500,
      highAvailability: true,
      monthlyPriceCents: 79_900,
      yearlyPriceCents: null,
      sortOrder: undefined,
    });
    const storage = { ...values, nodes: '', vcpu: '', memoryGb: '', highAvailability: false };
    expect(planCreateInput('mw_object_storage', planCodec.schema.parse(storage))).toMatchObject({ nodes: null, vcpu: null, memoryGb: null });
  });

  it('asks for machines, vCPU and memory together, and 2 machines for high availability', () => {
    expect(issues({ ...planCodec.valuesOf(TEST_PLAN), vcpu: '', memoryGb: '' })).toEqual([
      ['vcpu', 'Give machines, vCPU and memory together, or none of them for a service not sized in machines.'],
      ['memoryGb', 'Give machines, vCPU and memory together, or none of them for a service not sized in machines.'],
    ]);
    expect(issues({ ...planCodec.valuesOf(TEST_PLAN), highAvailability: true })).toEqual([['nodes', 'A highly available plan needs at least 2 machines.']]);
  });
});
