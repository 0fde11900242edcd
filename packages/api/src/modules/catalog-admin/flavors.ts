import {
  clusterTiers,
  HOURS_PER_MONTH,
  nodeFlavors,
  type Database,
  type NodeFlavor,
} from '@kubemarket/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogEntity } from './entity';
import { presentPriced, NO_EXTRA_PRICES, type PriceAccessor } from './prices';
import type {
  flavorCreateInput,
  flavorUpdateInput,
} from './schemas';
import { type Staff, badRequest, checkRegions, listOf, regionIds } from './common';

// Node flavours: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const FLAVOR_PRICES: PriceAccessor<NodeFlavor>[] = [
  {
    kind: 'node_flavor',
    read: (flavor) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: flavor.monthlyPriceCents, hourlyPriceMillicents: flavor.hourlyPriceMillicents }),
    write: (flavor, price) => ({ ...flavor, monthlyPriceCents: price.monthlyPriceCents, hourlyPriceMillicents: price.hourlyPriceMillicents ?? flavor.hourlyPriceMillicents }),
  },
];
const FLAVOR_FIELDS = ['name', 'category', 'vcpu', 'memoryGb', 'gpuModel', 'gpuCount', 'gpuMemoryGb', 'localDiskGb', 'regionIds', 'sortOrder'] as const;
const FLAVOR_COLUMNS = [...FLAVOR_FIELDS, 'monthlyPriceCents', 'hourlyPriceMillicents'] as const;

/** A node running all month costs its monthly price: the hourly price is that over 730 hours. */
const hourlyFromMonthly = (monthlyCents: number) => Math.round((monthlyCents * 1000) / HOURS_PER_MONTH);

/** Tiers on offer, for the flavours they list. */
export async function tiersOnOffer(db: Database) {
  return db
    .select({ id: clusterTiers.id, name: clusterTiers.name, allowedFlavorIds: clusterTiers.allowedFlavorIds })
    .from(clusterTiers)
    .where(and(eq(clusterTiers.active, true), isNull(clusterTiers.archivedAt)))
    .orderBy(asc(clusterTiers.sortOrder));
}

async function presentFlavors(ctx: Staff, rows: NodeFlavor[]) {
  const now = ctx.ports.clock.now();
  const tiers = await tiersOnOffer(ctx.db);
  return presentPriced(ctx.db, rows, FLAVOR_PRICES, now, (row) => ({
    offeredByTierIds: tiers.filter((tier) => tier.allowedFlavorIds.includes(row.id)).map((tier) => tier.id),
    // Clusters record their node count, not their flavours.
    inUse: null,
  }));
}

const flavors = catalogEntity({ table: nodeFlavors, entity: 'node_flavor', noun: 'node flavour', article: 'A', fields: FLAVOR_FIELDS, columns: FLAVOR_COLUMNS, prices: FLAVOR_PRICES, present: presentFlavors });

export const listFlavors = flavors.list;

async function checkFlavor(db: Database, flavor: NodeFlavor) {
  const hasGpu = flavor.gpuCount > 0 || flavor.gpuModel !== null || flavor.gpuMemoryGb !== null;
  if (flavor.category === 'gpu' && (flavor.gpuCount === 0 || flavor.gpuModel === null || flavor.gpuMemoryGb === null)) {
    throw badRequest('A GPU flavour needs its GPU model, GPU count (at least 1) and GPU memory per card.');
  }
  if (flavor.category !== 'gpu' && hasGpu) throw badRequest('Only a flavour of the gpu category has GPUs: choose that category, or leave the GPU fields empty.');
  checkRegions(flavor.regionIds, await regionIds(db), 'flavour');
}

export async function createFlavor(ctx: Staff, input: z.infer<typeof flavorCreateInput>) {
  const now = ctx.ports.clock.now();
  await flavors.checkNewId(ctx.db, input.id);
  const flavor: NodeFlavor = {
    ...input,
    gpuModel: input.gpuModel ?? null,
    gpuCount: input.gpuCount ?? 0,
    gpuMemoryGb: input.gpuMemoryGb ?? null,
    hourlyPriceMillicents: input.hourlyPriceMillicents ?? hourlyFromMonthly(input.monthlyPriceCents),
    ...(await flavors.newRow(ctx.db, input.sortOrder, now)),
  };
  await checkFlavor(ctx.db, flavor);
  return flavors.insert(ctx, flavor);
}

export async function updateFlavor(ctx: Staff, input: z.infer<typeof flavorUpdateInput>) {
  return flavors.update(ctx, input, {
    // A new monthly price without an hourly one keeps the two consistent.
    normalise: (after, patch, before) =>
      patch.hourlyPriceMillicents === undefined && after.monthlyPriceCents !== before.monthlyPriceCents ? { ...after, hourlyPriceMillicents: hourlyFromMonthly(after.monthlyPriceCents) } : after,
    check: (after) => checkFlavor(ctx.db, after),
  });
}

/** Refused while a tier on offer would be left with no flavour on sale. */
export async function archiveFlavor(ctx: Staff, id: string) {
  return flavors.setArchived(ctx, id, true, async () => {
    const [tiers, onSale] = await Promise.all([
      tiersOnOffer(ctx.db),
      ctx.db.select({ id: nodeFlavors.id }).from(nodeFlavors).where(and(isNull(nodeFlavors.archivedAt), ne(nodeFlavors.id, id))),
    ]);
    const others = new Set(onSale.map((row) => row.id));
    const stranded = tiers.filter((tier) => tier.allowedFlavorIds.includes(id) && !tier.allowedFlavorIds.some((other) => others.has(other)));
    if (stranded.length) {
      throw badRequest(`${listOf(stranded.map((tier) => tier.name))} would have no node flavour left on sale: add another flavour to ${stranded.length > 1 ? 'them' : 'it'} first.`);
    }
  });
}

export async function restoreFlavor(ctx: Staff, id: string) {
  return flavors.setArchived(ctx, id, false);
}
