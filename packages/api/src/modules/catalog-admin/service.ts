import {
  addons,
  clusters,
  clusterTiers,
  dataCenters,
  HOURS_PER_MONTH,
  kubernetesVersions,
  middlewarePlans,
  middlewares,
  nodeFlavors,
  promotionRedemptions,
  promotions,
  supportPlans,
  type Addon,
  type ClusterTier,
  type Database,
  type KubernetesVersion,
  type Middleware,
  type MiddlewarePlan,
  type NodeFlavor,
  type Promotion,
  type SupportPlan,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Context, SessionUser } from '../../context';
import { auditInsert } from '../../platform/audit';
import { euros } from '@kubemarket/shared';
import { isUniqueViolation } from '../../platform/db-errors';
import { ProvisionerError, type CloudProfileSync } from '../../platform/provisioner';
import { allowanceSpent, claimGiveaway, fourEyes, giveawayAllowance, giveawayLimit, isAllowanceSpent, promotionLimit, type Approval } from './four-eyes';
import {
  initialPriceStatements,
  loadPrices,
  NO_EXTRA_PRICES,
  planPriceChanges,
  scheduledPrices,
  withPricesInEffect,
  type PriceAccessor,
} from './prices';
import type {
  addonCreateInput,
  addonUpdateInput,
  flavorCreateInput,
  flavorUpdateInput,
  middlewareCreateInput,
  middlewareUpdateInput,
  planCreateInput,
  planUpdateInput,
  promotionCreateInput,
  promotionUpdateInput,
  supportCreateInput,
  supportUpdateInput,
  tierCreateInput,
  tierUpdateInput,
  versionCreateInput,
  versionUpdateInput,
} from './schemas';

/**
 * Staff editing of the catalogue. Items are never deleted: archiving takes one off sale and keeps
 * every cluster, order and price row that points at it. Each change is checked as a whole (the
 * stored item with the edit applied), written in one batch with its audit row
 * (`catalog.<entity>_<created|updated|archived|restored>`, metadata saying what changed), and
 * never rewrites a price: see ./prices.ts.
 */

/** The caller; `approval` is set when an approved change request is carried out, or probed (./four-eyes.ts). */
export type Staff = Context & { user: SessionUser; approval?: Approval };
type Statement = BatchItem<'sqlite'>;
type Entity = 'cluster_tier' | 'node_flavor' | 'kubernetes_version' | 'addon' | 'middleware' | 'middleware_plan' | 'support_plan' | 'promotion';
type Event = 'created' | 'updated' | 'archived' | 'restored';

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

const listOf = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The fields an edit sets: an absent field keeps its stored value, null clears it. */
function given<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function pick<R, K extends keyof R>(record: R, keys: readonly K[]): Pick<R, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<R, K>;
}

/** `{ field: { from, to } }` for the audit log. */
function changedFields<R>(before: R, after: R, keys: readonly (keyof R & string)[]) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

function auditChange(ctx: Staff, entity: Entity, event: Event, targetId: string, metadata: Record<string, unknown>, now: number) {
  const approval = ctx.approval?.kind === 'approved' ? { approval: { requestId: ctx.approval.requestId, requestedBy: ctx.approval.requestedBy, approvedBy: ctx.user.id } } : {};
  return auditInsert(ctx.db, { actorUserId: ctx.user.id, action: `catalog.${entity}_${event}`, targetType: entity, targetId, ipAddress: ctx.request.ipAddress, metadata: { ...metadata, ...approval } }, now);
}

/** One atomic batch; a UNIQUE refusal (a concurrent edit won the race) is a 409 with `conflictMessage`. */
async function commit(db: Database, statements: Statement[], conflictMessage?: string) {
  try {
    await db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    // A giveaway past the monthly allowance, spent by a parallel change after this one read it.
    if (isAllowanceSpent(error)) throw allowanceSpent();
    if (conflictMessage && isUniqueViolation(error)) throw conflict(conflictMessage);
    throw error;
  }
}

async function nextSortOrder(db: Database, table: SQLiteTable, column: SQLiteColumn) {
  const [row] = await db.select({ value: max(column) }).from(table);
  return Number(row?.value ?? 0) + 1;
}

function checkYearly(label: string, monthly: number, yearly: number | null) {
  if (yearly !== null && yearly > monthly * 12) {
    throw badRequest(`${label}: the yearly price (${euros(yearly)}) cannot be more than 12 monthly payments (${euros(monthly * 12)}).`);
  }
}

/**
 * Every id names an existing item; one that is archived may stay where it already was, but is
 * not added anew.
 */
