import type { Database } from './client';
import { catalogueChangeRequests, promotionRequests } from './schema';

/** The seeded promotion request: Adam asks that Olivia become an administrator; Sophie decides. */
export const DEMO_PROMOTION_REQUEST_ID = 'prq_demo_olivia_admin';
/** The seeded catalogue change awaiting a second administrator (ADR 27). */
export const DEMO_CATALOGUE_CHANGE_REQUEST_ID = 'ccr_demo_launch30';

/**
 * What the staff console has waiting on first run: the pending registration is the Initech demo
 * organisation (seed-data.ts), and here one promotion request. Inserted once, never overwritten:
 * a decision taken on it in development stays.
 */
export async function seedStaff(db: Database, now: number): Promise<void> {
  await db
    .insert(promotionRequests)
    .values({
      id: DEMO_PROMOTION_REQUEST_ID,
      userId: 'usr_demo_olivia',
      requestedRole: 'admin',
      reason: 'Olivia leads the on-call rotation and needs to review registrations and move members between organisations.',
      requestedBy: 'usr_demo_adam',
      status: 'pending',
      createdAt: now,
    })
    .onConflictDoNothing();
  // A catalogue change above what one person makes alone (ADR 27), waiting in the Officers Panel
  // for an administrator other than Olivia: a launch promotion of 30 % for 50 orders.
  await db
    .insert(catalogueChangeRequests)
    .values({
      id: DEMO_CATALOGUE_CHANGE_REQUEST_ID,
      kind: 'promotion_create',
      procedure: 'catalogAdmin.promotions.create',
      subject: 'promotion:LAUNCH30',
      input: { code: 'LAUNCH30', description: '30 % off for the first 50 orders of the Lyon region launch.', kind: 'percent', value: 3_000, maxRedemptions: 50, maxRedemptionsPerOrganization: 1 },
      summary: 'New promotion LAUNCH30 (30 % off, at most 50 orders)',
      limitReason: 'A 30 % discount is above the 20 % one person offers alone.',
      reason: 'Agreed with sales for the Lyon launch newsletter.',
      requestedBy: 'usr_demo_olivia',
      status: 'pending',
      createdAt: now,
    })
    .onConflictDoNothing();
}
