import { z } from 'zod';
import { choicesOf, HA_LABELS } from './catalog-admin-options';
import type { AdminTier, TierCreateInput, TierUpdateInput } from './catalog-admin-types';
import { basisPoints, catalogCodec, cents, field, idAndName, priceDate, sortOrder } from './form-codec';
import { euros, optionalEuros, optionalPercent, requiredText, whole } from './form-fields';

/** The cluster tier form: prices in euros, the SLA in percent. */
export const tierCodec = catalogCodec<AdminTier, TierCreateInput, TierUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    description: field(requiredText('Description'), ''),
    purpose: field(requiredText('Purpose'), ''),
    nodes: field(whole('Baseline node count', 1, 1000), 3),
    vcpuPerNode: field(whole('vCPU per node', 1, 1024), 4),
    memoryGbPerNode: field(whole('Memory per node (GB)', 1, 65_536), 16),
    storageGbPerNode: field(whole('Storage per node (GB)', 1, 1_000_000), 100),
    monthlyPrice: cents(euros('Monthly price'), 'monthlyPriceCents'),
    yearlyPrice: cents(euros('Yearly price'), 'yearlyPriceCents'),
    /** Percent, e.g. 99.95; empty: no SLA. */
    sla: basisPoints(optionalPercent('SLA', 0.01), 'slaBasisPoints'),
    haControlPlane: field(z.enum(choicesOf(HA_LABELS)), 'unavailable'),
    haMonthlyPrice: cents(optionalEuros('HA control plane monthly price'), 'haMonthlyPriceCents'),
    haYearlyPrice: cents(optionalEuros('HA control plane yearly price'), 'haYearlyPriceCents'),
    maxNodes: field(whole('Maximum nodes', 1, 10_000), 10),
    maxPools: field(whole('Maximum node pools', 1, 1000), 3),
    allowedFlavorIds: field(z.array(z.string()).min(1, 'Choose at least one node flavour.'), []),
    allowedRegionIds: field(z.array(z.string()).min(1, 'Choose at least one region.'), []),
    sortOrder: sortOrder(),
    priceEffectiveDate: priceDate(),
  },
  refine: (schema) =>
    schema
      .superRefine((tier, ctx) => {
        if (tier.haControlPlane !== 'optional') return;
        if (tier.haMonthlyPrice === null) ctx.addIssue({ code: 'custom', path: ['haMonthlyPrice'], message: 'An optional HA control plane needs its monthly price.' });
        if (tier.haYearlyPrice === null) ctx.addIssue({ code: 'custom', path: ['haYearlyPrice'], message: 'An optional HA control plane needs its yearly price.' });
      })
      .superRefine((tier, ctx) => {
        if (tier.yearlyPrice > tier.monthlyPrice * 12) ctx.addIssue({ code: 'custom', path: ['yearlyPrice'], message: 'The yearly price cannot be more than 12 monthly payments.' });
        if (tier.nodes > tier.maxNodes) ctx.addIssue({ code: 'custom', path: ['nodes'], message: `The baseline of ${tier.nodes} nodes is above the maximum of ${tier.maxNodes}.` });
      }),
  // Only an optional HA control plane has a price of its own.
  adjust: (fields, tier) => (tier.haControlPlane === 'optional' ? fields : { ...fields, haMonthlyPriceCents: null, haYearlyPriceCents: null }),
  saving: { noun: 'Cluster tier', procedures: (client) => client.catalogAdmin.clusterTiers, approval: { update: 'catalogAdmin.clusterTiers.update' } },
});

export type TierFormValues = ReturnType<typeof tierCodec.empty>;
