import { dataCenters, nodeFlavors, powerFactors, type DataCenter, type PowerFactor } from '@kubemarket/db';
import { gpuPowerFactorId, POWER_FACTOR_MEMORY_GB, POWER_FACTOR_VCPU } from '@kubemarket/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { powerFactorCreateInput, powerFactorUpdateInput, regionUpdateInput } from './carbon-schemas';
import { auditChange, badRequest, changedFields, commit, given, notFound, pick, type Staff } from './common';

/**
 * Staff edits of the carbon model's figures and of a region's jurisdiction (issue 34, ADR 39).
 * None of them moves money, so none waits for a second administrator (four-eyes.ts guards prices
 * and promotions); each is written in one batch with its audit row, `catalog.region_updated` or
 * `catalog.power_factor_<created|updated>`, saying what changed from what.
 */

export const REGION_FIELDS = ['operator', 'jurisdiction', 'euOnlyAccess', 'certifications', 'pueMilli', 'gridGramsPerKwh', 'gridSource', 'gridYear'] as const;
const POWER_FACTOR_FIELDS = ['label', 'milliwatts', 'source', 'year'] as const;

function regionOutput(row: DataCenter) {
  return { id: row.id, name: row.name, country: row.country, status: row.status, ...pick(row, REGION_FIELDS) };
}

async function findRegion(ctx: Staff, id: string) {
  const [row] = await ctx.db.select().from(dataCenters).where(eq(dataCenters.id, id)).limit(1);
  if (!row) throw notFound(`No region ${id} in the catalogue.`);
  return row;
}

export async function updateRegion(ctx: Staff, input: z.infer<typeof regionUpdateInput>) {
  const { id, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findRegion(ctx, id);
  const after = { ...before, ...given(patch) };
  const changes = changedFields(before, after, REGION_FIELDS);
  if (Object.keys(changes).length === 0) return regionOutput(before);
  // A new figure comes with its own source: the old one would misattribute it.
  if (changes.gridGramsPerKwh && !changes.gridSource && !changes.gridYear) throw badRequest(`Give the source or year of the new grid intensity of ${id}, not only the figure.`);
  await commit(ctx.db, [
    ctx.db.update(dataCenters).set(pick(after, REGION_FIELDS)).where(eq(dataCenters.id, id)),
    auditChange(ctx, 'region', 'updated', id, { name: before.name, changes }, now),
  ]);
  return regionOutput(await findRegion(ctx, id));
}

/** Which flavours each factor prices: every flavour draws per vCPU and GB, a card factor its model's. */
async function presentFactors(ctx: Staff, rows: PowerFactor[]) {
  const flavors = await ctx.db.select({ id: nodeFlavors.id, gpuModel: nodeFlavors.gpuModel }).from(nodeFlavors).orderBy(asc(nodeFlavors.sortOrder));
  const users = (factorId: string) =>
    flavors.filter((flavor) => factorId === POWER_FACTOR_VCPU || factorId === POWER_FACTOR_MEMORY_GB || (flavor.gpuModel !== null && gpuPowerFactorId(flavor.gpuModel) === factorId)).map((flavor) => flavor.id);
  return rows.map((row) => ({ ...row, flavorIds: users(row.id) }));
}

async function findFactor(ctx: Staff, id: string) {
  const [row] = await ctx.db.select().from(powerFactors).where(eq(powerFactors.id, id)).limit(1);
  if (!row) throw notFound(`No power factor ${id} in the catalogue.`);
  return row;
}

const factorOutput = async (ctx: Staff, id: string) => (await presentFactors(ctx, [await findFactor(ctx, id)]))[0]!;

export async function listPowerFactors(ctx: Staff) {
  return presentFactors(ctx, await ctx.db.select().from(powerFactors).orderBy(asc(powerFactors.id)));
}

export async function createPowerFactor(ctx: Staff, input: z.infer<typeof powerFactorCreateInput>) {
  const now = ctx.ports.clock.now();
  const factor: PowerFactor = { ...input, createdAt: now, updatedAt: now };
  await commit(
    ctx.db,
    [ctx.db.insert(powerFactors).values(factor), auditChange(ctx, 'power_factor', 'created', factor.id, { values: pick(factor, POWER_FACTOR_FIELDS) }, now)],
    `The power factor ${factor.id} is already in the catalogue: edit it instead.`,
  );
  return factorOutput(ctx, factor.id);
}

export async function updatePowerFactor(ctx: Staff, input: z.infer<typeof powerFactorUpdateInput>) {
  const { id, ...patch } = input;
  const now = ctx.ports.clock.now();
  const before = await findFactor(ctx, id);
  const after = { ...before, ...given(patch) };
  const changes = changedFields(before, after, POWER_FACTOR_FIELDS);
  if (Object.keys(changes).length === 0) return factorOutput(ctx, id);
  if (changes.milliwatts && !changes.source && !changes.year) throw badRequest(`Give the source or year of the new figure for ${id}, not only the figure.`);
  await commit(ctx.db, [
    ctx.db.update(powerFactors).set({ ...pick(after, POWER_FACTOR_FIELDS), updatedAt: now }).where(eq(powerFactors.id, id)),
    auditChange(ctx, 'power_factor', 'updated', id, { changes }, now),
  ]);
  return factorOutput(ctx, id);
}
