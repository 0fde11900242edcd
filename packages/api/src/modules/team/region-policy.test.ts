import { auditLog, organizations } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLUSTER, order, ordersTestbed, SUCCEEDS } from '../../testing/orders-bed';

describe('team.setRegionPolicy: an organisation restricted to EU-only regions', () => {
  it('is set once by its owner, audited once however often it arrives; members and viewers may not', async () => {
    const { db, gabriel, as } = await ordersTestbed();
    expect(await gabriel.team.regionPolicy()).toEqual({ euOnlyRegions: false });
    const answers = await Promise.all([gabriel.team.setRegionPolicy({ euOnlyRegions: true }), gabriel.team.setRegionPolicy({ euOnlyRegions: true })]);
    expect(answers).toEqual([{ euOnlyRegions: true }, { euOnlyRegions: true }]);
    const [globex] = await db.select().from(organizations).where(eq(organizations.id, 'org_demo_globex'));
    expect(globex!.euOnlyRegions).toBe(true);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'organization.region_policy_changed'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: 'usr_demo_gabriel', organizationId: 'org_demo_globex', metadata: { euOnlyRegions: { from: false, to: true } } });

    const marc = await as('marc');
    await expect(marc.team.setRegionPolicy({ euOnlyRegions: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const vera = await as('vera');
    expect(await vera.team.regionPolicy()).toEqual({ euOnlyRegions: false });
    // Bad input is a 400 naming what is wrong, never a 500.
    await expect(gabriel.team.setRegionPolicy({ euOnlyRegions: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('EU-only regions must be true or false') });
  });

  it('refuses an order for a cluster in a region without EU-only access, with the reason; EU-only regions still sell', async () => {
    const { gabriel } = await ordersTestbed();
    await gabriel.team.setRegionPolicy({ euOnlyRegions: true });
    // Milan's on-call includes people outside the EU (seed-catalog-carbon.ts).
    await expect(gabriel.orders.create(order({ lines: [{ ...CLUSTER, regionId: 'it-mil-1' }] }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Milan MIL1 (it-mil-1): Your organisation orders only in regions with EU-only access; people outside the EU can reach data in this region. Choose a region marked EU-only access.',
    });
    expect(await gabriel.orders.create(order())).toMatchObject({ status: 'pending', summary: 'Economy (Green) cluster prod-eu in fr-par-1' });
    // An order placed before the restriction is not paid after it.
    await gabriel.team.setRegionPolicy({ euOnlyRegions: false });
    const earlier = await gabriel.orders.create(order({ lines: [{ ...CLUSTER, name: 'early-mil', regionId: 'it-mil-1' }] }));
    await gabriel.team.setRegionPolicy({ euOnlyRegions: true });
    await expect(gabriel.orders.pay({ id: earlier.id, paymentIdempotencyKey: 'pay-early-mil-1', method: SUCCEEDS })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Milan MIL1 (it-mil-1)') });
    // Lifted, Milan sells again.
    await gabriel.team.setRegionPolicy({ euOnlyRegions: false });
    expect(await gabriel.orders.create(order({ lines: [{ ...CLUSTER, name: 'prod-mil', regionId: 'it-mil-1' }] }))).toMatchObject({ summary: 'Economy (Green) cluster prod-mil in it-mil-1' });
  });
});
