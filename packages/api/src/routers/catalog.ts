import { TRPCError } from '@trpc/server';
import { clusterTiers, dataCenters, type ClusterTier } from '@kubemarket/db';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

/** Public shape of a tier; SPEC.md names id and name, the rest feeds pricing and type pages. */
function toPublicTier(tier: ClusterTier) {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    nodes: tier.nodes,
    vcpu: tier.vcpuPerNode,
    memoryGb: tier.memoryGbPerNode,
    storageGb: tier.storageGbPerNode,
    monthlyPriceCents: tier.monthlyPriceCents,
    yearlyPriceCents: tier.yearlyPriceCents,
  };
}

export type PublicClusterTier = ReturnType<typeof toPublicTier>;

export const catalogRouter = router({
  clusterTiers: publicProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select()
      .from(clusterTiers)
      .where(eq(clusterTiers.active, true))
      .orderBy(asc(clusterTiers.sortOrder));
    return rows.map(toPublicTier);
  }),

  clusterTier: publicProcedure
    .input(z.object({ id: z.string().trim().min(1, 'Tier id is required').max(64) }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select()
        .from(clusterTiers)
        .where(and(eq(clusterTiers.id, input.id), eq(clusterTiers.active, true)))
        .limit(1);
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `No cluster tier with id ${input.id}.` });
      return toPublicTier(row);
    }),

  /** Every region, planned ones included, for /data-centers and the region picker. */
  dataCenters: publicProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      city: row.city,
      country: row.country,
      countryCode: row.countryCode,
      certifications: row.certifications,
      status: row.status,
      openedYear: row.openedYear,
    }));
  }),
});