function checkReferences(noun: { one: string; many: string }, ids: readonly string[], known: ReadonlyMap<string, number | null>, previous: readonly string[] = []) {
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown ${unknown.length > 1 ? noun.many : noun.one}: ${listOf(unknown)}.`);
  const archived = ids.filter((id) => known.get(id) !== null && !previous.includes(id));
  if (archived.length) {
    throw badRequest(`${archived.length > 1 ? `The ${noun.many}` : `The ${noun.one}`} ${listOf(archived)} ${archived.length > 1 ? 'are' : 'is'} archived: restore ${archived.length > 1 ? 'them' : 'it'} first.`);
  }
}

const REGION = { one: 'region', many: 'regions' };
const FLAVOR = { one: 'node flavour', many: 'node flavours' };
const TIER = { one: 'cluster tier', many: 'cluster tiers' };
const ADDON = { one: 'add-on', many: 'add-ons' };

async function regionIds(db: Database): Promise<Map<string, null>> {
  const rows = await db.select({ id: dataCenters.id }).from(dataCenters);
  return new Map(rows.map((row) => [row.id, null]));
}

function checkRegions(ids: readonly string[], known: ReadonlyMap<string, null>, what: string) {
  if (ids.length === 0) throw badRequest(`Choose at least one region where the ${what} can be ordered.`);
  checkReferences(REGION, ids, known);
}

// ---------------------------------------------------------------------------------------------
// Cluster tiers

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
const TIER_KINDS = TIER_PRICES.map((accessor) => accessor.kind);
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
  const [prices, usage] = await Promise.all([
    loadPrices(ctx.db, TIER_KINDS, ids),
    ids.length ? ctx.db.select({ id: clusters.tierId, count: count() }).from(clusters).where(inArray(clusters.tierId, ids)).groupBy(clusters.tierId) : [],
  ]);
  const used = new Map(usage.map((row) => [row.id, row.count]));
  return rows.map((row) => ({
    ...withPricesInEffect(row, TIER_PRICES, row.id, prices, now),
    inUse: used.get(row.id) ?? 0,
    scheduledPrices: scheduledPrices(TIER_KINDS, row.id, prices, now),
  }));
}

async function findTier(db: Database, id: string) {
  const [row] = await db.select().from(clusterTiers).where(eq(clusterTiers.id, id)).limit(1);
  if (!row) throw notFound(`No cluster tier with the id ${id}.`);
  return row;
}

const tierOutput = async (ctx: Staff, id: string) => (await presentTiers(ctx, [await findTier(ctx.db, id)]))[0]!;

export async function listTiers(ctx: Staff) {
  return presentTiers(ctx, await ctx.db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder), asc(clusterTiers.id)));
}

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
  const [existing] = await ctx.db.select({ id: clusterTiers.id }).from(clusterTiers).where(eq(clusterTiers.id, input.id)).limit(1);
  if (existing) throw conflict(`A cluster tier with the id ${input.id} already exists.`);
  const tier = normaliseTier(
    {
      ...input,
      slaBasisPoints: input.slaBasisPoints ?? null,
      haMonthlyPriceCents: input.haMonthlyPriceCents ?? null,
      haYearlyPriceCents: input.haYearlyPriceCents ?? null,
      sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, clusterTiers, clusterTiers.sortOrder)),
      active: true,
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    input,
  );
  await checkTier(ctx.db, tier, null);
  await commit(
    ctx.db,
    [
      ctx.db.insert(clusterTiers).values(tier),
      ...initialPriceStatements(ctx.db, TIER_PRICES, tier.id, tier, now, ctx.user.id),
      auditChange(ctx, 'cluster_tier', 'created', tier.id, { values: pick(tier, TIER_COLUMNS) }, now),
    ],
    `A cluster tier with the id ${tier.id} or the name “${tier.name}” already exists.`,
  );
  return tierOutput(ctx, tier.id);
}

export async function updateTier(ctx: Staff, input: z.infer<typeof tierUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findTier(ctx.db, id);
  const before = withPricesInEffect(row, TIER_PRICES, id, await loadPrices(ctx.db, TIER_KINDS, [id]), now);
  const after = normaliseTier({ ...before, ...given(patch) }, patch);
  await checkTier(ctx.db, after, before);
  const prices = planPriceChanges(ctx.db, { accessors: TIER_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, TIER_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return tierOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(clusterTiers).set({ ...pick(prices.record, TIER_COLUMNS), updatedAt: now }).where(eq(clusterTiers.id, id)),
      ...prices.statements,
      auditChange(ctx, 'cluster_tier', 'updated', id, { changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
    `A cluster tier named “${after.name}” already exists.`,
  );
  return tierOutput(ctx, id);
}

/** Clusters and orders keep pointing at an archived tier; customers can no longer choose it. */
export async function archiveTier(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const tier = await findTier(ctx.db, id);
  if (tier.archivedAt !== null) return tierOutput(ctx, id);
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
  return tierOutput(ctx, id);
}

export async function restoreTier(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const tier = await findTier(ctx.db, id);
  if (tier.archivedAt === null && tier.active) return tierOutput(ctx, id);
  const onSale = await ctx.db.$count(nodeFlavors, and(inArray(nodeFlavors.id, tier.allowedFlavorIds), isNull(nodeFlavors.archivedAt)));
  if (onSale === 0) throw badRequest(`Every node flavour ${tier.name} offers is archived: restore one of them, or change the tier's flavours, first.`);
  await commit(
    ctx.db,
    [
      ctx.db.update(clusterTiers).set({ archivedAt: null, active: true, updatedAt: now }).where(eq(clusterTiers.id, id)),
      auditChange(ctx, 'cluster_tier', 'restored', id, { name: tier.name }, now),
    ],
  );
  return tierOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Node flavours

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
async function tiersOnOffer(db: Database) {
  return db
    .select({ id: clusterTiers.id, name: clusterTiers.name, allowedFlavorIds: clusterTiers.allowedFlavorIds })
    .from(clusterTiers)
    .where(and(eq(clusterTiers.active, true), isNull(clusterTiers.archivedAt)))
    .orderBy(asc(clusterTiers.sortOrder));
}

async function presentFlavors(ctx: Staff, rows: NodeFlavor[]) {
  const now = ctx.ports.clock.now();
  const [prices, tiers] = await Promise.all([loadPrices(ctx.db, FLAVOR_KINDS, rows.map((row) => row.id)), tiersOnOffer(ctx.db)]);
  return rows.map((row) => ({
    ...withPricesInEffect(row, FLAVOR_PRICES, row.id, prices, now),
    offeredByTierIds: tiers.filter((tier) => tier.allowedFlavorIds.includes(row.id)).map((tier) => tier.id),
    // Clusters record their node count, not their flavours.
    inUse: null,
    scheduledPrices: scheduledPrices(FLAVOR_KINDS, row.id, prices, now),
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
  await commit(
    ctx.db,
    [
      ctx.db.update(nodeFlavors).set({ archivedAt: now, updatedAt: now }).where(eq(nodeFlavors.id, id)),
      auditChange(ctx, 'node_flavor', 'archived', id, { name: flavor.name }, now),
    ],
  );
  return flavorOutput(ctx, id);
}

export async function restoreFlavor(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const flavor = await findFlavor(ctx.db, id);
  if (flavor.archivedAt === null) return flavorOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(nodeFlavors).set({ archivedAt: null, updatedAt: now }).where(eq(nodeFlavors.id, id)),
      auditChange(ctx, 'node_flavor', 'restored', id, { name: flavor.name }, now),
    ],
  );
  return flavorOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Kubernetes versions

const VERSION_FIELDS = ['patch', 'classification', 'endOfSupportAt', 'isDefault', 'sortOrder'] as const;
const DEFAULT_RACE = 'Another change of the default version happened at the same time: reload and try again.';

/** Minor versions compare numerically: "1.100" follows "1.99". */
function compareMinor(a: string, b: string) {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

async function presentVersions(ctx: Staff, rows: KubernetesVersion[]) {
  // Clusters store their full version ("1.36.4"); a minor is in use by every patch of it.
  const usage = await ctx.db.select({ version: clusters.kubernetesVersion, count: count() }).from(clusters).groupBy(clusters.kubernetesVersion);
  const used = new Map<string, number>();
  for (const row of usage) {
    const minor = row.version.split('.').slice(0, 2).join('.');
    used.set(minor, (used.get(minor) ?? 0) + row.count);
  }
  return rows.map((row) => ({ ...row, inUse: used.get(row.version) ?? 0 }));
}

async function findVersion(db: Database, version: string) {
  const [row] = await db.select().from(kubernetesVersions).where(eq(kubernetesVersions.version, version)).limit(1);
  if (!row) throw notFound(`No Kubernetes version ${version} in the catalogue.`);
  return row;
}

const versionOutput = async (ctx: Staff, version: string) => (await presentVersions(ctx, [await findVersion(ctx.db, version)]))[0]!;

export async function listVersions(ctx: Staff) {
  return presentVersions(ctx, await ctx.db.select().from(kubernetesVersions).orderBy(asc(kubernetesVersions.sortOrder), asc(kubernetesVersions.version)));
}

function checkVersion(version: KubernetesVersion) {
  if (version.isDefault && version.classification !== 'supported') {
    throw badRequest(`Only a supported version can be the default for new clusters; ${version.version} is ${version.classification}.`);
  }
}

/** At most one default (unique index): the previous default is cleared first, in the same batch. */
async function defaultMove(ctx: Staff, version: string, now: number) {
  const [previous] = await ctx.db
    .select({ version: kubernetesVersions.version })
    .from(kubernetesVersions)
    .where(and(eq(kubernetesVersions.isDefault, true), ne(kubernetesVersions.version, version)))
    .limit(1);
  return {
    previous: previous?.version ?? null,
    statement: ctx.db.update(kubernetesVersions).set({ isDefault: false, updatedAt: now }).where(and(eq(kubernetesVersions.isDefault, true), ne(kubernetesVersions.version, version))),
  };
}

export async function createVersion(ctx: Staff, input: z.infer<typeof versionCreateInput>) {
  const now = ctx.ports.clock.now();
  const [existing] = await ctx.db.select({ version: kubernetesVersions.version }).from(kubernetesVersions).where(eq(kubernetesVersions.version, input.version)).limit(1);
  if (existing) throw conflict(`Kubernetes ${input.version} is already in the catalogue.`);
  const version: KubernetesVersion = {
    ...input,
    endOfSupportAt: input.endOfSupportAt ?? null,
    isDefault: input.isDefault ?? false,
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, kubernetesVersions, kubernetesVersions.sortOrder)),
    createdAt: now,
    updatedAt: now,
  };
  checkVersion(version);
  const move = version.isDefault ? await defaultMove(ctx, version.version, now) : null;
  await commit(
    ctx.db,
    [
      ...(move ? [move.statement] : []),
      ctx.db.insert(kubernetesVersions).values(version),
      auditChange(ctx, 'kubernetes_version', 'created', version.version, { values: pick(version, VERSION_FIELDS), ...(move ? { previousDefault: move.previous } : {}) }, now),
    ],
    `Kubernetes ${version.version} is already in the catalogue, or ${DEFAULT_RACE}`,
  );
  return versionOutput(ctx, version.version);
}

export async function updateVersion(ctx: Staff, input: z.infer<typeof versionUpdateInput>) {
  const { version: id, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findVersion(ctx.db, id);
  const after = { ...before, ...given(patch) };
  if (before.isDefault && !after.isDefault) {
    throw badRequest(`${id} is the default version for new clusters: make another version the default instead, which moves it.`);
  }
  checkVersion(after);
  const changes = changedFields(before, after, VERSION_FIELDS);
  if (Object.keys(changes).length === 0) return versionOutput(ctx, id);
  const move = after.isDefault && !before.isDefault ? await defaultMove(ctx, id, now) : null;
  await commit(
    ctx.db,
    [
      ...(move ? [move.statement] : []),
      ctx.db.update(kubernetesVersions).set({ ...pick(after, VERSION_FIELDS), updatedAt: now }).where(eq(kubernetesVersions.version, id)),
      auditChange(ctx, 'kubernetes_version', 'updated', id, { changes, ...(move ? { previousDefault: move.previous } : {}) }, now),
    ],
    DEFAULT_RACE,
  );
  return versionOutput(ctx, id);
}

/** A minor as Gardener offers it: its highest usable patch, or how it expired. */
interface OfferedMinor {
  minor: string;
  patch: number;
  classification: KubernetesVersion['classification'] | 'expired';
  endOfSupportAt: number | null;
}

function outranks(candidate: OfferedMinor, known: OfferedMinor): boolean {
  const [candidateExpired, knownExpired] = [candidate.classification === 'expired', known.classification === 'expired'];
  if (candidateExpired !== knownExpired) return knownExpired;
  if (candidateExpired) return (candidate.endOfSupportAt ?? 0) > (known.endOfSupportAt ?? 0);
  return candidate.patch > known.patch;
}

/**
 * Gardener lists every patch; the catalogue keeps one row per minor. A minor's row follows its
 * highest patch that has not expired; a minor whose patches have all expired is `expired`, with
 * the latest of their expiration dates.
 */
function offeredMinors(versions: CloudProfileSync['kubernetesVersions']): OfferedMinor[] {
  const byMinor = new Map<string, OfferedMinor>();
  for (const offered of versions) {
    const match = /^(\d{1,3}\.\d{1,3})\.(\d+)$/.exec(offered.version);
    if (!match) continue;
    const minor = match[1]!;
    const patch = Number(match[2]);
    const expiresAt = offered.expirationDate ? Date.parse(offered.expirationDate) : Number.NaN;
    const candidate: OfferedMinor = { minor, patch, classification: offered.classification, endOfSupportAt: Number.isNaN(expiresAt) ? null : expiresAt };
    const known = byMinor.get(minor);
    if (!known || outranks(candidate, known)) byMinor.set(minor, candidate);
  }
  return [...byMinor.values()].sort((a, b) => compareMinor(a.minor, b.minor));
}

export interface VersionSyncResult {
  added: string[];
  updated: string[];
  unchanged: number;
  machineTypesMissing: string[];
}

const SYNC_RACE = 'The Kubernetes versions changed while syncing from Gardener: sync again.';

/**
 * Brings kubernetes_versions in line with the Gardener CloudProfile: a minor it offers is added or
 * gets its highest patch, classification and (when Gardener announces one) end of support; an
 * expired minor is not added, and a stored one becomes deprecated. Rows are never deleted, and
 * minors Gardener does not list are left as they are. Node flavours are only compared here; their
 * own sync is syncFlavorsFromGardener.
 */
/** The CloudProfile of the Gardener the clusters run on; a readable refusal on the simulator or when Gardener cannot be read. */
async function readCloudProfile(ctx: Staff): Promise<CloudProfileSync> {
  const provisioner = ctx.ports.provisioner;
  if (provisioner.kind !== 'gardener') {
    throw conflict('Clusters run on the embedded simulator; there is no Gardener CloudProfile to sync from.');
  }
  if (!provisioner.syncCatalog) throw conflict('This Gardener connection cannot read its CloudProfile, so there is nothing to sync from.');
  try {
    return await provisioner.syncCatalog();
  } catch (error) {
    if (error instanceof ProvisionerError) {
      throw new TRPCError({ code: error.retryable ? 'SERVICE_UNAVAILABLE' : 'BAD_GATEWAY', message: `The CloudProfile could not be read: ${error.message}`, cause: error });
    }
    throw error;
  }
}

export async function syncVersionsFromGardener(ctx: Staff): Promise<VersionSyncResult> {
  const profile = await readCloudProfile(ctx);
  const now = ctx.ports.clock.now();
  const stored = new Map((await ctx.db.select().from(kubernetesVersions)).map((row) => [row.version, row]));
  let sortOrder = await nextSortOrder(ctx.db, kubernetesVersions, kubernetesVersions.sortOrder);
  const statements: Statement[] = [];
  const added: string[] = [];
  const updated: string[] = [];
  let unchanged = 0;
  for (const offered of offeredMinors(profile.kubernetesVersions)) {
    const before = stored.get(offered.minor);
    if (!before) {
      if (offered.classification === 'expired') continue;
      const version: KubernetesVersion = {
        version: offered.minor,
        patch: offered.patch,
        classification: offered.classification,
        endOfSupportAt: offered.endOfSupportAt,
        isDefault: false,
        sortOrder: sortOrder++,
        createdAt: now,
        updatedAt: now,
      };
      statements.push(
        ctx.db.insert(kubernetesVersions).values(version),
        auditChange(ctx, 'kubernetes_version', 'created', version.version, { values: pick(version, VERSION_FIELDS), source: 'gardener_cloud_profile' }, now),
      );
      added.push(version.version);
      continue;
    }
    const after: KubernetesVersion =
      offered.classification === 'expired'
        ? { ...before, classification: 'deprecated', endOfSupportAt: offered.endOfSupportAt ?? before.endOfSupportAt }
        : { ...before, patch: offered.patch, classification: offered.classification, endOfSupportAt: offered.endOfSupportAt ?? before.endOfSupportAt };
    const changes = changedFields(before, after, VERSION_FIELDS);
    if (Object.keys(changes).length === 0) {
      unchanged += 1;
      continue;
    }
    if (after.isDefault && after.classification !== 'supported') {
      const state = offered.classification === 'expired' ? 'expired' : offered.classification;
      throw conflict(
        `Gardener lists Kubernetes ${before.version} as ${state}, but it is the default for new clusters: make a supported version the default first, then sync again. Nothing was changed.`,
      );
    }
    statements.push(
      ctx.db.update(kubernetesVersions).set({ ...pick(after, VERSION_FIELDS), updatedAt: now }).where(eq(kubernetesVersions.version, before.version)),
      auditChange(ctx, 'kubernetes_version', 'updated', before.version, { changes, source: 'gardener_cloud_profile' }, now),
    );
    updated.push(before.version);
  }
  if (statements.length > 0) await commit(ctx.db, statements, SYNC_RACE);

  const machineTypes = new Set(profile.machineTypes.map((type) => type.name));
  const flavors = await ctx.db.select({ id: nodeFlavors.id }).from(nodeFlavors).orderBy(asc(nodeFlavors.sortOrder), asc(nodeFlavors.id));
  const machineTypesMissing = flavors.map((flavor) => flavor.id).filter((id) => !machineTypes.has(id));
  return { added, updated, unchanged, machineTypesMissing };
}

export interface FlavorSyncResult {
  updated: string[];
  unchanged: number;
  missing: string[];
  archived: string[];
  skipped: Array<{ id: string; reason: string }>;
  notSold: CloudProfileSync['machineTypes'];
}

const FLAVOR_SYNC_RACE = 'The node flavours changed while syncing from Gardener: sync again.';

/**
 * Brings node flavours in line with the machine types of the Gardener CloudProfile, matched by name:
 * a flavour's vCPU, memory and GPU count become the machine type's (what Gardener will build);
 * prices, names and regions stay the shop's. A flavour with no usable machine type cannot be built:
 * it is listed, and archived (no longer sold; running clusters keep their nodes) only when
 * `archiveMissing` asks for it and no tier on offer would be left without a flavour. Machine types
 * the shop does not sell are listed with their sizes, for staff to price and add. Every change is
 * audited with the CloudProfile as its source.
 */
export async function syncFlavorsFromGardener(ctx: Staff, input: { archiveMissing: boolean }): Promise<FlavorSyncResult> {
  const profile = await readCloudProfile(ctx);
  const now = ctx.ports.clock.now();
  const machineTypes = new Map(profile.machineTypes.map((type) => [type.name, type]));
  const [flavors, tiers] = await Promise.all([ctx.db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.sortOrder), asc(nodeFlavors.id)), tiersOnOffer(ctx.db)]);
  const statements: Statement[] = [];
  const updated: string[] = [];
  const missing: string[] = [];
  const archived: string[] = [];
  const skipped: FlavorSyncResult['skipped'] = [];
  let unchanged = 0;
  const onSale = new Set(flavors.filter((flavor) => flavor.archivedAt === null).map((flavor) => flavor.id));
  for (const flavor of flavors) {
    const type = machineTypes.get(flavor.id);
    if (!type) {
      missing.push(flavor.id);
      if (!input.archiveMissing || flavor.archivedAt !== null) continue;
      const others = [...onSale].filter((id) => id !== flavor.id);
      const stranded = tiers.filter((tier) => tier.allowedFlavorIds.includes(flavor.id) && !tier.allowedFlavorIds.some((other) => others.includes(other) && machineTypes.has(other)));
      if (stranded.length) {
        skipped.push({ id: flavor.id, reason: `Kept on sale: ${listOf(stranded.map((tier) => tier.name))} would have no node flavour Gardener can build left.` });
        continue;
      }
      onSale.delete(flavor.id);
      statements.push(
        ctx.db.update(nodeFlavors).set({ archivedAt: now, updatedAt: now }).where(eq(nodeFlavors.id, flavor.id)),
        auditChange(ctx, 'node_flavor', 'archived', flavor.id, { name: flavor.name, source: 'gardener_cloud_profile', reason: 'No usable machine type of that name in the CloudProfile.' }, now),
      );
      archived.push(flavor.id);
      continue;
    }
    if ((flavor.category === 'gpu') !== type.gpu > 0) {
      skipped.push({ id: flavor.id, reason: `Not changed: the machine type has ${type.gpu} GPU${type.gpu === 1 ? '' : 's'}, and the flavour is ${flavor.category === 'gpu' ? 'a GPU flavour' : 'not a GPU flavour'}.` });
      continue;
    }
    const after: NodeFlavor = { ...flavor, vcpu: Math.round(type.cpu), memoryGb: Math.round(type.memoryGb), gpuCount: Math.round(type.gpu) };
    const changes = changedFields(flavor, after, ['vcpu', 'memoryGb', 'gpuCount']);
    if (Object.keys(changes).length === 0) {
      unchanged += 1;
      continue;
    }
    statements.push(
      ctx.db.update(nodeFlavors).set({ vcpu: after.vcpu, memoryGb: after.memoryGb, gpuCount: after.gpuCount, updatedAt: now }).where(eq(nodeFlavors.id, flavor.id)),
      auditChange(ctx, 'node_flavor', 'updated', flavor.id, { changes, source: 'gardener_cloud_profile' }, now),
    );
    updated.push(flavor.id);
  }
  if (statements.length > 0) await commit(ctx.db, statements, FLAVOR_SYNC_RACE);
  const sold = new Set(flavors.map((flavor) => flavor.id));
  return { updated, unchanged, missing, archived, skipped, notSold: profile.machineTypes.filter((type) => !sold.has(type.name)) };
}

// ---------------------------------------------------------------------------------------------
// Add-ons

const ADDON_PRICES: PriceAccessor<Addon>[] = [
  {
    kind: 'addon',
    read: (addon) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: addon.monthlyPriceCents, yearlyPriceCents: addon.yearlyPriceCents }),
    write: (addon, price) => ({ ...addon, monthlyPriceCents: price.monthlyPriceCents, yearlyPriceCents: price.yearlyPriceCents }),
  },
];
const ADDON_KINDS = ADDON_PRICES.map((accessor) => accessor.kind);
const ADDON_FIELDS = [
  'name',
  'category',
  'description',
  'version',
  'compatibleTierIds',
  'minKubernetesVersion',
  'maxKubernetesVersion',
  'requires',
  'conflicts',
  'sortOrder',
] as const;
const ADDON_COLUMNS = [...ADDON_FIELDS, 'monthlyPriceCents', 'yearlyPriceCents'] as const;

