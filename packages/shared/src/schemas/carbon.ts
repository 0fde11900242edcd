import { z } from 'zod';

/**
 * A power factor of the carbon model (ADR 39) as every answer gives it: the public catalogue, the
 * staff list, /usage's sources.
 */
export const powerFactorSchema = z.object({
  id: z.string().describe("'vcpu' (per vCPU), 'memory_gb' (per GB of memory) or 'gpu:<model>' (per card, e.g. gpu:NVIDIA L4)."),
  label: z.string(),
  milliwatts: z.number().int().describe('Average draw per unit, milliwatts.'),
  source: z.string().describe('The public source of the figure.'),
  year: z.number().int().describe('The year of the source.'),
});
