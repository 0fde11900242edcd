import {
  clusterTiers,
  HOURS_PER_MONTH,
  nodeFlavors,
  type Database,
  type NodeFlavor,
} from '@kubemarket/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { giveawayAllowance } from './four-eyes';
import {
  initialPriceStatements,
  loadPrices,
  presentPriced,
  NO_EXTRA_PRICES,
  planPriceChanges,
  withPricesInEffect,
  type PriceAccessor,
} from './prices';
import type {
  flavorCreateInput,
  flavorUpdateInput,
} from './schemas';
import { type Staff, auditChange, badRequest, changedFields, checkRegions, commit, conflict, given, listOf, nextSortOrder, notFound, pick, regionIds, setArchived } from './common';

// Node flavours: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const FLAVOR_PRICES: PriceAccessor<NodeFlavor>[] = [
  {
    kind: 'node_flavor',
    read: (flavor) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: flavor.monthlyPriceCents, hourlyPriceMillicents: flavor.hourlyPriceMillicents }),
    write: (flavor, price) => ({ ...flavor, monthlyPriceCents: price.monthlyPriceCents, hourlyPriceMillicents: price.hourlyPriceMillicents ?? flavor.hourlyPriceMillicents }),
  },
];
const FLAVOR_KINDS = FLAVOR_PRICES.map((accessor) => accessor.kind);
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

async function findFlavor(db: Database, id: string) {
  const [row] = await db.select().from(nodeFlavors).where(eq(nodeFlavors.id, id)).limit(1);
  if (!row) throw notFound(`No node flavour with the id ${id}.`);
  return row;
}

const flavorOutput = async (ctx: Staff, id: string) => (await presentFlavors(ctx, [await findFlavor(ctx.db, id)]))[0]!;

export async function listFlavors(ctx: Staff) {
  return presentFlavors(ctx, await ctx.db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.sortOrder), asc(nodeFlavors.id)));
}

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
  const [existing] = await ctx.db.select({ id: nodeFlavors.id }).from(nodeFlavors).where(eq(nodeFlavors.id, input.id)).limit(1);
  if (existing) throw conflict(`A node flavour with the id ${input.id} already exists.`);
  const flavor: NodeFlavor = {
    ...input,
    gpuModel: input.gpuModel ?? null,
    gpuCount: input.gpuCount ?? 0,
    gpuMemoryGb: input.gpuMemoryGb ?? null,
    hourlyPriceMillicents: input.hourlyPriceMillicents ?? hourlyFromMonthly(input.monthlyPriceCents),
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, nodeFlavors, nodeFlavors.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await checkFlavor(ctx.db, flavor);
  await commit(
    ctx.db,
    [
      ctx.db.insert(nodeFlavors).values(flavor),
      ...initialPriceStatements(ctx.db, FLAVOR_PRICES, flavor.id, flavor, now, ctx.user.id),
      auditChange(ctx, 'node_flavor', 'created', flavor.id, { values: pick(flavor, FLAVOR_COLUMNS) }, now),
    ],
    `A node flavour with the id ${flavor.id} already exists.`,
  );
  return flavorOutput(ctx, flavor.id);
}

export async function updateFlavor(ctx: Staff, input: z.infer<typeof flavorUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findFlavor(ctx.db, id);
  const before = withPricesInEffect(row, FLAVOR_PRICES, id, await loadPrices(ctx.db, FLAVOR_KINDS, [id]), now);
  const after = { ...before, ...given(patch) };
  // A new monthly price without an hourly one keeps the two consistent.
  if (patch.hourlyPriceMillicents === undefined && after.monthlyPriceCents !== before.monthlyPriceCents) {
    after.hourlyPriceMillicents = hourlyFromMonthly(after.monthlyPriceCents);
  }
  await checkFlavor(ctx.db, after);
  const prices = planPriceChanges(ctx.db, { accessors: FLAVOR_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, FLAVOR_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return flavorOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(nodeFlavors).set({ ...pick(prices.record, FLAVOR_COLUMNS), updatedAt: now }).where(eq(nodeFlavors.id, id)),
      ...prices.statements,
      auditChange(ctx, 'node_flavor', 'updated', id, { changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
  );
  return flavorOutput(ctx, id);
}

/** Refused while a tier on offer would be left with no flavour on sale. */
export async function archiveFlavor(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const flavor = await findFlavor(ctx.db, id);
  if (flavor.archivedAt !== null) return flavorOutput(ctx, id);
  const [tiers, onSale] = await Promise.all([
    tiersOnOffer(ctx.db),
    ctx.db.select({ id: nodeFlavors.id }).from(nodeFlavors).where(and(isNull(nodeFlavors.archivedAt), ne(nodeFlavors.id, id))),
  ]);
  const others = new Set(onSale.map((row) => row.id));
  const stranded = tiers.filter((tier) => tier.allowedFlavorIds.includes(id) && !tier.allowedFlavorIds.some((other) => others.has(other)));
  if (stranded.length) {
    throw badRequest(`${listOf(stranded.map((tier) => tier.name))} would have no node flavour left on sale: add another flavour to ${stranded.length > 1 ? 'them' : 'it'} first.`);
  }
  await setArchived(ctx, nodeFlavors, 'node_flavor', id, true, { name: flavor.name }, now);
  return flavorOutput(ctx, id);
}

export async function restoreFlavor(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const flavor = await findFlavor(ctx.db, id);
  if (flavor.archivedAt === null) return flavorOutput(ctx, id);
  await setArchived(ctx, nodeFlavors, 'node_flavor', id, false, { name: flavor.name }, now);
  return flavorOutput(ctx, id);
}