async function presentAddons(ctx: Staff, rows: Addon[]) {
  const now = ctx.ports.clock.now();
  const [prices, onSale] = await Promise.all([
    loadPrices(ctx.db, ADDON_KINDS, rows.map((row) => row.id)),
    ctx.db.select({ id: addons.id, requires: addons.requires }).from(addons).where(isNull(addons.archivedAt)).orderBy(asc(addons.sortOrder)),
  ]);
  return rows.map((row) => ({
    ...withPricesInEffect(row, ADDON_PRICES, row.id, prices, now),
    requiredBy: onSale.filter((other) => other.requires.includes(row.id)).map((other) => other.id),
    // Nothing records yet which clusters run which add-ons.
    inUse: null,
    scheduledPrices: scheduledPrices(ADDON_KINDS, row.id, prices, now),
  }));
}

async function findAddon(db: Database, id: string) {
  const [row] = await db.select().from(addons).where(eq(addons.id, id)).limit(1);
  if (!row) throw notFound(`No add-on with the id ${id}.`);
  return row;
}

const addonOutput = async (ctx: Staff, id: string) => (await presentAddons(ctx, [await findAddon(ctx.db, id)]))[0]!;

export async function listAddons(ctx: Staff) {
  return presentAddons(ctx, await ctx.db.select().from(addons).orderBy(asc(addons.sortOrder), asc(addons.id)));
}

