import { z } from 'zod';
import type { AdminPowerFactor, AdminRegion, PowerFactorCreateInput, PowerFactorUpdateInput, RegionUpdateInput } from './catalog-admin-types';
import { catalogCodec, field, type FormField } from './form-codec';
import { requiredNumber, requiredText, whole, type NumberValue } from './form-fields';

/**
 * The forms of the carbon model's figures (ADR 39): a region's jurisdiction, PUE and grid
 * intensity, and the power factors. Every figure comes with its source and year; the server refuses
 * a new figure without them.
 */

/** A decimal in the form, thousandths in the API (a PUE of 1.58 is 1580, 2.12 W is 2120 mW). */
const thousandths = (label: string, min: number, max: number, api: string): FormField<NumberValue, number> => ({
  schema: requiredNumber({
    label,
    check: (value) => (value < min || value > max ? `${label} must be between ${min} and ${max}.` : Math.abs(value * 1000 - Math.round(value * 1000)) > 1e-6 ? `${label} has at most three decimals.` : null),
    convert: (value) => Math.round(value * 1000),
  }),
  empty: '',
  api,
  fromApi: (value: number) => value / 1000,
});

const source = (label: string) => requiredText(label).max(300, `${label} must be at most 300 characters.`);
const year = (label: string) => field(whole(label, 1990, 2100), '' as NumberValue);

/** No region is created here: the provisioner's regions are edited, never added. */
const noCreate = { mutate: () => Promise.reject(new Error('Regions are not created from the catalogue.')) };

export const regionCodec = catalogCodec<AdminRegion, RegionUpdateInput, RegionUpdateInput>()({
  key: 'id',
  fields: {
    id: field(z.string().trim(), ''),
    operator: field(requiredText('Operator').max(120, 'Operator must be at most 120 characters.'), ''),
    jurisdiction: field(requiredText('Law').max(160, 'Law must be at most 160 characters.'), ''),
    euOnlyAccess: field(z.boolean(), false),
    certifications: field(z.array(z.string().trim().min(1).max(40, 'A certification is at most 40 characters.')).max(20, 'At most 20 certifications.'), [] as string[]),
    pue: thousandths('PUE', 1, 3, 'pueMilli'),
    gridGramsPerKwh: field(whole('Grid intensity', 0, 2_000), '' as NumberValue),
    gridSource: field(source('Grid intensity source'), ''),
    gridYear: year('Grid intensity year'),
  },
  saving: { noun: 'Region', procedures: (client) => ({ create: noCreate, update: client.catalogAdmin.regions.update }) },
});

export const powerFactorCodec = catalogCodec<AdminPowerFactor, PowerFactorCreateInput, PowerFactorUpdateInput>()({
  key: 'id',
  fields: {
    /** 'vcpu', 'memory_gb', or 'gpu:' and the GPU model as flavours name it. */
    id: field(
      z
        .string()
        .trim()
        .regex(/^(vcpu|memory_gb|gpu:[A-Za-z0-9][A-Za-z0-9 .-]{0,58})$/, "Factor id is 'vcpu', 'memory_gb', or 'gpu:' followed by the GPU model as node flavours name it (e.g. gpu:NVIDIA L4)."),
      '',
    ),
    label: field(requiredText('Label').max(80, 'Label must be at most 80 characters.'), ''),
    watts: thousandths('Power', 0.001, 5_000, 'milliwatts'),
    source: field(source('Source'), ''),
    year: year('Year'),
  },
  saving: { noun: 'Power factor', created: 'added', procedures: (client) => client.catalogAdmin.powerFactors, nameOf: (saved) => saved.label },
});
