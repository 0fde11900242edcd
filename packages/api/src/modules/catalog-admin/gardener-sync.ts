import {
  kubernetesVersions,
  nodeFlavors,
  type KubernetesVersion,
  type NodeFlavor,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { ProvisionerError, type CloudProfileSync } from '../../platform/provisioner';


import { auditChange, changedFields, commit, conflict, listOf, nextSortOrder, pick, type Staff, type Statement } from './common';
import { tiersOnOffer } from './flavors';
import { VERSION_FIELDS, compareMinor } from './versions';
// The catalogue synced from Gardener's CloudProfile: the Kubernetes versions it offers and the
// machine types (node flavours) of its provider, each in one batch that a concurrent edit refuses.

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

interface VersionSyncResult {
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

interface FlavorSyncResult {
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