/** The add-on `from` depends on, directly or through others, that leads back to `target`; null when none does. */
function requirementPathTo(target: string, from: readonly string[], requiresOf: (id: string) => readonly string[]): string | null {
  for (const start of from) {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (id === target) return start;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...requiresOf(id));
    }
  }
  return null;
}

async function checkAddon(db: Database, addon: Addon, before: Addon | null, others: ReadonlyMap<string, Addon>) {
  checkYearly('Add-on', addon.monthlyPriceCents, addon.yearlyPriceCents);
  if (addon.compatibleTierIds.length === 0) throw badRequest('Choose at least one cluster tier the add-on can be installed on.');
  const tiers = await db.select({ id: clusterTiers.id, archivedAt: clusterTiers.archivedAt }).from(clusterTiers);
  checkReferences(TIER, addon.compatibleTierIds, new Map(tiers.map((tier) => [tier.id, tier.archivedAt])), before?.compatibleTierIds);
  if (addon.minKubernetesVersion && addon.maxKubernetesVersion && compareMinor(addon.minKubernetesVersion, addon.maxKubernetesVersion) > 0) {
    throw badRequest(`The minimum Kubernetes version (${addon.minKubernetesVersion}) is above the maximum (${addon.maxKubernetesVersion}).`);
  }
  if (addon.requires.includes(addon.id)) throw badRequest('An add-on cannot require itself.');
  if (addon.conflicts.includes(addon.id)) throw badRequest('An add-on cannot conflict with itself.');
  const both = addon.requires.filter((id) => addon.conflicts.includes(id));
  if (both.length) throw badRequest(`${listOf(both)} cannot be both required by and in conflict with this add-on.`);
  const known = new Map([...others.values()].map((other) => [other.id, other.archivedAt]));
  checkReferences(ADDON, addon.requires, known, before?.requires);
  // Conflicting with an archived add-on is harmless: it keeps the rule if that add-on comes back.
  checkReferences(ADDON, addon.conflicts, known, [...known.keys()]);
  for (const id of addon.conflicts) {
    const other = others.get(id)!;
    if (other.requires.includes(addon.id)) throw badRequest(`${other.name} requires this add-on, so the two cannot conflict.`);
  }
  const loop = requirementPathTo(addon.id, addon.requires, (id) => others.get(id)?.requires ?? []);
  if (loop) throw badRequest(`Requirements cannot go round in a circle: ${others.get(loop)?.name ?? loop} already requires this add-on, directly or through others.`);
}

/** Conflicts are kept symmetric: the add-ons gained or dropped as conflicts list this one, or no longer do. */
function conflictStatements(db: Database, addonId: string, before: readonly string[], after: readonly string[], others: ReadonlyMap<string, Addon>, now: number) {
  const statements: Statement[] = [];
  for (const id of new Set([...before, ...after])) {
    const other = others.get(id);
    if (!other) continue;
    const listed = other.conflicts.includes(addonId);
    const wanted = after.includes(id);
    if (listed === wanted) continue;
    const conflicts = wanted ? [...other.conflicts, addonId] : other.conflicts.filter((entry) => entry !== addonId);
    statements.push(db.update(addons).set({ conflicts, updatedAt: now }).where(eq(addons.id, id)));
  }
  return statements;
}

