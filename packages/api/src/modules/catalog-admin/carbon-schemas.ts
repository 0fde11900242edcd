import { DATA_CENTER_STATUSES } from '@kubemarket/db';
import { powerFactorSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { text, whole } from './schemas';

/**
 * Inputs and outputs of the staff edits of the carbon model's factors and of a region's
 * jurisdiction (issue 34, ADR 39): every figure carries its source and year.
 */

const year = (label: string) => whole(label, 1990, 2100).describe('The year the figure describes or was published.');
const source = (label: string) => text(label, 300, 3).describe('Where the figure comes from: a publication or dataset, findable by its name.');

const certifications = z
  .array(text('Certification', 40), { error: 'Certifications must be a list.' })
  .max(20, 'At most 20 certifications.')
  .transform((names) => [...new Set(names)])
  .describe('Certifications the site holds, e.g. ISO 27001, HDS, SecNumCloud.');

export const regionUpdateInput = z.object({
  id: idParam('Region'),
  operator: text('Operator', 120).optional().describe('The company that operates the data centre.'),
  jurisdiction: text('Law', 160).optional().describe('The law the site and its operator are under, e.g. "French law".'),
  euOnlyAccess: z.boolean({ error: 'EU-only access must be true or false.' }).optional().describe('Only people in the EU can reach customer data there.'),
  certifications: certifications.optional(),
  pueMilli: whole('PUE', 1_000, 3_000).optional().describe('Power usage effectiveness in thousandths: 1580 is a PUE of 1.58.'),
  gridGramsPerKwh: whole('Grid intensity', 0, 2_000).optional().describe("The grid's carbon intensity, g CO₂e per kWh."),
  gridSource: source('Grid intensity source').optional(),
  gridYear: year('Grid intensity year').optional(),
});

export const regionAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  status: z.enum(DATA_CENTER_STATUSES),
  operator: z.string(),
  jurisdiction: z.string(),
  euOnlyAccess: z.boolean(),
  certifications: z.array(z.string()),
  pueMilli: z.number().int(),
  gridGramsPerKwh: z.number().int(),
  gridSource: z.string(),
  gridYear: z.number().int(),
});

/** 'vcpu', 'memory_gb', or 'gpu:' and the GPU model exactly as node flavours name it. */
const POWER_FACTOR_ID = /^(vcpu|memory_gb|gpu:[A-Za-z0-9][A-Za-z0-9 .-]{0,58})$/;

const powerFactorFields = {
  label: text('Label', 80),
  milliwatts: whole('Power', 1, 5_000_000).describe('Average draw per unit (vCPU, GB, card), milliwatts: 2120 is 2.12 W.'),
  source: source('Source'),
  year: year('Year'),
};

export const powerFactorCreateInput = z.object({
  id: z
    .string({ error: 'Factor id is required.' })
    .trim()
    .regex(POWER_FACTOR_ID, "Factor id is 'vcpu', 'memory_gb', or 'gpu:' followed by the GPU model as node flavours name it (e.g. gpu:NVIDIA L4)."),
  ...powerFactorFields,
});
export const powerFactorUpdateInput = z.object(powerFactorFields).partial().extend({ id: idParam('Power factor') });

export const powerFactorAdminSchema = powerFactorSchema.extend({
  flavorIds: z.array(z.string()).describe('Node flavours the factor applies to (every one for vCPU and memory, the flavours of its GPU model for a card).'),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
