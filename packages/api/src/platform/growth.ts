import { organizations, type Database, type OrganizationStatus } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';

/**
 * Only an active organisation grows what it runs: more nodes (scaling up, a larger autoscaling
 * maximum, a new node pool), a hibernated cluster woken, a failed provisioning retried. Shrinking
 * (scaling down, removing a pool or an add-on, hibernating, deleting) stays open to every
 * organisation: a suspended customer can always reduce what it is billed for. New clusters and
 * add-ons are orders, which `assertMayOrder` (orders) refuses to any organisation that is not active.
 */
export const GROWTH_REFUSED: Record<Exclude<OrganizationStatus, 'active'>, string> = {
  suspended:
    'Your organisation is suspended, so its clusters cannot grow: scaling up, new node pools and waking hibernated clusters wait until it is restored. Scaling down, hibernating and deleting still work. Contact our support team to find out why and to restore it.',
  pending: 'Your organisation is waiting for approval by our team, so its clusters cannot grow yet.',
  rejected: 'Our team did not approve the registration of your organisation, so its clusters cannot grow.',
};

export async function organizationStatus(db: Database, organizationId: string): Promise<OrganizationStatus | null> {
  const [row] = await db.select({ status: organizations.status }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.status ?? null;
}

/** Refuses (403) a change that grows the usage of an organisation that is not active. */
export async function assertMayGrow(db: Database, organizationId: string): Promise<void> {
  const status = await organizationStatus(db, organizationId);
  if (status === 'active') return;
  throw new TRPCError({ code: 'FORBIDDEN', message: GROWTH_REFUSED[status ?? 'suspended'] });
}
