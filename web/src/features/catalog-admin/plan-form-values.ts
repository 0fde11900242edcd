import { z } from 'zod';
import type { AdminPlan, PlanCreateInput, PlanUpdateInput } from './catalog-admin-types';
import { catalogCodec, cents, field, idAndName, optionalField, priceDate, sortOrder } from './form-codec';
import { euros, optionalEuros, optionalWhole, whole } from './form-fields';

const SIZING = ['nodes', 'vcpu', 'memoryGb'] as const;

/** The form of one plan of a middleware: size, storage, high availability and price in euros. */
export const planCodec = catalogCodec<AdminPlan, Omit<PlanCreateInput, 'middlewareId'>, PlanUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    /** Machines, vCPU and memory: all three, or none for a service not sized in machines. */
    nodes: optionalField(optionalWhole('Machines', 1, 100), 1),
    vcpu: optionalField(optionalWhole('vCPU per machine', 1, 1024), 2),
    memoryGb: optionalField(optionalWhole('Memory per machine (GB)', 1, 65_536), 4),
    storageGb: field(whole('Storage (GB)', 1, 10_000_000), 50),
    highAvailability: field(z.boolean(), false),
    monthlyPrice: cents(euros('Monthly price'), 'monthlyPriceCents'),
    yearlyPrice: cents(optionalEuros('Yearly price'), 'yearlyPriceCents'),
    sortOrder: sortOrder(),
    priceEffectiveDate: priceDate(),
  },
  refine: (schema) =>
    schema.superRefine((plan, ctx) => {
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
    }),
  // A new plan's input takes its middleware too: the form sends planCreateInput.
  saving: { noun: 'Plan', procedures: (client) => client.catalogAdmin.middlewarePlans, approval: { update: 'catalogAdmin.middlewarePlans.update' } },
});

export type PlanFormValues = ReturnType<typeof planCodec.empty>;

/** A new plan belongs to the middleware it is created under. */
export function planCreateInput(middlewareId: string, parsed: z.output<typeof planCodec.schema>): PlanCreateInput {
  return { ...planCodec.createInput(parsed), middlewareId };
}
