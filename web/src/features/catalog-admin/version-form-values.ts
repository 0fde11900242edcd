import { z } from 'zod';
import { choicesOf, VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import type { AdminVersion, VersionClassification, VersionCreateInput, VersionUpdateInput } from './catalog-admin-types';
import { changedFields, optionalUtcDate, sortOrderField, whole, type NumberValue } from './form-fields';
import { fieldMap } from './server-errors';
import { epochToUtcDate, utcDateToEpoch } from './utc-dates';

/** The Kubernetes version form. */
export type VersionFormValues = {
  /** The minor version, e.g. 1.38; fixed once created. */
  version: string;
  patch: NumberValue;
  classification: VersionClassification;
  /** YYYY-MM-DD (UTC); empty: not announced. */
  endOfSupport: string;
  isDefault: boolean;
  sortOrder: NumberValue;
};

export const versionFormSchema = z
  .object({
    version: z
      .string()
      .trim()
      .regex(/^\d{1,3}\.\d{1,3}$/, 'Version must be a Kubernetes minor version such as 1.37.'),
    patch: whole('Patch', 0, 1000),
    classification: z.enum(choicesOf(VERSION_CLASSIFICATION_LABELS)),
    endOfSupport: optionalUtcDate('End of support'),
    isDefault: z.boolean(),
    sortOrder: sortOrderField(),
  })
  .superRefine((version, ctx) => {
    if (version.isDefault && version.classification !== 'supported') {
      ctx.addIssue({ code: 'custom', path: ['isDefault'], message: 'Only a supported version can be the default for new clusters.' });
    }
  });

type ParsedVersion = z.output<typeof versionFormSchema>;
type VersionFields = Omit<VersionCreateInput, 'version'>;

function versionFields(version: ParsedVersion): VersionFields {
  return {
    patch: version.patch,
    classification: version.classification,
    endOfSupportAt: version.endOfSupport,
    isDefault: version.isDefault,
    sortOrder: version.sortOrder,
  };
}

export function emptyVersionValues(): VersionFormValues {
  return { version: '', patch: 0, classification: 'preview', endOfSupport: '', isDefault: false, sortOrder: '' };
}

export function versionValuesOf(version: AdminVersion): VersionFormValues {
  return {
    version: version.version,
    patch: version.patch,
    classification: version.classification,
    endOfSupport: version.endOfSupportAt === null ? '' : epochToUtcDate(version.endOfSupportAt),
    isDefault: version.isDefault,
    sortOrder: version.sortOrder,
  };
}

export function versionCreateInput(version: ParsedVersion): VersionCreateInput {
  return { version: version.version, ...versionFields(version) };
}

export function versionUpdateInput(stored: AdminVersion, version: ParsedVersion): VersionUpdateInput {
  const before: VersionFields = {
    patch: stored.patch,
    classification: stored.classification,
    // The form holds days: an end of support stored at another hour that day is unchanged.
    endOfSupportAt: stored.endOfSupportAt === null ? null : utcDateToEpoch(epochToUtcDate(stored.endOfSupportAt)),
    isDefault: stored.isDefault,
    sortOrder: stored.sortOrder,
  };
  return { version: stored.version, ...changedFields(before, versionFields(version)) };
}

export const versionFieldOf = fieldMap(Object.keys(emptyVersionValues()), { endOfSupportAt: 'endOfSupport' });
