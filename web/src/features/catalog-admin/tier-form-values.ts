import { z } from 'zod';
import { choicesOf, HA_LABELS } from './catalog-admin-options';
import type { AdminTier, HaControlPlane, TierCreateInput, TierUpdateInput } from './catalog-admin-types';
import {
  changedFields,
  euros,
  optionalEuros,
  optionalPercent,
  priceChangeDate,
  requiredText,
  sortOrderField,
  whole,
  type NumberValue,
} from './form-fields';
import { basisPointsToPercent, centsToEuros } from './money';
import { fieldMap } from './server-errors';

/** The cluster tier form: prices in euros, the SLA in percent. */
export type TierFormValues = {
  id: string;
  name: string;
  description: string;
  purpose: string;
  nodes: NumberValue;
  vcpuPerNode: NumberValue;
  memoryGbPerNode: NumberValue;
  storageGbPerNode: NumberValue;
  monthlyPrice: NumberValue;
  yearlyPrice: NumberValue;
  /** Percent, e.g. 99.95; empty: no SLA. */
  sla: NumberValue;
  haControlPlane: HaControlPlane;
  haMonthlyPrice: NumberValue;
  haYearlyPrice: NumberValue;
  maxNodes: NumberValue;
  maxPools: NumberValue;
  allowedFlavorIds: string[];
  allowedRegionIds: string[];
  sortOrder: NumberValue;
  /** YYYY-MM-DD (UTC) when a price change applies; empty: at once. */
  priceEffectiveDate: string;
};

export const tierFormSchema = z
  .object({
    id: z.string().trim(),
    name: requiredText('Name'),
    description: requiredText('Description'),
    purpose: requiredText('Purpose'),
    nodes: whole('Baseline node count', 1, 1000),
    vcpuPerNode: whole('vCPU per node', 1, 1024),
    memoryGbPerNode: whole('Memory per node (GB)', 1, 65_536),
    storageGbPerNode: whole('Storage per node (GB)', 1, 1_000_000),
    monthlyPrice: euros('Monthly price'),
    yearlyPrice: euros('Yearly price'),
    sla: optionalPercent('SLA', 0.01),
    haControlPlane: z.enum(choicesOf(HA_LABELS)),
    haMonthlyPrice: optionalEuros('HA control plane monthly price'),
    haYearlyPrice: optionalEuros('HA control plane yearly price'),
    maxNodes: whole('Maximum nodes', 1, 10_000),
    maxPools: whole('Maximum node pools', 1, 1000),
    allowedFlavorIds: z.array(z.string()).min(1, 'Choose at least one node flavour.'),
    allowedRegionIds: z.array(z.string()).min(1, 'Choose at least one region.'),
    sortOrder: sortOrderField(),
    priceEffectiveDate: priceChangeDate(),
  })
  .superRefine((tier, ctx) => {
    if (tier.haControlPlane !== 'optional') return;
    if (tier.haMonthlyPrice === null) ctx.addIssue({ code: 'custom', path: ['haMonthlyPrice'], message: 'An optional HA control plane needs its monthly price.' });
    if (tier.haYearlyPrice === null) ctx.addIssue({ code: 'custom', path: ['haYearlyPrice'], message: 'An optional HA control plane needs its yearly price.' });
  })
  .superRefine((tier, ctx) => {
    if (tier.yearlyPrice > tier.monthlyPrice * 12) ctx.addIssue({ code: 'custom', path: ['yearlyPrice'], message: 'The yearly price cannot be more than 12 monthly payments.' });
    if (tier.nodes > tier.maxNodes) ctx.addIssue({ code: 'custom', path: ['nodes'], message: `The baseline of ${tier.nodes} nodes is above the maximum of ${tier.maxNodes}.` });
  });

type ParsedTier = z.output<typeof tierFormSchema>;
type TierFields = Omit<TierCreateInput, 'id'>;

