import {
  clusters,
  clusterTiers,
  nodeFlavors,
  type ClusterTier,
  type Database,
} from '@kubemarket/db';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogEntity } from './entity';
import { presentPriced, NO_EXTRA_PRICES, type PriceAccessor } from './prices';
import type {
  tierCreateInput,
  tierUpdateInput,
} from './schemas';
import { FLAVOR, type Staff, auditChange, badRequest, checkReferences, checkRegions, checkYearly, commit, conflict, regionIds } from './common';

// Cluster tiers: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const TIER_PRICES: PriceAccessor<ClusterTier>[] = [
  {
    kind: 'cluster_tier',
    read: (tier) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: tier.monthlyPriceCents, yearlyPriceCents: tier.yearlyPriceCents }),
    write: (tier, price) => ({ ...tier, monthlyPriceCents: price.monthlyPriceCents, yearlyPriceCents: price.yearlyPriceCents ?? tier.yearlyPriceCents }),
  },
  {
    kind: 'cluster_tier_ha',
    read: (tier) =>
      tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null
        ? { ...NO_EXTRA_PRICES, monthlyPriceCents: tier.haMonthlyPriceCents, yearlyPriceCents: tier.haYearlyPriceCents }
        : null,
    write: (tier, price) => (tier.haControlPlane === 'optional' ? { ...tier, haMonthlyPriceCents: price.monthlyPriceCents, haYearlyPriceCents: price.yearlyPriceCents } : tier),
  },
];
const TIER_FIELDS = [
  'name',
  'description',
  'purpose',
  'nodes',
  'vcpuPerNode',
  'memoryGbPerNode',
  'storageGbPerNode',
  'slaBasisPoints',
  'haControlPlane',
  'maxNodes',
  'maxPools',
  'allowedFlavorIds',
  'allowedRegionIds',
  'sortOrder',
] as const;
const TIER_COLUMNS = [...TIER_FIELDS, 'monthlyPriceCents', 'yearlyPriceCents', 'haMonthlyPriceCents', 'haYearlyPriceCents'] as const;

type TierPatch = Omit<z.infer<typeof tierUpdateInput>, 'id' | 'priceEffectiveFrom'>;

async function presentTiers(ctx: Staff, rows: ClusterTier[]) {
  const now = ctx.ports.clock.now();
  const ids = rows.map((row) => row.id);
  const usage = ids.length ? await ctx.db.select({ id: clusters.tierId, count: count() }).from(clusters).where(inArray(clusters.tierId, ids)).groupBy(clusters.tierId) : [];
  const used = new Map(usage.map((row) => [row.id, row.count]));
  return presentPriced(ctx.db, rows, TIER_PRICES, now, (row) => ({ inUse: used.get(row.id) ?? 0 }));
}

const tiers = catalogEntity({ table: clusterTiers, entity: 'cluster_tier', noun: 'cluster tier', article: 'A', fields: TIER_FIELDS, columns: TIER_COLUMNS, prices: TIER_PRICES, present: presentTiers });

export const listTiers = tiers.list;

/** HA prices belong to an optional HA control plane only; switching away from optional clears them. */
function normaliseTier(tier: ClusterTier, patch: TierPatch): ClusterTier {
  if (tier.haControlPlane === 'optional') {
    if (tier.haMonthlyPriceCents === null || tier.haYearlyPriceCents === null) {
      throw badRequest('An optional HA control plane needs its monthly and yearly prices.');
    }
    return tier;
  }
  if ((patch.haMonthlyPriceCents ?? null) !== null || (patch.haYearlyPriceCents ?? null) !== null) {
    throw badRequest('Only an optional HA control plane has a price of its own: make it optional, or leave its prices empty.');
  }
  return { ...tier, haMonthlyPriceCents: null, haYearlyPriceCents: null };
}

