import { describe, expect, it } from 'vitest';
import { emptyPlanValues, planCreateInput, planFormSchema, planUpdateInput, planValuesOf, type PlanFormValues } from './plan-form-values';
import { TEST_PLAN } from './test-items';

const issues = (values: PlanFormValues) => planFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('middleware plan form values', () => {
  it('opens an edit with the plan as it is, and sends only what changed', () => {
    const values = planValuesOf(TEST_PLAN);
    expect(planUpdateInput(TEST_PLAN, planFormSchema.parse(values))).toEqual({ id: 'mwp_postgresql_essential' });
    expect(planUpdateInput(TEST_PLAN, planFormSchema.parse({ ...values, storageGb: 80, yearlyPrice: 420 }))).toEqual({
      id: 'mwp_postgresql_essential',
      storageGb: 80,
      yearlyPriceCents: 42_000,
    });
  });

  it('creates a plan of its middleware, sized in machines or not at all', () => {
    const values: PlanFormValues = { ...emptyPlanValues(), id: 'mwp_postgresql_large', name: 'Large', nodes: 3, vcpu: 8, memoryGb: 32, storageGb: 500, highAvailability: true, monthlyPrice: 799 };
    expect(planCreateInput('mw_postgresql', planFormSchema.parse(values))).toEqual({
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
    expect(planCreateInput('mw_object_storage', planFormSchema.parse(storage))).toMatchObject({ nodes: null, vcpu: null, memoryGb: null });
  });

  it('asks for machines, vCPU and memory together, and 2 machines for high availability', () => {
    expect(issues({ ...planValuesOf(TEST_PLAN), vcpu: '', memoryGb: '' })).toEqual([
      ['vcpu', 'Give machines, vCPU and memory together, or none of them for a service not sized in machines.'],
      ['memoryGb', 'Give machines, vCPU and memory together, or none of them for a service not sized in machines.'],
    ]);
    expect(issues({ ...planValuesOf(TEST_PLAN), highAvailability: true })).toEqual([['nodes', 'A highly available plan needs at least 2 machines.']]);
  });
});