async function otherAddons(db: Database, id: string) {
  const rows = await db.select().from(addons).where(ne(addons.id, id));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function createAddon(ctx: Staff, input: z.infer<typeof addonCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(addons, eq(addons.id, input.id))) > 0) throw conflict(`An add-on with the id ${input.id} already exists.`);
  const others = await otherAddons(ctx.db, input.id);
  const addon: Addon = {
    ...input,
    yearlyPriceCents: input.yearlyPriceCents ?? null,
    minKubernetesVersion: input.minKubernetesVersion ?? null,
    maxKubernetesVersion: input.maxKubernetesVersion ?? null,
    requires: input.requires ?? [],
    conflicts: input.conflicts ?? [],
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, addons, addons.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await checkAddon(ctx.db, addon, null, others);
  await commit(
    ctx.db,
    [
      ctx.db.insert(addons).values(addon),
      ...conflictStatements(ctx.db, addon.id, [], addon.conflicts, others, now),
      ...initialPriceStatements(ctx.db, ADDON_PRICES, addon.id, addon, now, ctx.user.id),
      auditChange(ctx, 'addon', 'created', addon.id, { values: pick(addon, ADDON_COLUMNS) }, now),
    ],
    `An add-on with the id ${addon.id} already exists.`,
  );
  return addonOutput(ctx, addon.id);
}

export async function updateAddon(ctx: Staff, input: z.infer<typeof addonUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findAddon(ctx.db, id);
  const [prices, others] = await Promise.all([loadPrices(ctx.db, ADDON_KINDS, [id]), otherAddons(ctx.db, id)]);
  const before = withPricesInEffect(row, ADDON_PRICES, id, prices, now);
  const after = { ...before, ...given(patch) };
  await checkAddon(ctx.db, after, before, others);
  const plan = planPriceChanges(ctx.db, { accessors: ADDON_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, ADDON_FIELDS);
  if (!plan.audit && Object.keys(changes).length === 0) return addonOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(addons).set({ ...pick(plan.record, ADDON_COLUMNS), updatedAt: now }).where(eq(addons.id, id)),
      ...conflictStatements(ctx.db, id, before.conflicts, after.conflicts, others, now),
      ...plan.statements,
      auditChange(ctx, 'addon', 'updated', id, { changes, ...(plan.audit ? { price: plan.audit } : {}) }, now),
    ],
  );
  return addonOutput(ctx, id);
}

/** Refused while an add-on on sale requires it: customers could not install that one. */
export async function archiveAddon(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const addon = await findAddon(ctx.db, id);
  if (addon.archivedAt !== null) return addonOutput(ctx, id);
  const dependants = [...(await otherAddons(ctx.db, id)).values()].filter((other) => other.archivedAt === null && other.requires.includes(id));
  if (dependants.length) {
    throw badRequest(`${listOf(dependants.map((other) => other.name))} ${dependants.length > 1 ? 'require' : 'requires'} ${addon.name}: archive ${dependants.length > 1 ? 'them' : 'it'} or remove the requirement first.`);
  }
  await commit(
    ctx.db,
    [ctx.db.update(addons).set({ archivedAt: now, updatedAt: now }).where(eq(addons.id, id)), auditChange(ctx, 'addon', 'archived', id, { name: addon.name }, now)],
  );
  return addonOutput(ctx, id);
}

export async function restoreAddon(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const addon = await findAddon(ctx.db, id);
  if (addon.archivedAt === null) return addonOutput(ctx, id);
  const others = await otherAddons(ctx.db, id);
  const archived = addon.requires.filter((required) => others.get(required)?.archivedAt != null).map((required) => others.get(required)!.name);
  if (archived.length) throw badRequest(`${addon.name} requires ${listOf(archived)}, which ${archived.length > 1 ? 'are' : 'is'} archived: restore ${archived.length > 1 ? 'them' : 'it'} first.`);
  await commit(
    ctx.db,
    [ctx.db.update(addons).set({ archivedAt: null, updatedAt: now }).where(eq(addons.id, id)), auditChange(ctx, 'addon', 'restored', id, { name: addon.name }, now)],
  );
  return addonOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Middlewares

const MIDDLEWARE_FIELDS = ['name', 'engine', 'category', 'description', 'versions', 'regionIds', 'sortOrder'] as const;

async function presentMiddlewares(ctx: Staff, rows: Middleware[]) {
  const ids = rows.map((row) => row.id);
  const plans = ids.length
    ? await ctx.db
        .select({ id: middlewarePlans.middlewareId, count: count() })
        .from(middlewarePlans)
        .where(and(inArray(middlewarePlans.middlewareId, ids), isNull(middlewarePlans.archivedAt)))
        .groupBy(middlewarePlans.middlewareId)
    : [];
  const planCounts = new Map(plans.map((row) => [row.id, row.count]));
  // Orders keep their amounts, not the services they bought: nothing records use yet.
  return rows.map((row) => ({ ...row, planCount: planCounts.get(row.id) ?? 0, inUse: null }));
}

async function findMiddleware(db: Database, id: string) {
  const [row] = await db.select().from(middlewares).where(eq(middlewares.id, id)).limit(1);
  if (!row) throw notFound(`No middleware with the id ${id}.`);
  return row;
}

const middlewareOutput = async (ctx: Staff, id: string) => (await presentMiddlewares(ctx, [await findMiddleware(ctx.db, id)]))[0]!;

export async function listMiddlewares(ctx: Staff) {
  return presentMiddlewares(ctx, await ctx.db.select().from(middlewares).orderBy(asc(middlewares.sortOrder), asc(middlewares.id)));
}

export async function createMiddleware(ctx: Staff, input: z.infer<typeof middlewareCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(middlewares, eq(middlewares.id, input.id))) > 0) throw conflict(`A middleware with the id ${input.id} already exists.`);
  const middleware: Middleware = {
    ...input,
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, middlewares, middlewares.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkRegions(middleware.regionIds, await regionIds(ctx.db), 'middleware');
  await commit(
    ctx.db,
    [ctx.db.insert(middlewares).values(middleware), auditChange(ctx, 'middleware', 'created', middleware.id, { values: pick(middleware, MIDDLEWARE_FIELDS) }, now)],
    `A middleware with the id ${middleware.id} already exists.`,
  );
  return middlewareOutput(ctx, middleware.id);
}

export async function updateMiddleware(ctx: Staff, input: z.infer<typeof middlewareUpdateInput>) {
  const { id, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findMiddleware(ctx.db, id);
  const after = { ...before, ...given(patch) };
  checkRegions(after.regionIds, await regionIds(ctx.db), 'middleware');
  const changes = changedFields(before, after, MIDDLEWARE_FIELDS);
  if (Object.keys(changes).length === 0) return middlewareOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewares).set({ ...pick(after, MIDDLEWARE_FIELDS), updatedAt: now }).where(eq(middlewares.id, id)),
      auditChange(ctx, 'middleware', 'updated', id, { changes }, now),
    ],
  );
  return middlewareOutput(ctx, id);
}

/** Its plans stay as they are: off sale with it, back with it. */
export async function archiveMiddleware(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const middleware = await findMiddleware(ctx.db, id);
  if (middleware.archivedAt !== null) return middlewareOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewares).set({ archivedAt: now, updatedAt: now }).where(eq(middlewares.id, id)),
      auditChange(ctx, 'middleware', 'archived', id, { name: middleware.name }, now),
    ],
  );
  return middlewareOutput(ctx, id);
}

export async function restoreMiddleware(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const middleware = await findMiddleware(ctx.db, id);
  if (middleware.archivedAt === null) return middlewareOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewares).set({ archivedAt: null, updatedAt: now }).where(eq(middlewares.id, id)),
      auditChange(ctx, 'middleware', 'restored', id, { name: middleware.name }, now),
    ],
  );
  return middlewareOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Middleware plans