function tierFields(tier: ParsedTier): TierFields {
  const optional = tier.haControlPlane === 'optional';
  return {
    name: tier.name,
    description: tier.description,
    purpose: tier.purpose,
    nodes: tier.nodes,
    vcpuPerNode: tier.vcpuPerNode,
    memoryGbPerNode: tier.memoryGbPerNode,
    storageGbPerNode: tier.storageGbPerNode,
    monthlyPriceCents: tier.monthlyPrice,
    yearlyPriceCents: tier.yearlyPrice,
    slaBasisPoints: tier.sla,
    haControlPlane: tier.haControlPlane,
    // Only an optional HA control plane has a price of its own.
    haMonthlyPriceCents: optional ? tier.haMonthlyPrice : null,
    haYearlyPriceCents: optional ? tier.haYearlyPrice : null,
    maxNodes: tier.maxNodes,
    maxPools: tier.maxPools,
    allowedFlavorIds: tier.allowedFlavorIds,
    allowedRegionIds: tier.allowedRegionIds,
    sortOrder: tier.sortOrder,
  };
}

function storedFields(tier: AdminTier): TierFields {
  return {
    name: tier.name,
    description: tier.description,
    purpose: tier.purpose,
    nodes: tier.nodes,
    vcpuPerNode: tier.vcpuPerNode,
    memoryGbPerNode: tier.memoryGbPerNode,
    storageGbPerNode: tier.storageGbPerNode,
    monthlyPriceCents: tier.monthlyPriceCents,
    yearlyPriceCents: tier.yearlyPriceCents,
    slaBasisPoints: tier.slaBasisPoints,
    haControlPlane: tier.haControlPlane,
    haMonthlyPriceCents: tier.haMonthlyPriceCents,
    haYearlyPriceCents: tier.haYearlyPriceCents,
    maxNodes: tier.maxNodes,
    maxPools: tier.maxPools,
    allowedFlavorIds: tier.allowedFlavorIds,
    allowedRegionIds: tier.allowedRegionIds,
    sortOrder: tier.sortOrder,
  };
}

export function emptyTierValues(): TierFormValues {
  return {
    id: '',
    name: '',
    description: '',
    purpose: '',
    nodes: 3,
    vcpuPerNode: 4,
    memoryGbPerNode: 16,
    storageGbPerNode: 100,
    monthlyPrice: '',
    yearlyPrice: '',
    sla: '',
    haControlPlane: 'unavailable',
    haMonthlyPrice: '',
    haYearlyPrice: '',
    maxNodes: 10,
    maxPools: 3,
    allowedFlavorIds: [],
    allowedRegionIds: [],
    sortOrder: '',
    priceEffectiveDate: '',
  };
}

export function tierValuesOf(tier: AdminTier): TierFormValues {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    purpose: tier.purpose,
    nodes: tier.nodes,
    vcpuPerNode: tier.vcpuPerNode,
    memoryGbPerNode: tier.memoryGbPerNode,
    storageGbPerNode: tier.storageGbPerNode,
    monthlyPrice: centsToEuros(tier.monthlyPriceCents),
    yearlyPrice: centsToEuros(tier.yearlyPriceCents),
    sla: tier.slaBasisPoints === null ? '' : basisPointsToPercent(tier.slaBasisPoints),
    haControlPlane: tier.haControlPlane,
    haMonthlyPrice: tier.haMonthlyPriceCents === null ? '' : centsToEuros(tier.haMonthlyPriceCents),
    haYearlyPrice: tier.haYearlyPriceCents === null ? '' : centsToEuros(tier.haYearlyPriceCents),
    maxNodes: tier.maxNodes,
    maxPools: tier.maxPools,
    allowedFlavorIds: [...tier.allowedFlavorIds],
    allowedRegionIds: [...tier.allowedRegionIds],
    sortOrder: tier.sortOrder,
    priceEffectiveDate: '',
  };
}

export function tierCreateInput(tier: ParsedTier): TierCreateInput {
  return { id: tier.id, ...tierFields(tier) };
}

/** Only what changed, so the audit log records the edit and nothing else. */
export function tierUpdateInput(stored: AdminTier, tier: ParsedTier): TierUpdateInput {
  return { id: stored.id, ...changedFields(storedFields(stored), tierFields(tier)), priceEffectiveFrom: tier.priceEffectiveDate };
}

export const tierFieldOf = fieldMap(Object.keys(emptyTierValues()), {
  monthlyPriceCents: 'monthlyPrice',
  yearlyPriceCents: 'yearlyPrice',
  slaBasisPoints: 'sla',
  haMonthlyPriceCents: 'haMonthlyPrice',
  haYearlyPriceCents: 'haYearlyPrice',
  priceEffectiveFrom: 'priceEffectiveDate',
});
