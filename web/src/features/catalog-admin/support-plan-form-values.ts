import { z } from 'zod';
import { choicesOf, SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS, SUPPORT_PRICING_LABELS } from './catalog-admin-options';
import type { AdminSupportPlan, SupportChannel, SupportHours, SupportPlanCreateInput, SupportPlanUpdateInput, SupportPricingKind } from './catalog-admin-types';
import { changedFields, optionalEuros, optionalPercent, optionalWhole, priceChangeDate, requiredText, sortOrderField, type NumberValue } from './form-fields';
import { basisPointsToPercent, centsToEuros } from './money';
import { fieldMap } from './server-errors';

/** The support plan form: response targets in minutes, prices in euros, the share of spend in percent. */
export type SupportPlanFormValues = {
  id: string;
  name: string;
  description: string;
  /** First-response targets P1 (critical) to P4, minutes; empty: no target. */
  p1ResponseMinutes: NumberValue;
  p2ResponseMinutes: NumberValue;
  p3ResponseMinutes: NumberValue;
  p4ResponseMinutes: NumberValue;
  channels: SupportChannel[];
  hours: SupportHours;
  namedEngineer: boolean;
  pricingKind: SupportPricingKind;
  /** A fixed plan's price. */
  monthlyPrice: NumberValue;
  /** A share-of-spend plan's share (percent) and monthly minimum. */
  sharePercent: NumberValue;
  minimumMonthly: NumberValue;
  sortOrder: NumberValue;
  priceEffectiveDate: string;
};

export const SEVERITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const responseField = (severity: Severity) => `${severity}ResponseMinutes` as const;

const minutes = (severity: string) => optionalWhole(`${severity} response target (minutes)`, 1, 43_200);

export const supportPlanFormSchema = z
  .object({
    id: z.string().trim(),
    name: requiredText('Name'),
    description: requiredText('Description'),
    p1ResponseMinutes: minutes('P1'),
    p2ResponseMinutes: minutes('P2'),
    p3ResponseMinutes: minutes('P3'),
    p4ResponseMinutes: minutes('P4'),
    channels: z.array(z.enum(choicesOf(SUPPORT_CHANNEL_LABELS))).min(1, 'Choose at least one support channel.'),
    hours: z.enum(choicesOf(SUPPORT_HOURS_LABELS)),
    namedEngineer: z.boolean(),
    pricingKind: z.enum(choicesOf(SUPPORT_PRICING_LABELS)),
    monthlyPrice: optionalEuros('Monthly price'),
    sharePercent: optionalPercent('Share of spend', 0.01),
    minimumMonthly: optionalEuros('Monthly minimum'),
    sortOrder: sortOrderField(),
    priceEffectiveDate: priceChangeDate(),
  })
  .superRefine((plan, ctx) => {
    if (plan.pricingKind === 'fixed') {
      if (plan.monthlyPrice === null) ctx.addIssue({ code: 'custom', path: ['monthlyPrice'], message: 'A fixed-price plan needs its monthly price (0 for a plan included with every organisation).' });
    } else {
      if (plan.sharePercent === null) ctx.addIssue({ code: 'custom', path: ['sharePercent'], message: 'A share-of-spend plan needs its share of spend.' });
      if (plan.minimumMonthly === null) ctx.addIssue({ code: 'custom', path: ['minimumMonthly'], message: 'A share-of-spend plan needs its monthly minimum.' });
    }
    const targets = SEVERITIES.map((severity) => plan[responseField(severity)]);
    for (let i = 0; i < targets.length; i += 1) {
      for (let j = i + 1; j < targets.length; j += 1) {
        const higher = targets[i];
        const lower = targets[j];
        if (higher != null && lower != null && lower < higher) {
          ctx.addIssue({ code: 'custom', path: [responseField(SEVERITIES[j]!)], message: `A less severe ticket cannot be answered faster: P${j + 1} is faster than P${i + 1}.` });
        }
      }
    }
  });

type ParsedSupportPlan = z.output<typeof supportPlanFormSchema>;
type SupportFields = Omit<SupportPlanCreateInput, 'id'>;

