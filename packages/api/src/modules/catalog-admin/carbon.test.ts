import { auditLog, dataCenters, powerFactors } from '@kubemarket/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';

const NOW = Date.UTC(2026, 11, 7, 10);

async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW) } });
  const staff = callerAs(ctx, await sessionUserOf(db, 'olivia'));
  const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt));
  return { ctx, db, staff, audits };
}

describe('catalogAdmin: the carbon model’s factors and a region’s jurisdiction', () => {
  it('edits a region’s grid intensity with its source, and its law and EU-only access, audited', async () => {
    const { db, staff, audits } = await setup();
    const edited = await staff.catalogAdmin.regions.update({ id: 'pl-waw-1', gridGramsPerKwh: 630, gridYear: 2024, euOnlyAccess: true, jurisdiction: 'Polish law (site), French law (operator)' });
    expect(edited).toMatchObject({ id: 'pl-waw-1', gridGramsPerKwh: 630, gridYear: 2024, euOnlyAccess: true });
    const [row] = await db.select().from(dataCenters).where(eq(dataCenters.id, 'pl-waw-1'));
    expect(row).toMatchObject({ gridGramsPerKwh: 630, gridYear: 2024, euOnlyAccess: true });
    const [audit] = await audits('catalog.region_updated');
    expect(audit).toMatchObject({ actorUserId: 'usr_demo_olivia', targetType: 'region', targetId: 'pl-waw-1' });
    expect((audit!.metadata as { changes: unknown }).changes).toEqual({
      euOnlyAccess: { from: false, to: true },
      gridGramsPerKwh: { from: 662, to: 630 },
      gridYear: { from: 2023, to: 2024 },
    });
    // The public catalogue the configurator reads answers the new figures at once.
    const regions = await staff.catalog.regions();
    expect(regions.find((region) => region.id === 'pl-waw-1')).toMatchObject({ gridGramsPerKwh: 630, euOnlyAccess: true, operator: 'KubeMarket Demo SAS' });
  });

  it('refuses a new figure without its source or year, and bad figures with the field named', async () => {
    const { staff, audits } = await setup();
    await expect(staff.catalogAdmin.regions.update({ id: 'fr-par-1', gridGramsPerKwh: 40 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('source or year') });
    await expect(staff.catalogAdmin.powerFactors.update({ id: 'vcpu', milliwatts: 3_000 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('source or year') });
    await expect(staff.catalogAdmin.regions.update({ id: 'fr-par-1', pueMilli: 900 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('PUE must be at least 1000') });
    await expect(staff.catalogAdmin.regions.update({ id: 'xx-nowhere-1', pueMilli: 1_200 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(staff.catalogAdmin.powerFactors.create({ id: 'cpu', label: 'x', milliwatts: 1, source: 'Somewhere', year: 2024 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining("'vcpu', 'memory_gb', or 'gpu:'") });
    expect(await audits('catalog.region_updated')).toEqual([]);
  });

  it('lists, adds and edits power factors with their source, audited; the same id twice is a 409', async () => {
    const { db, staff, audits } = await setup();
    const listed = await staff.catalogAdmin.powerFactors.list();
    expect(listed.find((factor) => factor.id === 'gpu:NVIDIA L4')).toMatchObject({ milliwatts: 72_000, year: 2023, flavorIds: ['gpu-l4-1'] });
    expect(listed.find((factor) => factor.id === 'vcpu')?.flavorIds).toContain('gp-4-16');

    const card = { id: 'gpu:NVIDIA B200', label: 'NVIDIA B200 card', milliwatts: 1_000_000, source: 'NVIDIA DGX B200 datasheet: 1000 W per GPU', year: 2024 };
    const [first, second] = await Promise.allSettled([staff.catalogAdmin.powerFactors.create(card), staff.catalogAdmin.powerFactors.create(card)]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [first, second].find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await db.$count(powerFactors, eq(powerFactors.id, card.id))).toBe(1);
    expect(await audits('catalog.power_factor_created')).toHaveLength(1);

    const edited = await staff.catalogAdmin.powerFactors.update({ id: 'vcpu', milliwatts: 2_500, source: 'Measured on our hosts, 2026', year: 2026 });
    expect(edited).toMatchObject({ milliwatts: 2_500, source: 'Measured on our hosts, 2026', year: 2026 });
    const [audit] = await audits('catalog.power_factor_updated');
    expect((audit!.metadata as { changes: Record<string, unknown> }).changes).toMatchObject({ milliwatts: { from: 2_120, to: 2_500 }, year: { from: 2021, to: 2026 } });
    expect((await staff.catalog.powerFactors()).find((factor) => factor.id === 'vcpu')?.milliwatts).toBe(2_500);
  });

  it('is for staff only', async () => {
    const { ctx, db } = await setup();
    const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
    await expect(alice.catalogAdmin.powerFactors.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(alice.catalogAdmin.regions.update({ id: 'fr-par-1', euOnlyAccess: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
