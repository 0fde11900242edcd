import { z } from 'zod';
import { ADDON_CATEGORY_LABELS, choicesOf } from './catalog-admin-options';
import type { AddonCategory, AddonCreateInput, AddonUpdateInput, AdminAddon } from './catalog-admin-types';
import { changedFields, euros, optionalEuros, priceChangeDate, requiredText, sortOrderField, type NumberValue } from './form-fields';
import { centsToEuros } from './money';
import { fieldMap } from './server-errors';

/** The add-on form: prices in euros per cluster. */
export type AddonFormValues = {
  id: string;
  name: string;
  category: AddonCategory;
  description: string;
  version: string;
  monthlyPrice: NumberValue;
  /** Empty: a year costs 12 months. */
  yearlyPrice: NumberValue;
  compatibleTierIds: string[];
  /** Kubernetes minor versions, e.g. 1.35; null: unbounded. */
  minKubernetesVersion: string | null;
  maxKubernetesVersion: string | null;
  requires: string[];
  conflicts: string[];
  sortOrder: NumberValue;
  priceEffectiveDate: string;
};

/** Minor versions compare numerically: 1.100 follows 1.99. */
function compareMinor(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

export const addonFormSchema = z
  .object({
    id: z.string().trim(),
    name: requiredText('Name'),
    category: z.enum(choicesOf(ADDON_CATEGORY_LABELS)),
    description: requiredText('Description'),
    version: requiredText('Version'),
    monthlyPrice: euros('Monthly price'),
    yearlyPrice: optionalEuros('Yearly price'),
    compatibleTierIds: z.array(z.string()).min(1, 'Choose at least one cluster tier the add-on can be installed on.'),
    minKubernetesVersion: z.string().nullable(),
    maxKubernetesVersion: z.string().nullable(),
    requires: z.array(z.string()),
    conflicts: z.array(z.string()),
    sortOrder: sortOrderField(),
    priceEffectiveDate: priceChangeDate(),
  })
  .superRefine((addon, ctx) => {
    if (addon.yearlyPrice !== null && addon.yearlyPrice > addon.monthlyPrice * 12) {
      ctx.addIssue({ code: 'custom', path: ['yearlyPrice'], message: 'The yearly price cannot be more than 12 monthly payments.' });
    }
    if (addon.minKubernetesVersion && addon.maxKubernetesVersion && compareMinor(addon.minKubernetesVersion, addon.maxKubernetesVersion) > 0) {
      ctx.addIssue({ code: 'custom', path: ['maxKubernetesVersion'], message: 'The maximum Kubernetes version cannot be below the minimum.' });
    }
    if (addon.requires.some((id) => addon.conflicts.includes(id))) {
      ctx.addIssue({ code: 'custom', path: ['conflicts'], message: 'An add-on cannot both require and conflict with the same add-on.' });
    }
  });

type ParsedAddon = z.output<typeof addonFormSchema>;
type AddonFields = Omit<AddonCreateInput, 'id'>;

function addonFields(addon: ParsedAddon): AddonFields {
  return {
    name: addon.name,
    category: addon.category,
    description: addon.description,
    version: addon.version,
    monthlyPriceCents: addon.monthlyPrice,
    yearlyPriceCents: addon.yearlyPrice,
    compatibleTierIds: addon.compatibleTierIds,
    minKubernetesVersion: addon.minKubernetesVersion,
    maxKubernetesVersion: addon.maxKubernetesVersion,
    requires: addon.requires,
    conflicts: addon.conflicts,
    sortOrder: addon.sortOrder,
  };
}

function storedFields(addon: AdminAddon): AddonFields {
  return {
    name: addon.name,
    category: addon.category,
    description: addon.description,
    version: addon.version,
    monthlyPriceCents: addon.monthlyPriceCents,
    yearlyPriceCents: addon.yearlyPriceCents,
    compatibleTierIds: addon.compatibleTierIds,
    minKubernetesVersion: addon.minKubernetesVersion,
    maxKubernetesVersion: addon.maxKubernetesVersion,
    requires: addon.requires,
    conflicts: addon.conflicts,
    sortOrder: addon.sortOrder,
  };
}

export function emptyAddonValues(): AddonFormValues {
  return {
    id: '',
    name: '',
    category: 'monitoring',
    description: '',
    version: '',
    monthlyPrice: '',
    yearlyPrice: '',
    compatibleTierIds: [],
    minKubernetesVersion: null,
    maxKubernetesVersion: null,
    requires: [],
    conflicts: [],
    sortOrder: '',
    priceEffectiveDate: '',
  };
}

export function addonValuesOf(addon: AdminAddon): AddonFormValues {
  return {
    id: addon.id,
    name: addon.name,
    category: addon.category,
    description: addon.description,
    version: addon.version,
    monthlyPrice: centsToEuros(addon.monthlyPriceCents),
    yearlyPrice: addon.yearlyPriceCents === null ? '' : centsToEuros(addon.yearlyPriceCents),
    compatibleTierIds: [...addon.compatibleTierIds],
    minKubernetesVersion: addon.minKubernetesVersion,
    maxKubernetesVersion: addon.maxKubernetesVersion,
    requires: [...addon.requires],
    conflicts: [...addon.conflicts],
    sortOrder: addon.sortOrder,
    priceEffectiveDate: '',
  };
}

export function addonCreateInput(addon: ParsedAddon): AddonCreateInput {
  return { id: addon.id, ...addonFields(addon) };
}

export function addonUpdateInput(stored: AdminAddon, addon: ParsedAddon): AddonUpdateInput {
  return { id: stored.id, ...changedFields(storedFields(stored), addonFields(addon)), priceEffectiveFrom: addon.priceEffectiveDate };
}

export const addonFieldOf = fieldMap(Object.keys(emptyAddonValues()), {
  monthlyPriceCents: 'monthlyPrice',
  yearlyPriceCents: 'yearlyPrice',
  priceEffectiveFrom: 'priceEffectiveDate',
});