const PLAN_PRICES: PriceAccessor<MiddlewarePlan>[] = [
  {
    kind: 'middleware_plan',
    read: (plan) => ({ ...NO_EXTRA_PRICES, monthlyPriceCents: plan.monthlyPriceCents, yearlyPriceCents: plan.yearlyPriceCents }),
    write: (plan, price) => ({ ...plan, monthlyPriceCents: price.monthlyPriceCents, yearlyPriceCents: price.yearlyPriceCents }),
  },
];
const PLAN_KINDS = PLAN_PRICES.map((accessor) => accessor.kind);
const PLAN_FIELDS = ['name', 'nodes', 'vcpu', 'memoryGb', 'storageGb', 'highAvailability', 'sortOrder'] as const;
const PLAN_COLUMNS = [...PLAN_FIELDS, 'monthlyPriceCents', 'yearlyPriceCents'] as const;

async function presentPlans(ctx: Staff, rows: MiddlewarePlan[]) {
  const now = ctx.ports.clock.now();
  const prices = await loadPrices(ctx.db, PLAN_KINDS, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...withPricesInEffect(row, PLAN_PRICES, row.id, prices, now),
    inUse: null,
    scheduledPrices: scheduledPrices(PLAN_KINDS, row.id, prices, now),
  }));
}

async function findPlan(db: Database, id: string) {
  const [row] = await db.select().from(middlewarePlans).where(eq(middlewarePlans.id, id)).limit(1);
  if (!row) throw notFound(`No middleware plan with the id ${id}.`);
  return row;
}

const planOutput = async (ctx: Staff, id: string) => (await presentPlans(ctx, [await findPlan(ctx.db, id)]))[0]!;

export async function listPlans(ctx: Staff, middlewareId?: string) {
  const rows = await ctx.db
    .select()
    .from(middlewarePlans)
    .where(middlewareId === undefined ? undefined : eq(middlewarePlans.middlewareId, middlewareId))
    .orderBy(asc(middlewarePlans.middlewareId), asc(middlewarePlans.sortOrder), asc(middlewarePlans.id));
  return presentPlans(ctx, rows);
}

function checkPlan(plan: MiddlewarePlan) {
  const sizing = [plan.nodes, plan.vcpu, plan.memoryGb];
  if (sizing.some((value) => value === null) && sizing.some((value) => value !== null)) {
    throw badRequest('Give machines, vCPU and memory together, or none of them for a service not sized in machines (object storage).');
  }
  if (plan.highAvailability && plan.nodes === 1) throw badRequest('A highly available plan needs at least 2 machines.');
  checkYearly('Plan', plan.monthlyPriceCents, plan.yearlyPriceCents);
}

