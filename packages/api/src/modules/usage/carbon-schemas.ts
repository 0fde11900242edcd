import { powerFactorSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { usageInput } from './schemas';

/** The carbon answers (ADR 39): estimates, in kWh and kg CO₂e, never measurements. */

const footprint = {
  itKwh: z.number().describe('Energy the servers draw, kWh.'),
  facilityKwh: z.number().describe("That with the data centre's overhead (× PUE), kWh."),
  kgCo2e: z.number().describe('Estimated emissions, kg CO₂e (facility kWh × the grid intensity).'),
};

export const carbonInput = usageInput.unwrap().omit({ by: true }).default({ groupBy: 'day' });

const regionSource = z.object({
  id: z.string(),
  name: z.string(),
  pueMilli: z.number().int().describe('PUE in thousandths (1580 = 1.58).'),
  gridGramsPerKwh: z.number().int(),
  gridSource: z.string(),
  gridYear: z.number().int(),
});

export const carbonOutput = z.object({
  from: z.number().int().describe('UTC epoch ms, inclusive.'),
  to: z.number().int().describe('UTC epoch ms, exclusive.'),
  groupBy: z.enum(['day', 'month']),
  clusters: z
    .array(
      z.object({
        clusterId: z.string(),
        name: z.string(),
        regionId: z.string(),
        nodeHours: z.number().describe('Metered node-hours (hibernated ones excluded).'),
        controlPlaneHours: z.number(),
        ...footprint,
      }),
    )
    .describe('Each cluster over the range, largest footprint first.'),
  series: z.array(z.object({ period: z.string().describe('YYYY-MM-DD or YYYY-MM (UTC).'), kgCo2e: z.record(z.string(), z.number()).describe('kg CO₂e per cluster id.') })),
  totalKgCo2e: z.number(),
  sources: z.object({ factors: z.array(powerFactorSchema), regions: z.array(regionSource).describe('The regions of the clusters listed.') }),
});

export const clusterCarbonInput = z.object({ id: idParam('Cluster') });

export const clusterCarbonOutput = z.object({
  clusterId: z.string(),
  regionId: z.string(),
  pueMilli: z.number().int(),
  gridGramsPerKwh: z.number().int(),
  gridSource: z.string(),
  gridYear: z.number().int(),
  monthStart: z.number().int().describe('UTC epoch ms of the month measured so far.'),
  monthToDate: z.object({ nodeHours: z.number(), ...footprint }).describe('From the metered node-hours and control-plane hours of this month so far.'),
  monthEstimate: z
    .object({ watts: z.number().describe('Average draw of the current pools and control plane.'), ...footprint, missingFactors: z.array(z.string()).describe('Power factors the catalogue lacks (counted as 0 W).') })
    .describe('A whole month (730 h) of the cluster as it is now.'),
});
