import { z } from 'zod';
import { choicesOf, FLAVOR_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminFlavor, FlavorCategory, FlavorCreateInput, FlavorUpdateInput } from './catalog-admin-types';
import {
  changedFields,
  euros,
  optionalHourlyEuros,
  optionalText,
  optionalWhole,
  priceChangeDate,
  requiredText,
  sortOrderField,
  whole,
  type NumberValue,
} from './form-fields';
import { centsToEuros, millicentsToEuros } from './money';
import { fieldMap } from './server-errors';

/** The node flavour form: prices in euros (the hourly one to 5 decimals). */
export type FlavorFormValues = {
  id: string;
  name: string;
  category: FlavorCategory;
  vcpu: NumberValue;
  memoryGb: NumberValue;
  gpuModel: string;
  gpuCount: NumberValue;
  gpuMemoryGb: NumberValue;
  localDiskGb: NumberValue;
  monthlyPrice: NumberValue;
  /** Empty: derived by the server from the monthly price (730 hours). */
  hourlyPrice: NumberValue;
  regionIds: string[];
  sortOrder: NumberValue;
  priceEffectiveDate: string;
};

export const flavorFormSchema = z
  .object({
    id: z.string().trim(),
    name: requiredText('Name'),
    category: z.enum(choicesOf(FLAVOR_CATEGORY_LABELS)),
    vcpu: whole('vCPU', 1, 1024),
    memoryGb: whole('Memory (GB)', 1, 65_536),
    gpuModel: optionalText(),
    gpuCount: optionalWhole('GPU count', 0, 64),
    gpuMemoryGb: optionalWhole('GPU memory (GB)', 1, 4096),
    localDiskGb: whole('Local disk (GB)', 0, 1_000_000),
    monthlyPrice: euros('Monthly price'),
    hourlyPrice: optionalHourlyEuros('Hourly price'),
    regionIds: z.array(z.string()).min(1, 'Choose at least one region.'),
    sortOrder: sortOrderField(),
    priceEffectiveDate: priceChangeDate(),
  })
  .superRefine((flavor, ctx) => {
    if (flavor.category !== 'gpu') return;
    if (flavor.gpuModel === null) ctx.addIssue({ code: 'custom', path: ['gpuModel'], message: 'A GPU flavour needs its GPU model.' });
    if (!flavor.gpuCount) ctx.addIssue({ code: 'custom', path: ['gpuCount'], message: 'A GPU flavour has at least 1 GPU.' });
    if (flavor.gpuMemoryGb === null) ctx.addIssue({ code: 'custom', path: ['gpuMemoryGb'], message: 'A GPU flavour needs the memory of each GPU.' });
  });

type ParsedFlavor = z.output<typeof flavorFormSchema>;
type FlavorFields = Omit<FlavorCreateInput, 'id'>;

function flavorFields(flavor: ParsedFlavor): FlavorFields {
  const gpu = flavor.category === 'gpu';
  return {
    name: flavor.name,
    category: flavor.category,
    vcpu: flavor.vcpu,
    memoryGb: flavor.memoryGb,
    // Only a GPU flavour has GPUs: the fields are cleared for the others.
    gpuModel: gpu ? flavor.gpuModel : null,
    gpuCount: gpu ? (flavor.gpuCount ?? 0) : 0,
    gpuMemoryGb: gpu ? flavor.gpuMemoryGb : null,
    localDiskGb: flavor.localDiskGb,
    monthlyPriceCents: flavor.monthlyPrice,
    hourlyPriceMillicents: flavor.hourlyPrice ?? undefined,
    regionIds: flavor.regionIds,
    sortOrder: flavor.sortOrder,
  };
}

function storedFields(flavor: AdminFlavor): FlavorFields {
  return {
    name: flavor.name,
    category: flavor.category,
    vcpu: flavor.vcpu,
    memoryGb: flavor.memoryGb,
    gpuModel: flavor.gpuModel,
    gpuCount: flavor.gpuCount,
    gpuMemoryGb: flavor.gpuMemoryGb,
    localDiskGb: flavor.localDiskGb,
    monthlyPriceCents: flavor.monthlyPriceCents,
    hourlyPriceMillicents: flavor.hourlyPriceMillicents,
    regionIds: flavor.regionIds,
    sortOrder: flavor.sortOrder,
  };
}

export function emptyFlavorValues(): FlavorFormValues {
  return {
    id: '',
    name: '',
    category: 'general',
    vcpu: 4,
    memoryGb: 16,
    gpuModel: '',
    gpuCount: 0,
    gpuMemoryGb: '',
    localDiskGb: 0,
    monthlyPrice: '',
    hourlyPrice: '',
    regionIds: [],
    sortOrder: '',
    priceEffectiveDate: '',
  };
}

export function flavorValuesOf(flavor: AdminFlavor): FlavorFormValues {
  return {
    id: flavor.id,
    name: flavor.name,
    category: flavor.category,
    vcpu: flavor.vcpu,
    memoryGb: flavor.memoryGb,
    gpuModel: flavor.gpuModel ?? '',
    gpuCount: flavor.gpuCount,
    gpuMemoryGb: flavor.gpuMemoryGb ?? '',
    localDiskGb: flavor.localDiskGb,
    monthlyPrice: centsToEuros(flavor.monthlyPriceCents),
    hourlyPrice: millicentsToEuros(flavor.hourlyPriceMillicents),
    regionIds: [...flavor.regionIds],
    sortOrder: flavor.sortOrder,
    priceEffectiveDate: '',
  };
}

export function flavorCreateInput(flavor: ParsedFlavor): FlavorCreateInput {
  return { id: flavor.id, ...flavorFields(flavor) };
}

/**
 * Only what changed. A new monthly price with the hourly one left as it was sends no hourly
 * price: the server derives it from the monthly one, keeping the two consistent.
 */
export function flavorUpdateInput(stored: AdminFlavor, flavor: ParsedFlavor): FlavorUpdateInput {
  const fields = flavorFields(flavor);
  if (fields.hourlyPriceMillicents === stored.hourlyPriceMillicents) fields.hourlyPriceMillicents = undefined;
  return { id: stored.id, ...changedFields(storedFields(stored), fields), priceEffectiveFrom: flavor.priceEffectiveDate };
}

export const flavorFieldOf = fieldMap(Object.keys(emptyFlavorValues()), {
  monthlyPriceCents: 'monthlyPrice',
  hourlyPriceMillicents: 'hourlyPrice',
  priceEffectiveFrom: 'priceEffectiveDate',
});