export async function createPlan(ctx: Staff, input: z.infer<typeof planCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(middlewarePlans, eq(middlewarePlans.id, input.id))) > 0) throw conflict(`A middleware plan with the id ${input.id} already exists.`);
  const [middleware] = await ctx.db.select().from(middlewares).where(eq(middlewares.id, input.middlewareId)).limit(1);
  if (!middleware) throw badRequest(`Unknown middleware: ${input.middlewareId}.`);
  if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it before adding plans.`);
  const plan: MiddlewarePlan = {
    ...input,
    nodes: input.nodes ?? null,
    vcpu: input.vcpu ?? null,
    memoryGb: input.memoryGb ?? null,
    yearlyPriceCents: input.yearlyPriceCents ?? null,
    sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, middlewarePlans, middlewarePlans.sortOrder)),
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkPlan(plan);
  await commit(
    ctx.db,
    [
      ctx.db.insert(middlewarePlans).values(plan),
      ...initialPriceStatements(ctx.db, PLAN_PRICES, plan.id, plan, now, ctx.user.id),
      auditChange(ctx, 'middleware_plan', 'created', plan.id, { middlewareId: plan.middlewareId, values: pick(plan, PLAN_COLUMNS) }, now),
    ],
    `A middleware plan with the id ${plan.id} already exists.`,
  );
  return planOutput(ctx, plan.id);
}

export async function updatePlan(ctx: Staff, input: z.infer<typeof planUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findPlan(ctx.db, id);
  const before = withPricesInEffect(row, PLAN_PRICES, id, await loadPrices(ctx.db, PLAN_KINDS, [id]), now);
  const after = { ...before, ...given(patch) };
  checkPlan(after);
  const prices = planPriceChanges(ctx.db, { accessors: PLAN_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, PLAN_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return planOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewarePlans).set({ ...pick(prices.record, PLAN_COLUMNS), updatedAt: now }).where(eq(middlewarePlans.id, id)),
      ...prices.statements,
      auditChange(ctx, 'middleware_plan', 'updated', id, { middlewareId: row.middlewareId, changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
  );
  return planOutput(ctx, id);
}

/** Refused for the last plan on sale of a middleware on sale: archive the middleware instead. */
export async function archivePlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findPlan(ctx.db, id);
  if (plan.archivedAt !== null) return planOutput(ctx, id);
  const middleware = await findMiddleware(ctx.db, plan.middlewareId);
  const others = await ctx.db.$count(middlewarePlans, and(eq(middlewarePlans.middlewareId, middleware.id), isNull(middlewarePlans.archivedAt), ne(middlewarePlans.id, id)));
  if (middleware.archivedAt === null && others === 0) {
    throw badRequest(`${plan.name} is the last plan of ${middleware.name} on sale: archive the middleware instead, or add another plan first.`);
  }
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewarePlans).set({ archivedAt: now, updatedAt: now }).where(eq(middlewarePlans.id, id)),
      auditChange(ctx, 'middleware_plan', 'archived', id, { middlewareId: middleware.id, name: plan.name }, now),
    ],
  );
  return planOutput(ctx, id);
}

export async function restorePlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findPlan(ctx.db, id);
  if (plan.archivedAt === null) return planOutput(ctx, id);
  const middleware = await findMiddleware(ctx.db, plan.middlewareId);
  if (middleware.archivedAt !== null) throw badRequest(`${middleware.name} is archived: restore it first.`);
  await commit(
    ctx.db,
    [
      ctx.db.update(middlewarePlans).set({ archivedAt: null, updatedAt: now }).where(eq(middlewarePlans.id, id)),
      auditChange(ctx, 'middleware_plan', 'restored', id, { middlewareId: middleware.id, name: plan.name }, now),
    ],
  );
  return planOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Support plans

/** Fixed plans price their monthly fee; share-of-spend plans their share and monthly minimum. */
const SUPPORT_PRICES: PriceAccessor<SupportPlan>[] = [
  {
    kind: 'support_plan',
    read: (plan) =>
      plan.pricingKind === 'fixed'
        ? { ...NO_EXTRA_PRICES, monthlyPriceCents: plan.monthlyPriceCents ?? 0 }
        : { ...NO_EXTRA_PRICES, monthlyPriceCents: plan.minimumMonthlyCents ?? 0, percentOfSpendBasisPoints: plan.percentOfSpendBasisPoints },
    write: (plan, price) => {
      if (plan.pricingKind === 'fixed' && price.percentOfSpendBasisPoints === null) return { ...plan, monthlyPriceCents: price.monthlyPriceCents };
      if (plan.pricingKind === 'share' && price.percentOfSpendBasisPoints !== null) {
        return { ...plan, minimumMonthlyCents: price.monthlyPriceCents, percentOfSpendBasisPoints: price.percentOfSpendBasisPoints };
      }
      return plan;
    },
  },
];
const SUPPORT_KINDS = SUPPORT_PRICES.map((accessor) => accessor.kind);
const SUPPORT_FIELDS = [
  'name',
  'description',
  'p1ResponseMinutes',
  'p2ResponseMinutes',
  'p3ResponseMinutes',
  'p4ResponseMinutes',
  'channels',
  'hours',
  'namedEngineer',
  'pricingKind',
  'sortOrder',
] as const;
const SUPPORT_COLUMNS = [...SUPPORT_FIELDS, 'monthlyPriceCents', 'percentOfSpendBasisPoints', 'minimumMonthlyCents'] as const;

type SupportPatch = Omit<z.infer<typeof supportUpdateInput>, 'id' | 'priceEffectiveFrom'>;

async function presentSupportPlans(ctx: Staff, rows: SupportPlan[]) {
  const now = ctx.ports.clock.now();
  const prices = await loadPrices(ctx.db, SUPPORT_KINDS, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...withPricesInEffect(row, SUPPORT_PRICES, row.id, prices, now),
    inUse: null,
    scheduledPrices: scheduledPrices(SUPPORT_KINDS, row.id, prices, now),
  }));
}

async function findSupportPlan(db: Database, id: string) {
  const [row] = await db.select().from(supportPlans).where(eq(supportPlans.id, id)).limit(1);
  if (!row) throw notFound(`No support plan with the id ${id}.`);
  return row;
}

const supportOutput = async (ctx: Staff, id: string) => (await presentSupportPlans(ctx, [await findSupportPlan(ctx.db, id)]))[0]!;

export async function listSupportPlans(ctx: Staff) {
  return presentSupportPlans(ctx, await ctx.db.select().from(supportPlans).orderBy(asc(supportPlans.sortOrder), asc(supportPlans.id)));
}

/** The price fields of the other pricing kind are cleared, unless the edit sets them (a contradiction). */
function normaliseSupportPlan(plan: SupportPlan, patch: SupportPatch): SupportPlan {
  if (plan.pricingKind === 'fixed') {
    if ((patch.percentOfSpendBasisPoints ?? null) !== null || (patch.minimumMonthlyCents ?? null) !== null) {
      throw badRequest('A fixed-price plan has no share of spend or monthly minimum: leave them empty.');
    }
    if (plan.monthlyPriceCents === null) throw badRequest('A fixed-price plan needs its monthly price (0 for a plan included with every organisation).');
    return { ...plan, percentOfSpendBasisPoints: null, minimumMonthlyCents: null };
  }
  if ((patch.monthlyPriceCents ?? null) !== null) throw badRequest('A share-of-spend plan has no fixed price: give its share of spend and monthly minimum instead.');
  if (plan.percentOfSpendBasisPoints === null || plan.minimumMonthlyCents === null) {
    throw badRequest('A share-of-spend plan needs its share of spend (basis points, 700 = 7 %) and its monthly minimum.');
  }
  return { ...plan, monthlyPriceCents: null };
}

function checkSupportPlan(plan: SupportPlan) {
  const targets = [plan.p1ResponseMinutes, plan.p2ResponseMinutes, plan.p3ResponseMinutes, plan.p4ResponseMinutes];
  for (let i = 0; i < targets.length; i += 1) {
    for (let j = i + 1; j < targets.length; j += 1) {
      const higher = targets[i];
      const lower = targets[j];
      if (higher != null && lower != null && lower < higher) {
        throw badRequest(`A less severe ticket cannot be answered faster: P${j + 1} (${lower} min) is faster than P${i + 1} (${higher} min).`);
      }
    }
  }
}

export async function createSupportPlan(ctx: Staff, input: z.infer<typeof supportCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(supportPlans, eq(supportPlans.id, input.id))) > 0) throw conflict(`A support plan with the id ${input.id} already exists.`);
  const plan = normaliseSupportPlan(
    {
      ...input,
      p1ResponseMinutes: input.p1ResponseMinutes ?? null,
      p2ResponseMinutes: input.p2ResponseMinutes ?? null,
      p3ResponseMinutes: input.p3ResponseMinutes ?? null,
      p4ResponseMinutes: input.p4ResponseMinutes ?? null,
      // Ticket update cadence (issue 14): not edited here yet, so the severity defaults apply.
      p1UpdateMinutes: null,
      p2UpdateMinutes: null,
      p3UpdateMinutes: null,
      p4UpdateMinutes: null,
      namedEngineer: input.namedEngineer ?? false,
      monthlyPriceCents: input.monthlyPriceCents ?? null,
      percentOfSpendBasisPoints: input.percentOfSpendBasisPoints ?? null,
      minimumMonthlyCents: input.minimumMonthlyCents ?? null,
      sortOrder: input.sortOrder ?? (await nextSortOrder(ctx.db, supportPlans, supportPlans.sortOrder)),
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    input,
  );
  checkSupportPlan(plan);
  await commit(
    ctx.db,
    [
      ctx.db.insert(supportPlans).values(plan),
      ...initialPriceStatements(ctx.db, SUPPORT_PRICES, plan.id, plan, now, ctx.user.id),
      auditChange(ctx, 'support_plan', 'created', plan.id, { values: pick(plan, SUPPORT_COLUMNS) }, now),
    ],
    `A support plan with the id ${plan.id} already exists.`,
  );
  return supportOutput(ctx, plan.id);
}

export async function updateSupportPlan(ctx: Staff, input: z.infer<typeof supportUpdateInput>) {
  const { id, priceEffectiveFrom, ...patch } = input;
  const now = ctx.ports.clock.now();
  const row = await findSupportPlan(ctx.db, id);
  const before = withPricesInEffect(row, SUPPORT_PRICES, id, await loadPrices(ctx.db, SUPPORT_KINDS, [id]), now);
  const after = normaliseSupportPlan({ ...before, ...given(patch) }, patch);
  checkSupportPlan(after);
  if (after.pricingKind !== before.pricingKind && priceEffectiveFrom !== undefined && priceEffectiveFrom > now) {
    throw badRequest('Switching between a fixed price and a share of spend applies at once: leave the date out.');
  }
  const prices = planPriceChanges(ctx.db, { accessors: SUPPORT_PRICES, itemId: id, before, after, requestedFrom: priceEffectiveFrom, now, userId: ctx.user.id, approval: ctx.approval, allowance: await giveawayAllowance(ctx.db, ctx.user, now) });
  const changes = changedFields(before, after, SUPPORT_FIELDS);
  if (!prices.audit && Object.keys(changes).length === 0) return supportOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(supportPlans).set({ ...pick(prices.record, SUPPORT_COLUMNS), updatedAt: now }).where(eq(supportPlans.id, id)),
      ...prices.statements,
      auditChange(ctx, 'support_plan', 'updated', id, { changes, ...(prices.audit ? { price: prices.audit } : {}) }, now),
    ],
  );
  return supportOutput(ctx, id);
}

/** Refused for the last plan on sale: every organisation has a support plan. */
export async function archiveSupportPlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findSupportPlan(ctx.db, id);
  if (plan.archivedAt !== null) return supportOutput(ctx, id);
  const others = await ctx.db.$count(supportPlans, and(isNull(supportPlans.archivedAt), ne(supportPlans.id, id)));
  if (others === 0) throw badRequest(`${plan.name} is the last support plan on offer: create or restore another one first.`);
  await commit(
    ctx.db,
    [
      ctx.db.update(supportPlans).set({ archivedAt: now, updatedAt: now }).where(eq(supportPlans.id, id)),
      auditChange(ctx, 'support_plan', 'archived', id, { name: plan.name }, now),
    ],
  );
  return supportOutput(ctx, id);
}

export async function restoreSupportPlan(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const plan = await findSupportPlan(ctx.db, id);
  if (plan.archivedAt === null) return supportOutput(ctx, id);
  await commit(
    ctx.db,
    [
      ctx.db.update(supportPlans).set({ archivedAt: null, updatedAt: now }).where(eq(supportPlans.id, id)),
      auditChange(ctx, 'support_plan', 'restored', id, { name: plan.name }, now),
    ],
  );
  return supportOutput(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Promotions

const PROMOTION_FIELDS = ['description', 'kind', 'value', 'validFrom', 'validUntil', 'firstPurchaseOnly', 'minimumSubtotalCents', 'appliesTo', 'featured', 'maxRedemptions', 'maxRedemptionsPerOrganization'] as const;
/** What changes how much a code gives away: an edit of these on a code above the alone limit needs four eyes. */
const PROMOTION_MONEY_FIELDS = ['kind', 'value', 'validFrom', 'validUntil', 'firstPurchaseOnly', 'minimumSubtotalCents', 'appliesTo', 'maxRedemptions', 'maxRedemptionsPerOrganization'] as const;

async function redemptionCounts(db: Database, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: promotionRedemptions.promotionCode, count: count() })
    .from(promotionRedemptions)
    .where(inArray(promotionRedemptions.promotionCode, [...codes]))
    .groupBy(promotionRedemptions.promotionCode);
  return new Map(rows.map((row) => [row.code, row.count]));
}

// `inUse` counts items customers run; a code is counted in `redemptions` (orders holding it).
const presentPromotion = (row: Promotion, redemptions = 0) => ({ ...row, redemptions, inUse: null });

async function promotionOutput(db: Database, code: string) {
  const row = await findPromotion(db, code);
  return presentPromotion(row, (await redemptionCounts(db, [row.code])).get(row.code) ?? 0);
}

/**
 * Four eyes on a code that gives more than one person offers alone, or that comes after their
 * monthly allowance of giveaways is spent (ADR 27). Resolves to the statement that counts it
 * against the allowance, for the change's batch; none when an approval carries it.
 */
async function checkPromotionSize(ctx: Staff, promotion: Promotion, what: string, now: number, givesAway = true): Promise<Statement[]> {
  const size = promotion.kind === 'percent' ? `${promotion.value / 100} %` : euros(promotion.value);
  const allowance = givesAway ? await giveawayAllowance(ctx.db, ctx.user, now) : null;
  fourEyes(ctx.approval, `${what} ${promotion.code} (${size} off${promotion.maxRedemptions === null ? ', no redemption limit' : `, at most ${promotion.maxRedemptions} orders`})`, promotionLimit(promotion) ?? (allowance && giveawayLimit(allowance)));
  return allowance && ctx.approval?.kind !== 'approved' ? [claimGiveaway(ctx.db, allowance, `promotion:${promotion.code}`)] : [];
}

const orNone = (value: number | null) => value ?? Number.POSITIVE_INFINITY;

/**
 * Whether an edit makes a code give more: a larger discount (or another kind), a longer window,
 * looser rules or more redemptions. An edit that only narrows a code takes nothing from the
 * monthly allowance.
 */
export function givesMore(before: Promotion, after: Promotion): boolean {
  const widerKinds = after.appliesTo === null ? before.appliesTo !== null : before.appliesTo !== null && after.appliesTo.some((kind) => !before.appliesTo!.includes(kind));
  return (
    after.kind !== before.kind ||
    after.value > before.value ||
    after.validFrom < before.validFrom ||
    orNone(after.validUntil) > orNone(before.validUntil) ||
    (before.firstPurchaseOnly && !after.firstPurchaseOnly) ||
    after.minimumSubtotalCents < before.minimumSubtotalCents ||
    widerKinds ||
    orNone(after.maxRedemptions) > orNone(before.maxRedemptions) ||
    orNone(after.maxRedemptionsPerOrganization) > orNone(before.maxRedemptionsPerOrganization)
  );
}

async function findPromotion(db: Database, code: string) {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code.trim().toUpperCase())).limit(1);
  if (!row) throw notFound(`No promotion with the code ${code}.`);
  return row;
}

export async function listPromotions(ctx: Staff) {
  const rows = await ctx.db.select().from(promotions).orderBy(asc(promotions.validFrom), asc(promotions.code));
  const redemptions = await redemptionCounts(ctx.db, rows.map((row) => row.code));
  return rows.map((row) => presentPromotion(row, redemptions.get(row.code) ?? 0));
}

function checkPromotion(promotion: Promotion) {
  if (promotion.kind === 'percent' && promotion.value > 10_000) throw badRequest('A percentage discount is at most 10000 basis points (100 %); 500 is 5 %.');
  if (promotion.validUntil !== null && promotion.validUntil <= promotion.validFrom) throw badRequest('The promotion must end after it starts.');
  // A code that makes orders free is handed out on purpose, to a known number of orders.
  if (promotion.kind === 'percent' && promotion.value === 10_000 && promotion.maxRedemptions === null) {
    throw badRequest('A 100 % code makes orders free: give it a redemption limit.');
  }
  if (promotion.maxRedemptions !== null && promotion.maxRedemptionsPerOrganization !== null && promotion.maxRedemptionsPerOrganization > promotion.maxRedemptions) {
    throw badRequest('The redemption limit per organisation cannot be above the redemption limit of the code.');
  }
}

/** One promotion at a time is announced by the banner: featuring one takes the banner from the others. */
const unfeatureOthers = (db: Database, code: string, now: number) =>
  db.update(promotions).set({ featured: false, updatedAt: now }).where(and(eq(promotions.featured, true), ne(promotions.code, code)));

export async function createPromotion(ctx: Staff, input: z.infer<typeof promotionCreateInput>) {
  const now = ctx.ports.clock.now();
  if ((await ctx.db.$count(promotions, eq(promotions.code, input.code))) > 0) throw conflict(`A promotion with the code ${input.code} already exists.`);
  const promotion: Promotion = {
    ...input,
    validFrom: input.validFrom ?? now,
    validUntil: input.validUntil ?? null,
    firstPurchaseOnly: input.firstPurchaseOnly ?? false,
    minimumSubtotalCents: input.minimumSubtotalCents ?? 0,
    appliesTo: input.appliesTo ?? null,
    featured: input.featured ?? false,
    maxRedemptions: input.maxRedemptions ?? null,
    maxRedemptionsPerOrganization: input.maxRedemptionsPerOrganization ?? null,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  checkPromotion(promotion);
  const giveaway = await checkPromotionSize(ctx, promotion, 'New promotion', now);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ...(promotion.featured ? [unfeatureOthers(ctx.db, promotion.code, now)] : []),
      ctx.db.insert(promotions).values(promotion),
      auditChange(ctx, 'promotion', 'created', promotion.code, { values: pick(promotion, PROMOTION_FIELDS) }, now),
    ],
    `A promotion with the code ${promotion.code} already exists.`,
  );
  return promotionOutput(ctx.db, promotion.code);
}

export async function updatePromotion(ctx: Staff, input: z.infer<typeof promotionUpdateInput>) {
  const { code, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findPromotion(ctx.db, code);
  const after = { ...before, ...given(patch) };
  checkPromotion(after);
  const changes = changedFields(before, after, PROMOTION_FIELDS);
  // A withdrawn code gives nothing until restored (restorePromotion checks it then).
  const moneyChanged = PROMOTION_MONEY_FIELDS.some((field) => field in changes) && before.archivedAt === null;
  const giveaway = moneyChanged ? await checkPromotionSize(ctx, after, 'Promotion', now, givesMore(before, after)) : (fourEyes(ctx.approval, `Promotion ${before.code}`, null), []);
  if (Object.keys(changes).length === 0) return promotionOutput(ctx.db, before.code);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ...(after.featured && !before.featured ? [unfeatureOthers(ctx.db, before.code, now)] : []),
      ctx.db.update(promotions).set({ ...pick(after, PROMOTION_FIELDS), updatedAt: now }).where(eq(promotions.code, before.code)),
      auditChange(ctx, 'promotion', 'updated', before.code, { changes }, now),
    ],
  );
  return promotionOutput(ctx.db, before.code);
}

/** The banner stops announcing an archived promotion; restoring it does not feature it again. */
export async function archivePromotion(ctx: Staff, code: string) {
  const now = ctx.ports.clock.now();
  const promotion = await findPromotion(ctx.db, code);
  if (promotion.archivedAt !== null) return promotionOutput(ctx.db, promotion.code);
  await commit(
    ctx.db,
    [
      ctx.db.update(promotions).set({ archivedAt: now, featured: false, updatedAt: now }).where(eq(promotions.code, promotion.code)),
      auditChange(ctx, 'promotion', 'archived', promotion.code, { description: promotion.description, wasFeatured: promotion.featured }, now),
    ],
  );
  return promotionOutput(ctx.db, promotion.code);
}

export async function restorePromotion(ctx: Staff, code: string) {
  const now = ctx.ports.clock.now();
  const promotion = await findPromotion(ctx.db, code);
  if (promotion.archivedAt === null) {
    fourEyes(ctx.approval, `Promotion ${promotion.code}`, null);
    return promotionOutput(ctx.db, promotion.code);
  }
  const giveaway = await checkPromotionSize(ctx, promotion, 'Restoring promotion', now);
  await commit(
    ctx.db,
    [
      ...giveaway,
      ctx.db.update(promotions).set({ archivedAt: null, updatedAt: now }).where(eq(promotions.code, promotion.code)),
      auditChange(ctx, 'promotion', 'restored', promotion.code, { description: promotion.description }, now),
    ],
  );
  return promotionOutput(ctx.db, promotion.code);
}
