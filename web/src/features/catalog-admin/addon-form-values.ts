import { z } from 'zod';
import { ADDON_CATEGORY_LABELS, choicesOf } from './catalog-admin-options';
import type { AddonCreateInput, AddonUpdateInput, AdminAddon } from './catalog-admin-types';
import { catalogCodec, cents, field, idAndName, priceDate, sortOrder } from './form-codec';
import { euros, optionalEuros, requiredText } from './form-fields';

/** Minor versions compare numerically: 1.100 follows 1.99. */
function compareMinor(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/** The add-on form: prices in euros per cluster. */
export const addonCodec = catalogCodec<AdminAddon, AddonCreateInput, AddonUpdateInput>()({
  key: 'id',
  fields: {
    ...idAndName(),
    category: field(z.enum(choicesOf(ADDON_CATEGORY_LABELS)), 'monitoring'),
    description: field(requiredText('Description'), ''),
    version: field(requiredText('Version'), ''),
    monthlyPrice: cents(euros('Monthly price'), 'monthlyPriceCents'),
    /** Empty: a year costs 12 months. */
    yearlyPrice: cents(optionalEuros('Yearly price'), 'yearlyPriceCents'),
    compatibleTierIds: field(z.array(z.string()).min(1, 'Choose at least one cluster tier the add-on can be installed on.'), []),
    /** Kubernetes minor versions, e.g. 1.35; null: unbounded. */
    minKubernetesVersion: field(z.string().nullable(), null),
    maxKubernetesVersion: field(z.string().nullable(), null),
    requires: field(z.array(z.string()), []),
    conflicts: field(z.array(z.string()), []),
    sortOrder: sortOrder(),
    priceEffectiveDate: priceDate(),
  },
  refine: (schema) =>
    schema.superRefine((addon, ctx) => {
      if (addon.yearlyPrice !== null && addon.yearlyPrice > addon.monthlyPrice * 12) {
        ctx.addIssue({ code: 'custom', path: ['yearlyPrice'], message: 'The yearly price cannot be more than 12 monthly payments.' });
      }
      if (addon.minKubernetesVersion && addon.maxKubernetesVersion && compareMinor(addon.minKubernetesVersion, addon.maxKubernetesVersion) > 0) {
        ctx.addIssue({ code: 'custom', path: ['maxKubernetesVersion'], message: 'The maximum Kubernetes version cannot be below the minimum.' });
      }
      if (addon.requires.some((id) => addon.conflicts.includes(id))) {
        ctx.addIssue({ code: 'custom', path: ['conflicts'], message: 'An add-on cannot both require and conflict with the same add-on.' });
      }
    }),
  saving: { noun: 'Add-on', procedures: (client) => client.catalogAdmin.addons, approval: { update: 'catalogAdmin.addons.update' } },
});

export type AddonFormValues = ReturnType<typeof addonCodec.empty>;
