import { clusterTiers, dataCenters, type ClusterTier, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';

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

export async function listClusterTiers(db: Database) {
  const rows = await db.select().from(clusterTiers).where(eq(clusterTiers.active, true)).orderBy(asc(clusterTiers.sortOrder));
  return rows.map(toPublicTier);
}

export async function getClusterTier(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(clusterTiers)
    .where(and(eq(clusterTiers.id, id), eq(clusterTiers.active, true)))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `No cluster tier with id ${id}.` });
  return toPublicTier(row);
}

/** Every region, planned ones included, for /data-centers and the region picker. */
export async function listDataCenters(db: Database) {
  const rows = await db.select().from(dataCenters).orderBy(asc(dataCenters.sortOrder));
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
}
