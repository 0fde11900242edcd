import { DATA_CENTER_STATUSES } from '@kubemarket/db';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import * as catalog from './service';

const TAGS: ['Catalogue'] = ['Catalogue'];

const clusterTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nodes: z.number().int(),
  vcpu: z.number().int().describe('vCPU per node.'),
  memoryGb: z.number().int().describe('Memory per node, GB.'),
  storageGb: z.number().int().describe('Storage per node, GB.'),
  monthlyPriceCents: z.number().int().describe('EUR cents per month.'),
  yearlyPriceCents: z.number().int().describe('EUR cents per year.'),
});

const dataCenterSchema = z.object({
  id: z.string().describe('Region code, e.g. fr-par-1.'),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  certifications: z.array(z.string()),
  status: z.enum(DATA_CENTER_STATUSES),
  openedYear: z.number().int(),
});

export const catalogRouter = router({
  clusterTiers: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/cluster-tiers', summary: 'Cluster tiers on sale', tags: TAGS } })
    .output(z.array(clusterTierSchema))
    .query(({ ctx }) => catalog.listClusterTiers(ctx.db)),

  clusterTier: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/cluster-tiers/{id}', summary: 'One cluster tier', tags: TAGS } })
    .input(z.object({ id: z.string().trim().min(1, 'Tier id is required').max(64) }))
    .output(clusterTierSchema)
    .query(({ ctx, input }) => catalog.getClusterTier(ctx.db, input.id)),

  dataCenters: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/data-centers', summary: 'Regions, including planned ones', tags: TAGS } })
    .output(z.array(dataCenterSchema))
    .query(({ ctx }) => catalog.listDataCenters(ctx.db)),
});
