import {
  clusters,
  kubernetesVersions,
  type Database,
  type KubernetesVersion,
} from '@kubemarket/db';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  versionCreateInput,
  versionUpdateInput,
} from './schemas';

import { auditChange, badRequest, changedFields, commit, conflict, given, nextSortOrder, notFound, pick, type Staff } from './common';
// Kubernetes versions: staff create, edit, archive and restore them (catalogue administration; what the entities share is in common.ts).

export const VERSION_FIELDS = ['patch', 'classification', 'endOfSupportAt', 'isDefault', 'sortOrder'] as const;
const DEFAULT_RACE = 'Another change of the default version happened at the same time: reload and try again.';

/** Minor versions compare numerically: "1.100" follows "1.99". */
export function compareMinor(a: string, b: string) {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

async function presentVersions(ctx: Staff, rows: KubernetesVersion[]) {
  // Clusters store their full version ("1.36.4"); a minor is in use by every patch of it. A
  // deleted cluster runs nothing (its row stays for billing and history).
  const usage = await ctx.db
    .select({ version: clusters.kubernetesVersion, count: count() })
    .from(clusters)
    .where(isNull(clusters.deletedAt))
    .groupBy(clusters.kubernetesVersion);
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
