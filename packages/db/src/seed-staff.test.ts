import { catalogueChangeRequests, organizations, promotionRequests, users } from './schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seed } from './seed';
import { DEMO_CATALOGUE_CHANGE_REQUEST_ID, DEMO_PROMOTION_REQUEST_ID } from './seed-staff';
import { createTestDb } from './testing';

describe('seed: the staff console’s waiting work', () => {
  it('has one pending registration with an owner who signs in, one pending promotion request and one catalogue change', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    const pending = await db.select().from(organizations).where(eq(organizations.status, 'pending'));
    expect(pending.map((row) => row.id)).toEqual(['org_demo_initech']);
    const [owner] = await db.select().from(users).where(eq(users.organizationId, 'org_demo_initech'));
    expect(owner).toMatchObject({ username: 'pauline', organizationRole: 'owner', role: 'user', disabledAt: null });
    expect(owner!.passwordHash).not.toBeNull();
    expect(await db.select().from(promotionRequests)).toEqual([
      expect.objectContaining({ id: DEMO_PROMOTION_REQUEST_ID, userId: 'usr_demo_olivia', requestedRole: 'admin', requestedBy: 'usr_demo_adam', status: 'pending' }),
    ]);
    expect(await db.select().from(catalogueChangeRequests)).toEqual([
      expect.objectContaining({ id: DEMO_CATALOGUE_CHANGE_REQUEST_ID, procedure: 'catalogAdmin.promotions.create', subject: 'promotion:LAUNCH30', requestedBy: 'usr_demo_olivia', status: 'pending' }),
    ]);
  });

  it('keeps a decision taken on the seeded request when seeding again', async () => {
    const db = await createTestDb();
    await seed(db, 1_000);
    await db.update(promotionRequests).set({ status: 'rejected', decidedBy: 'usr_demo_sophie', decidedAt: 2_000 }).where(eq(promotionRequests.id, DEMO_PROMOTION_REQUEST_ID));
    await seed(db, 3_000);
    expect(await db.select().from(promotionRequests)).toEqual([expect.objectContaining({ status: 'rejected', decidedBy: 'usr_demo_sophie' })]);
  });
});
