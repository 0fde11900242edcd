import { z } from 'zod';
import { choicesOf, VERSION_CLASSIFICATION_LABELS } from './catalog-admin-options';
import type { AdminVersion, VersionCreateInput, VersionUpdateInput } from './catalog-admin-types';
import { catalogCodec, field, sortOrder, utcDay } from './form-codec';
import { optionalUtcDate, whole } from './form-fields';

/** The Kubernetes version form. */
export const versionCodec = catalogCodec<AdminVersion, VersionCreateInput, VersionUpdateInput>()({
  key: 'version',
  fields: {
    /** The minor version, e.g. 1.38; fixed once created. */
    version: field(
      z
        .string()
        .trim()
        .regex(/^\d{1,3}\.\d{1,3}$/, 'Version must be a Kubernetes minor version such as 1.37.'),
      '',
    ),
    patch: field(whole('Patch', 0, 1000), 0),
    classification: field(z.enum(choicesOf(VERSION_CLASSIFICATION_LABELS)), 'preview'),
    /** YYYY-MM-DD (UTC); empty: not announced. */
    endOfSupport: utcDay(optionalUtcDate('End of support'), 'endOfSupportAt'),
    isDefault: field(z.boolean(), false),
    sortOrder: sortOrder(),
  },
  refine: (schema) =>
    schema.superRefine((version, ctx) => {
      if (version.isDefault && version.classification !== 'supported') {
        ctx.addIssue({ code: 'custom', path: ['isDefault'], message: 'Only a supported version can be the default for new clusters.' });
      }
    }),
  saving: { noun: 'Kubernetes version', created: 'added', procedures: (client) => client.catalogAdmin.kubernetesVersions, nameOf: (saved) => `Kubernetes ${saved.version}` },
});

export type VersionFormValues = ReturnType<typeof versionCodec.empty>;