function supportFields(plan: ParsedSupportPlan): SupportFields {
  const fixed = plan.pricingKind === 'fixed';
  return {
    name: plan.name,
    description: plan.description,
    p1ResponseMinutes: plan.p1ResponseMinutes,
    p2ResponseMinutes: plan.p2ResponseMinutes,
    p3ResponseMinutes: plan.p3ResponseMinutes,
    p4ResponseMinutes: plan.p4ResponseMinutes,
    // In the catalogue's order, as the server stores them.
    channels: choicesOf(SUPPORT_CHANNEL_LABELS).filter((channel) => plan.channels.includes(channel)),
    hours: plan.hours,
    namedEngineer: plan.namedEngineer,
    pricingKind: plan.pricingKind,
    // The price fields of the other pricing kind are cleared.
    monthlyPriceCents: fixed ? plan.monthlyPrice : null,
    percentOfSpendBasisPoints: fixed ? null : plan.sharePercent,
    minimumMonthlyCents: fixed ? null : plan.minimumMonthly,
    sortOrder: plan.sortOrder,
  };
}

export function emptySupportPlanValues(): SupportPlanFormValues {
  return {
    id: '',
    name: '',
    description: '',
    p1ResponseMinutes: '',
    p2ResponseMinutes: '',
    p3ResponseMinutes: '',
    p4ResponseMinutes: '',
    channels: ['ticket'],
    hours: 'business',
    namedEngineer: false,
    pricingKind: 'fixed',
    monthlyPrice: '',
    sharePercent: '',
    minimumMonthly: '',
    sortOrder: '',
    priceEffectiveDate: '',
  };
}

export function supportPlanValuesOf(plan: AdminSupportPlan): SupportPlanFormValues {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    p1ResponseMinutes: plan.p1ResponseMinutes ?? '',
    p2ResponseMinutes: plan.p2ResponseMinutes ?? '',
    p3ResponseMinutes: plan.p3ResponseMinutes ?? '',
    p4ResponseMinutes: plan.p4ResponseMinutes ?? '',
    channels: [...plan.channels],
    hours: plan.hours,
    namedEngineer: plan.namedEngineer,
    pricingKind: plan.pricingKind,
    monthlyPrice: plan.monthlyPriceCents === null ? '' : centsToEuros(plan.monthlyPriceCents),
    sharePercent: plan.percentOfSpendBasisPoints === null ? '' : basisPointsToPercent(plan.percentOfSpendBasisPoints),
    minimumMonthly: plan.minimumMonthlyCents === null ? '' : centsToEuros(plan.minimumMonthlyCents),
    sortOrder: plan.sortOrder,
    priceEffectiveDate: '',
  };
}

export function supportPlanCreateInput(plan: ParsedSupportPlan): SupportPlanCreateInput {
  return { id: plan.id, ...supportFields(plan) };
}

export function supportPlanUpdateInput(stored: AdminSupportPlan, plan: ParsedSupportPlan): SupportPlanUpdateInput {
  const before: SupportFields = {
    name: stored.name,
    description: stored.description,
    p1ResponseMinutes: stored.p1ResponseMinutes,
    p2ResponseMinutes: stored.p2ResponseMinutes,
    p3ResponseMinutes: stored.p3ResponseMinutes,
    p4ResponseMinutes: stored.p4ResponseMinutes,
    channels: stored.channels,
    hours: stored.hours,
    namedEngineer: stored.namedEngineer,
    pricingKind: stored.pricingKind,
    monthlyPriceCents: stored.monthlyPriceCents,
    percentOfSpendBasisPoints: stored.percentOfSpendBasisPoints,
    minimumMonthlyCents: stored.minimumMonthlyCents,
    sortOrder: stored.sortOrder,
  };
  return { id: stored.id, ...changedFields(before, supportFields(plan)), priceEffectiveFrom: plan.priceEffectiveDate };
}

export const supportPlanFieldOf = fieldMap(Object.keys(emptySupportPlanValues()), {
  monthlyPriceCents: 'monthlyPrice',
  percentOfSpendBasisPoints: 'sharePercent',
  minimumMonthlyCents: 'minimumMonthly',
  priceEffectiveFrom: 'priceEffectiveDate',
});
