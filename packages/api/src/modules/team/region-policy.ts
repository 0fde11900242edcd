import { dataCenters, organizations, type Database } from '@kubemarket/db';
import { NOT_EU_ONLY_REASON, type RegionPolicy } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import type { MemberContext } from '../../trpc';

/**
 * An organisation's region policy (issue 34): restricted to EU-only regions, it orders clusters only
 * where data_centers.eu_only_access holds. Owners and administrators set it; orders.create refuses
 * a cluster elsewhere (assertRegionAllowed).
 */

async function policyOf(db: Database, organizationId: string): Promise<RegionPolicy> {
  const [row] = await db.select({ euOnlyRegions: organizations.euOnlyRegions }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return { euOnlyRegions: row?.euOnlyRegions ?? false };
}

export const regionPolicy = (ctx: MemberContext) => policyOf(ctx.db, ctx.organizationId);

/**
 * Sets the policy. The conditional update lets one of two identical requests change it: only that
 * one writes the audit entry, the other answers the same policy.
 */
export async function setRegionPolicy(ctx: MemberContext, input: RegionPolicy): Promise<RegionPolicy> {
  const now = ctx.ports.clock.now();
  const changed = await ctx.db
    .update(organizations)
    .set({ euOnlyRegions: input.euOnlyRegions, updatedAt: now })
    .where(and(eq(organizations.id, ctx.organizationId), ne(organizations.euOnlyRegions, input.euOnlyRegions)))
    .returning({ id: organizations.id });
  if (changed.length > 0) {
    await auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, organizationId: ctx.organizationId, action: 'organization.region_policy_changed', targetType: 'organization', targetId: ctx.organizationId, ipAddress: ctx.request.ipAddress, metadata: { euOnlyRegions: { from: !input.euOnlyRegions, to: input.euOnlyRegions } } },
      now,
    );
  }
  return policyOf(ctx.db, ctx.organizationId);
}

/** Refuses a cluster in a region without EU-only access for an organisation restricted to them (400 saying why and what to do). */
export async function assertRegionAllowed(db: Database, organizationId: string, regionId: string): Promise<void> {
  const [[policy], [region]] = await Promise.all([
    db.select({ euOnlyRegions: organizations.euOnlyRegions }).from(organizations).where(eq(organizations.id, organizationId)).limit(1),
    db.select({ euOnlyAccess: dataCenters.euOnlyAccess, name: dataCenters.name }).from(dataCenters).where(eq(dataCenters.id, regionId)).limit(1),
  ]);
  if (!policy?.euOnlyRegions || !region || region.euOnlyAccess) return;
  throw new TRPCError({ code: 'BAD_REQUEST', message: `${region.name} (${regionId}): ${NOT_EU_ONLY_REASON} Choose a region marked EU-only access.` });
}
