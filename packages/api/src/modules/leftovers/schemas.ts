import { LEFTOVER_KINDS } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

const kind = z.enum(LEFTOVER_KINDS).describe('load_balancer, volume, backup or snapshot.');

/** What deleting a cluster would leave billable, as the provisioner reports it now. */
export const leftoverSchema = z.object({
  id: z.string().describe('Stable while the resource exists, "<kind>:<name>": name it in keep when deleting the cluster.'),
  kind,
  name: z.string().describe('As the cluster names it, e.g. "default/data-orders-0" for a volume\'s claim.'),
  providerRef: z.string().nullable().describe("The provider's id for it (the volume, the load balancer's address, the snapshot)."),
  sizeGb: z.number().int().nullable().describe('GB; null for a load balancer.'),
  monthlyCents: z.number().int().describe('What keeping it costs a month, EUR cents excl. VAT.'),
});

export const clusterLeftoversSchema = z.object({
  items: z.array(leftoverSchema),
  /** Null when the provider listed everything; else why it could not, in plain words. */
  unavailable: z.string().nullable().describe('Why the cluster could not be asked what it holds, or null.'),
});

/** A resource kept after its cluster was deleted, billed hourly until removed. */
export const keptLeftoverSchema = z.object({
  id: z.string(),
  clusterId: z.string(),
  clusterName: z.string(),
  region: z.string(),
  kind,
  name: z.string(),
  providerRef: z.string().nullable(),
  sizeGb: z.number().int().nullable(),
  monthlyCents: z.number().int(),
  keptAt: z.number().int().describe('When the deletion that kept it was asked for, epoch ms.'),
  billedSince: z.number().int().nullable().describe('When its cluster finished deleting and its own billing began; null while the cluster is still being deleted.'),
});

export const keptLeftoverListSchema = z.object({
  items: z.array(keptLeftoverSchema),
  monthlyCents: z.number().int().describe('What everything kept costs a month, EUR cents excl. VAT.'),
});

export const leftoverIdInput = z.object({ id: idParam('Leftover') });

export const removedLeftoverSchema = keptLeftoverSchema.extend({ removedAt: z.number().int() });

/** The keep list of a cluster's deletion: the report's ids, each at most once. */
export const keepListSchema = z
  .array(z.string().trim().min(1, 'A leftover id is required.').max(300, 'A leftover id is at most 300 characters.'), { error: 'keep is a list of leftover ids.' })
  .max(500, 'Keep at most 500 resources.')
  .default([])
  .describe("Ids of GET /api/clusters/{id}/leftovers to keep (billed until removed); everything else the cluster holds is deleted with it.");