async function checkTier(db: Database, tier: ClusterTier, before: ClusterTier | null) {
  checkYearly('Tier', tier.monthlyPriceCents, tier.yearlyPriceCents);
  if (tier.haControlPlane === 'optional') checkYearly('HA control plane', tier.haMonthlyPriceCents ?? 0, tier.haYearlyPriceCents);
  if (tier.nodes > tier.maxNodes) throw badRequest(`The baseline of ${tier.nodes} nodes is above the tier's maximum of ${tier.maxNodes} nodes.`);
  if (tier.allowedFlavorIds.length === 0) throw badRequest('A tier must offer at least one node flavour.');
  const [flavors, regions, [sameName]] = await Promise.all([
    db.select({ id: nodeFlavors.id, archivedAt: nodeFlavors.archivedAt }).from(nodeFlavors),
    regionIds(db),
    db.select({ id: clusterTiers.id }).from(clusterTiers).where(and(eq(clusterTiers.name, tier.name), ne(clusterTiers.id, tier.id))).limit(1),
  ]);
  const knownFlavors = new Map(flavors.map((row) => [row.id, row.archivedAt]));
  checkReferences(FLAVOR, tier.allowedFlavorIds, knownFlavors, before?.allowedFlavorIds);
  if (tier.archivedAt === null && !tier.allowedFlavorIds.some((id) => knownFlavors.get(id) === null)) {
    throw badRequest('Every node flavour this tier offers is archived: offer at least one flavour that is on sale.');
  }
  checkRegions(tier.allowedRegionIds, regions, 'tier');
  if (sameName) throw conflict(`A cluster tier named “${tier.name}” already exists.`);
}

export async function createTier(ctx: Staff, input: z.infer<typeof tierCreateInput>) {
  const now = ctx.ports.clock.now();
  await tiers.checkNewId(ctx.db, input.id);
  const tier = normaliseTier(
    {
      ...input,
      slaBasisPoints: input.slaBasisPoints ?? null,
      haMonthlyPriceCents: input.haMonthlyPriceCents ?? null,
      haYearlyPriceCents: input.haYearlyPriceCents ?? null,
      active: true,
      ...(await tiers.newRow(ctx.db, input.sortOrder, now)),
    },
    input,
  );
  await checkTier(ctx.db, tier, null);
  return tiers.insert(ctx, tier, { conflictMessage: `A cluster tier with the id ${tier.id} or the name “${tier.name}” already exists.` });
}

export async function updateTier(ctx: Staff, input: z.infer<typeof tierUpdateInput>) {
  return tiers.update(ctx, input, {
    normalise: normaliseTier,
    check: (after, before) => checkTier(ctx.db, after, before),
    conflictMessage: (after) => `A cluster tier named “${after.name}” already exists.`,
  });
}

/** Clusters and orders keep pointing at an archived tier; customers can no longer choose it. */
export async function archiveTier(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const tier = await tiers.find(ctx.db, id);
  if (tier.archivedAt !== null) return tiers.output(ctx, id);
  const others = await ctx.db.$count(clusterTiers, and(eq(clusterTiers.active, true), isNull(clusterTiers.archivedAt), ne(clusterTiers.id, id)));
  if (tier.active && others === 0) throw badRequest(`${tier.name} is the last cluster tier on offer: customers could not order any cluster. Create or restore another tier first.`);
  const inUse = await ctx.db.$count(clusters, eq(clusters.tierId, id));
  await commit(
    ctx.db,
    [
      ctx.db.update(clusterTiers).set({ archivedAt: now, active: false, updatedAt: now }).where(eq(clusterTiers.id, id)),
      auditChange(ctx, 'cluster_tier', 'archived', id, { name: tier.name, clustersUsingIt: inUse }, now),
    ],
  );
  return tiers.output(ctx, id);
}

export async function restoreTier(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const tier = await tiers.find(ctx.db, id);
  if (tier.archivedAt === null && tier.active) return tiers.output(ctx, id);
  const onSale = await ctx.db.$count(nodeFlavors, and(inArray(nodeFlavors.id, tier.allowedFlavorIds), isNull(nodeFlavors.archivedAt)));
  if (onSale === 0) throw badRequest(`Every node flavour ${tier.name} offers is archived: restore one of them, or change the tier's flavours, first.`);
  await commit(
    ctx.db,
    [
      ctx.db.update(clusterTiers).set({ archivedAt: null, active: true, updatedAt: now }).where(eq(clusterTiers.id, id)),
      auditChange(ctx, 'cluster_tier', 'restored', id, { name: tier.name }, now),
    ],
  );
  return tiers.output(ctx, id);
}
