import type { Database } from './client';
import { teamInvitations } from './schema';

export const DEMO_INVITATION_ID = 'tinv_demo_acme_nina';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A colleague Alice invited to Acme and who has not answered yet, so the Team page shows a pending
 * invitation on first run. Its token was never mailed: the stored hash is of a value nobody holds.
 * Inserted once, never overwritten: withdrawing it in development stays.
 */
export async function seedTeam(db: Database, now: number): Promise<void> {
  await db
    .insert(teamInvitations)
    .values({
      id: DEMO_INVITATION_ID,
      organizationId: 'org_demo_acme',
      email: 'nina@acme.example',
      role: 'member',
      // SHA-256 of a random value discarded when the seed was written.
      tokenHash: '9c0f4e2d7b1a6e58f3c2d4b7a9e1f0c3d5b8a2e4f6c1d3b5a7e9f2c4d6b8a0e1',
      invitedBy: 'usr_demo_alice',
      expiresAt: now + 5 * DAY_MS,
      createdAt: now - 2 * DAY_MS,
    })
    .onConflictDoNothing();
}
