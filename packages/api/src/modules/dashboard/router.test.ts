import { clusters, newId, orders, organizations, users } from '@kubemarket/db';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';

describe('dashboard.sidebarCounts', () => {
  it('counts the clusters and orders of the caller’s organisation', async () => {
    const { ctx, db } = await createTestCaller();
    const expected = { clusters: 3, orders: { total: 9 } };
    // Both members of Acme see the organisation's numbers, not only their own orders.
    await expect(callerAs(ctx, await sessionUserOf(db, 'alice')).dashboard.sidebarCounts()).resolves.toEqual(expected);
    await expect(callerAs(ctx, await sessionUserOf(db, 'marc')).dashboard.sidebarCounts()).resolves.toEqual(expected);
    await expect(callerAs(ctx, await sessionUserOf(db, 'olivia')).dashboard.sidebarCounts()).resolves.toEqual({ clusters: 0, orders: { total: 0 } });
  });

  it('never counts another organisation’s rows', async () => {
    const { ctx, db } = await createTestCaller();
    await db.insert(organizations).values({ id: 'org_other', name: 'Other', billingId: 'KM-OTHER1', status: 'active', createdAt: 0, updatedAt: 0 });
    await db.insert(users).values({ id: 'usr_other', organizationId: 'org_other', username: 'other', email: 'other@example.com', name: 'Other', createdAt: 0, updatedAt: 0 });
    await db.insert(clusters).values({
      id: newId('cluster'),
      organizationId: 'org_other',
      name: 'theirs',
      tierId: 'tier_sandbox',
      region: 'nl-ams-1',
      status: 'provisioning',
      kubernetesVersion: '1.37.1',
      nodeCount: 1,
      createdAt: 0,
      updatedAt: 0,
    });
    await db.insert(orders).values({ id: newId('order'), organizationId: 'org_other', userId: 'usr_other', kind: 'cluster', totalCents: 1_900, idempotencyKey: 'k-other', createdAt: 0 });
    await expect(callerAs(ctx, await sessionUserOf(db, 'other')).dashboard.sidebarCounts()).resolves.toEqual({ clusters: 1, orders: { total: 1 } });
    await expect(callerAs(ctx, await sessionUserOf(db, 'alice')).dashboard.sidebarCounts()).resolves.toEqual({ clusters: 3, orders: { total: 9 } });
  });

  it('stops counting a cluster once it is deleted', async () => {
    const { ctx, db } = await createTestCaller();
    await db.insert(clusters).values({
      id: newId('cluster'),
      organizationId: 'org_demo_acme',
      name: 'gone',
      tierId: 'tier_sandbox',
      region: 'nl-ams-1',
      status: 'deleted',
      kubernetesVersion: '1.37.1',
      nodeCount: 0,
      createdAt: 0,
      updatedAt: 0,
      deletedAt: 1,
    });
    await expect(callerAs(ctx, await sessionUserOf(db, 'alice')).dashboard.sidebarCounts()).resolves.toEqual({ clusters: 3, orders: { total: 9 } });
  });

  it('needs a signed-in user', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.dashboard.sidebarCounts()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  });
});
