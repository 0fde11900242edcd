import {
  addons,
  clusterTiers,
  type Addon,
  type Database,
} from '@kubemarket/db';
import { asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogEntity } from './entity';
import { monthlyAndYearly, presentPriced } from './prices';
import type {
  addonCreateInput,
  addonUpdateInput,
} from './schemas';
import { ADDON, type Staff, type Statement, TIER, badRequest, checkReferences, checkYearly, listOf } from './common';
import { compareMinor } from './versions';

// Add-ons: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

const ADDON_PRICES = monthlyAndYearly<Addon>('addon');
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
  const onSale = await ctx.db.select({ id: addons.id, requires: addons.requires }).from(addons).where(isNull(addons.archivedAt)).orderBy(asc(addons.sortOrder));
  return presentPriced(ctx.db, rows, ADDON_PRICES, now, (row) => ({
    requiredBy: onSale.filter((other) => other.requires.includes(row.id)).map((other) => other.id),
    // Nothing records yet which clusters run which add-ons.
    inUse: null,
  }));
}

const addonsEntity = catalogEntity({ table: addons, entity: 'addon', noun: 'add-on', article: 'An', fields: ADDON_FIELDS, columns: ADDON_COLUMNS, prices: ADDON_PRICES, present: presentAddons });

export const listAddons = addonsEntity.list;

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
  await addonsEntity.checkNewId(ctx.db, input.id);
  const others = await otherAddons(ctx.db, input.id);
  const addon: Addon = {
    ...input,
    yearlyPriceCents: input.yearlyPriceCents ?? null,
    minKubernetesVersion: input.minKubernetesVersion ?? null,
    maxKubernetesVersion: input.maxKubernetesVersion ?? null,
    requires: input.requires ?? [],
    conflicts: input.conflicts ?? [],
    ...(await addonsEntity.newRow(ctx.db, input.sortOrder, now)),
  };
  await checkAddon(ctx.db, addon, null, others);
  return addonsEntity.insert(ctx, addon, { statements: conflictStatements(ctx.db, addon.id, [], addon.conflicts, others, now) });
}

export async function updateAddon(ctx: Staff, input: z.infer<typeof addonUpdateInput>) {
  const now = ctx.ports.clock.now();
  return addonsEntity.update(ctx, input, {
    load: otherAddons,
    check: (after, before, others) => checkAddon(ctx.db, after, before, others),
    statements: (before, after, others) => conflictStatements(ctx.db, input.id, before.conflicts, after.conflicts, others, now),
  });
}

/** Refused while an add-on on sale requires it: customers could not install that one. */
export async function archiveAddon(ctx: Staff, id: string) {
  return addonsEntity.setArchived(ctx, id, true, async (addon) => {
    const dependants = [...(await otherAddons(ctx.db, id)).values()].filter((other) => other.archivedAt === null && other.requires.includes(id));
    if (dependants.length) {
      throw badRequest(`${listOf(dependants.map((other) => other.name))} ${dependants.length > 1 ? 'require' : 'requires'} ${addon.name}: archive ${dependants.length > 1 ? 'them' : 'it'} or remove the requirement first.`);
    }
  });
}

export async function restoreAddon(ctx: Staff, id: string) {
  return addonsEntity.setArchived(ctx, id, false, async (addon) => {
    const others = await otherAddons(ctx.db, id);
    const archived = addon.requires.filter((required) => others.get(required)?.archivedAt != null).map((required) => others.get(required)!.name);
    if (archived.length) throw badRequest(`${addon.name} requires ${listOf(archived)}, which ${archived.length > 1 ? 'are' : 'is'} archived: restore ${archived.length > 1 ? 'them' : 'it'} first.`);
  });
}
