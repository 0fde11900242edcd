import type { Database } from './client';
import { promotionRequests } from './schema';

/** The seeded promotion request: Adam asks that Olivia become an administrator; Sophie decides. */
export const DEMO_PROMOTION_REQUEST_ID = 'prq_demo_olivia_admin';

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
}
