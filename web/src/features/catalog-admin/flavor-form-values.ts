import { z } from 'zod';
import { choicesOf, FLAVOR_CATEGORY_LABELS } from './catalog-admin-options';
import type { AdminFlavor, FlavorCreateInput, FlavorUpdateInput } from './catalog-admin-types';
import { catalogCodec, cents, field, idAndName, millicents, optionalField, priceDate, sortOrder } from './form-codec';
import { euros, optionalHourlyEuros, optionalText, optionalWhole, whole } from './form-fields';

/**
 * The node flavour form: prices in euros (the hourly one to 5 decimals). An update with a new
 * monthly price and the hourly one left as it was sends no hourly price: the server derives it
 * from the monthly one, keeping the two consistent.
 */
export const flavorCodec = catalogCodec<AdminFlavor, FlavorCreateInput, FlavorUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    category: field(z.enum(choicesOf(FLAVOR_CATEGORY_LABELS)), 'general'),
    vcpu: field(whole('vCPU', 1, 1024), 4),
    memoryGb: field(whole('Memory (GB)', 1, 65_536), 16),
    gpuModel: { schema: optionalText(), empty: '', fromApi: (value: string | null) => value ?? '' },
    gpuCount: field(optionalWhole('GPU count', 0, 64), 0),
    gpuMemoryGb: optionalField(optionalWhole('GPU memory (GB)', 1, 4096)),
    localDiskGb: field(whole('Local disk (GB)', 0, 1_000_000), 0),
    monthlyPrice: cents(euros('Monthly price'), 'monthlyPriceCents'),
    /** Empty: derived by the server from the monthly price (730 hours). */
    hourlyPrice: millicents(optionalHourlyEuros('Hourly price'), 'hourlyPriceMillicents'),
    regionIds: field(z.array(z.string()).min(1, 'Choose at least one region.'), []),
    sortOrder: sortOrder(),
    priceEffectiveDate: priceDate(),
  },
  refine: (schema) =>
    schema.superRefine((flavor, ctx) => {
      if (flavor.category !== 'gpu') return;
      if (flavor.gpuModel === null) ctx.addIssue({ code: 'custom', path: ['gpuModel'], message: 'A GPU flavour needs its GPU model.' });
      if (!flavor.gpuCount) ctx.addIssue({ code: 'custom', path: ['gpuCount'], message: 'A GPU flavour has at least 1 GPU.' });
      if (flavor.gpuMemoryGb === null) ctx.addIssue({ code: 'custom', path: ['gpuMemoryGb'], message: 'A GPU flavour needs the memory of each GPU.' });
    }),
  // Only a GPU flavour has GPUs: the fields are cleared for the others.
  adjust: (fields, flavor) => (flavor.category === 'gpu' ? { ...fields, gpuCount: flavor.gpuCount ?? 0 } : { ...fields, gpuModel: null, gpuCount: 0, gpuMemoryGb: null }),
  saving: { noun: 'Node flavour', procedures: (client) => client.catalogAdmin.nodeFlavors, approval: { update: 'catalogAdmin.nodeFlavors.update' } },
});

export type FlavorFormValues = ReturnType<typeof flavorCodec.empty>;
