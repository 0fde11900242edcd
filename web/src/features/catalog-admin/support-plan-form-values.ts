import { z } from 'zod';
import { choicesOf, SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS, SUPPORT_PRICING_LABELS } from './catalog-admin-options';
import type { AdminSupportPlan, SupportChannel, SupportPlanCreateInput, SupportPlanUpdateInput } from './catalog-admin-types';
import { basisPoints, catalogCodec, cents, field, idAndName, optionalField, priceDate, sortOrder } from './form-codec';
import { optionalEuros, optionalPercent, optionalWhole, requiredText } from './form-fields';

export const SEVERITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const responseField = (severity: Severity) => `${severity}ResponseMinutes` as const;

/** A first-response target, minutes; empty: no target. */
const minutes = (severity: string) => optionalField(optionalWhole(`${severity} response target (minutes)`, 1, 43_200));

/** The support plan form: response targets in minutes, prices in euros, the share of spend in percent. */
export const supportPlanCodec = catalogCodec<AdminSupportPlan, SupportPlanCreateInput, SupportPlanUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    description: field(requiredText('Description'), ''),
    /** P1 is critical. */
    p1ResponseMinutes: minutes('P1'),
    p2ResponseMinutes: minutes('P2'),
    p3ResponseMinutes: minutes('P3'),
    p4ResponseMinutes: minutes('P4'),
    channels: {
      ...field(z.array(z.enum(choicesOf(SUPPORT_CHANNEL_LABELS))).min(1, 'Choose at least one support channel.'), ['ticket'] as SupportChannel[]),
      // In the catalogue's order, as the server stores them.
      toApi: (channels: SupportChannel[]) => choicesOf(SUPPORT_CHANNEL_LABELS).filter((channel) => channels.includes(channel)),
    },
    hours: field(z.enum(choicesOf(SUPPORT_HOURS_LABELS)), 'business'),
    namedEngineer: field(z.boolean(), false),
    pricingKind: field(z.enum(choicesOf(SUPPORT_PRICING_LABELS)), 'fixed'),
    /** A fixed plan's price. */
    monthlyPrice: cents(optionalEuros('Monthly price'), 'monthlyPriceCents'),
    /** A share-of-spend plan's share (percent) and monthly minimum. */
    sharePercent: basisPoints(optionalPercent('Share of spend', 0.01), 'percentOfSpendBasisPoints'),
    minimumMonthly: cents(optionalEuros('Monthly minimum'), 'minimumMonthlyCents'),
    sortOrder: sortOrder(),
    priceEffectiveDate: priceDate(),
  },
  refine: (schema) =>
    schema.superRefine((plan, ctx) => {
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
    }),
  // The price fields of the other pricing kind are cleared.
  adjust: (fields, plan) =>
    plan.pricingKind === 'fixed' ? { ...fields, percentOfSpendBasisPoints: null, minimumMonthlyCents: null } : { ...fields, monthlyPriceCents: null },
  saving: { noun: 'Support plan', procedures: (client) => client.catalogAdmin.supportPlans, approval: { update: 'catalogAdmin.supportPlans.update' } },
});

export type SupportPlanFormValues = ReturnType<typeof supportPlanCodec.empty>;
