import { z } from 'zod';
import type { AdminPlan, PlanCreateInput, PlanUpdateInput } from './catalog-admin-types';
import { changedFields, euros, optionalEuros, optionalWhole, priceChangeDate, requiredText, sortOrderField, whole, type NumberValue } from './form-fields';
import { centsToEuros } from './money';
import { fieldMap } from './server-errors';

/** The form of one plan of a middleware: size, storage, high availability and price in euros. */
export type PlanFormValues = {
  id: string;
  name: string;
  /** Machines, vCPU and memory: all three, or none for a service not sized in machines. */
  nodes: NumberValue;
  vcpu: NumberValue;
  memoryGb: NumberValue;
  storageGb: NumberValue;
  highAvailability: boolean;
  monthlyPrice: NumberValue;
  yearlyPrice: NumberValue;
  sortOrder: NumberValue;
  priceEffectiveDate: string;
};

const SIZING = ['nodes', 'vcpu', 'memoryGb'] as const;

export const planFormSchema = z
  .object({
    id: z.string().trim(),
    name: requiredText('Name'),
    nodes: optionalWhole('Machines', 1, 100),
    vcpu: optionalWhole('vCPU per machine', 1, 1024),
    memoryGb: optionalWhole('Memory per machine (GB)', 1, 65_536),
    storageGb: whole('Storage (GB)', 1, 10_000_000),
    highAvailability: z.boolean(),
    monthlyPrice: euros('Monthly price'),
    yearlyPrice: optionalEuros('Yearly price'),
    sortOrder: sortOrderField(),
    priceEffectiveDate: priceChangeDate(),
  })
  .superRefine((plan, ctx) => {
    const given = SIZING.filter((key) => plan[key] !== null);
    if (given.length > 0 && given.length < SIZING.length) {
      for (const key of SIZING.filter((candidate) => plan[candidate] === null)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Give machines, vCPU and memory together, or none of them for a service not sized in machines.' });
      }
    }
    if (plan.highAvailability && plan.nodes === 1) ctx.addIssue({ code: 'custom', path: ['nodes'], message: 'A highly available plan needs at least 2 machines.' });
    if (plan.yearlyPrice !== null && plan.yearlyPrice > plan.monthlyPrice * 12) {
      ctx.addIssue({ code: 'custom', path: ['yearlyPrice'], message: 'The yearly price cannot be more than 12 monthly payments.' });
    }
  });

type ParsedPlan = z.output<typeof planFormSchema>;
type PlanFields = Omit<PlanCreateInput, 'id' | 'middlewareId'>;

function planFields(plan: ParsedPlan): PlanFields {
  return {
    name: plan.name,
    nodes: plan.nodes,
    vcpu: plan.vcpu,
    memoryGb: plan.memoryGb,
    storageGb: plan.storageGb,
    highAvailability: plan.highAvailability,
    monthlyPriceCents: plan.monthlyPrice,
    yearlyPriceCents: plan.yearlyPrice,
    sortOrder: plan.sortOrder,
  };
}

export function emptyPlanValues(): PlanFormValues {
  return {
    id: '',
    name: '',
    nodes: 1,
    vcpu: 2,
    memoryGb: 4,
    storageGb: 50,
    highAvailability: false,
    monthlyPrice: '',
    yearlyPrice: '',
    sortOrder: '',
    priceEffectiveDate: '',
  };
}

export function planValuesOf(plan: AdminPlan): PlanFormValues {
  return {
    id: plan.id,
    name: plan.name,
    nodes: plan.nodes ?? '',
    vcpu: plan.vcpu ?? '',
    memoryGb: plan.memoryGb ?? '',
    storageGb: plan.storageGb,
    highAvailability: plan.highAvailability,
    monthlyPrice: centsToEuros(plan.monthlyPriceCents),
    yearlyPrice: plan.yearlyPriceCents === null ? '' : centsToEuros(plan.yearlyPriceCents),
    sortOrder: plan.sortOrder,
    priceEffectiveDate: '',
  };
}

export function planCreateInput(middlewareId: string, plan: ParsedPlan): PlanCreateInput {
  return { id: plan.id, middlewareId, ...planFields(plan) };
}

export function planUpdateInput(stored: AdminPlan, plan: ParsedPlan): PlanUpdateInput {
  const before: PlanFields = {
    name: stored.name,
    nodes: stored.nodes,
    vcpu: stored.vcpu,
    memoryGb: stored.memoryGb,
    storageGb: stored.storageGb,
    highAvailability: stored.highAvailability,
    monthlyPriceCents: stored.monthlyPriceCents,
    yearlyPriceCents: stored.yearlyPriceCents,
    sortOrder: stored.sortOrder,
  };
  return { id: stored.id, ...changedFields(before, planFields(plan)), priceEffectiveFrom: plan.priceEffectiveDate };
}

export const planFieldOf = fieldMap(Object.keys(emptyPlanValues()), {
  monthlyPriceCents: 'monthlyPrice',
  yearlyPriceCents: 'yearlyPrice',
  priceEffectiveFrom: 'priceEffectiveDate',
});
