import { addons, auditLog, catalogPrices, clusterTiers, kubernetesVersions, orders, promotions } from '@kubemarket/db';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { callerAs, createTestCaller, manualClock, refusal, sessionUserOf } from '../../testing';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY_MS = 24 * 60 * 60_000;

async function setup(username = 'olivia') {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock } });
  const staff = callerAs(ctx, await sessionUserOf(db, username));
  const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt));
  const priceRows = (itemKind: string, itemId: string) =>
    db
      .select()
      .from(catalogPrices)
      .where(and(eq(catalogPrices.itemKind, itemKind as 'addon'), eq(catalogPrices.itemId, itemId)))
      .orderBy(asc(catalogPrices.effectiveFrom));
  return { clock, ctx, db, staff, auditRows, priceRows };
}

const newTier = {
  id: 'tier_premium',
  name: 'Premium (Gold)',
  description: 'A tier for tests.',
  purpose: 'Testing staff catalogue editing',
  nodes: 3,
  vcpuPerNode: 4,
  memoryGbPerNode: 16,
  storageGbPerNode: 100,
  monthlyPriceCents: 39_900,
  yearlyPriceCents: 399_000,
  slaBasisPoints: 9_995,
  haControlPlane: 'included' as const,
  maxNodes: 20,
  maxPools: 4,
  allowedFlavorIds: ['gp-4-16', 'gp-8-32'],
  allowedRegionIds: ['fr-par-1'],
};

describe('catalogAdmin: access', () => {
  it('is for staff only: customers get 403 (audited), visitors 401, API tokens 403', async () => {
    const { ctx, db, auditRows } = await setup();
    const alice = await sessionUserOf(db, 'alice');
    await expect(callerAs(ctx, alice).catalogAdmin.addons.archive({ id: 'addon_keda' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerAs(ctx, null).catalogAdmin.addons.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const sophie = await sessionUserOf(db, 'sophie');
    const token = createCaller(createContext({ db, config: ctx.config, ports: ctx.ports, user: sophie, credential: { kind: 'token', tokenId: 'apt_x', scopes: ['audit:read'] } }));
    await expect(token.catalogAdmin.promotions.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await db.select().from(addons).where(eq(addons.id, 'addon_keda')))[0]!.archivedAt).toBeNull();
    const refusals = await auditRows('security.forbidden');
    expect(refusals.map((row) => [row.actorUserId, (row.metadata as { procedure: string }).procedure])).toEqual([
      ['usr_demo_alice', 'catalogAdmin.addons.archive'],
      ['usr_demo_sophie', 'catalogAdmin.promotions.list'],
    ]);
  });

  it('lets officers, admins and super admins edit', async () => {
    for (const username of ['olivia', 'adam', 'sophie']) {
      const { staff } = await setup(username);
      await expect(staff.catalogAdmin.addons.update({ id: 'addon_keda', version: '2.19.0' })).resolves.toMatchObject({ version: '2.19.0' });
    }
  });
});

describe('catalogAdmin.clusterTiers', () => {
  it('creates, edits, archives and restores a tier, auditing each change', async () => {
    const { staff, db, auditRows, priceRows } = await setup();
    const created = await staff.catalogAdmin.clusterTiers.create(newTier);
    expect(created).toMatchObject({ id: 'tier_premium', active: true, archivedAt: null, inUse: 0, sortOrder: 8, haMonthlyPriceCents: null, scheduledPrices: [] });
    expect(await priceRows('cluster_tier', 'tier_premium')).toEqual([
      expect.objectContaining({ effectiveFrom: NOW, monthlyPriceCents: 39_900, yearlyPriceCents: 399_000, createdBy: 'usr_demo_olivia' }),
    ]);
    const [createdAudit] = await auditRows('catalog.cluster_tier_created');
    expect(createdAudit).toMatchObject({ actorUserId: 'usr_demo_olivia', targetType: 'cluster_tier', targetId: 'tier_premium' });
    expect((createdAudit!.metadata as { values: Record<string, unknown> }).values).toMatchObject({ name: 'Premium (Gold)', monthlyPriceCents: 39_900 });

    await staff.catalogAdmin.clusterTiers.update({ id: 'tier_premium', purpose: 'Gold-plated workloads', maxNodes: 30 });
    expect((await auditRows('catalog.cluster_tier_updated'))[0]!.metadata).toEqual({
      changes: { purpose: { from: 'Testing staff catalogue editing', to: 'Gold-plated workloads' }, maxNodes: { from: 20, to: 30 } },
    });

    const archived = await staff.catalogAdmin.clusterTiers.archive({ id: 'tier_premium' });
    expect(archived).toMatchObject({ active: false, archivedAt: NOW });
    expect((await auditRows('catalog.cluster_tier_archived'))[0]).toMatchObject({ targetId: 'tier_premium', metadata: { name: 'Premium (Gold)', clustersUsingIt: 0 } });
    const restored = await staff.catalogAdmin.clusterTiers.restore({ id: 'tier_premium' });
    expect(restored).toMatchObject({ active: true, archivedAt: null });
    expect(await auditRows('catalog.cluster_tier_restored')).toHaveLength(1);
    expect((await db.select().from(clusterTiers).where(eq(clusterTiers.id, 'tier_premium')))[0]).toMatchObject({ purpose: 'Gold-plated workloads', maxNodes: 30 });
  });

  it('lists every tier, archived ones included, with the clusters using it', async () => {
    const { staff } = await setup();
    await staff.catalogAdmin.clusterTiers.archive({ id: 'tier_standard' });
    const tiers = await staff.catalogAdmin.clusterTiers.list();
    expect(tiers).toHaveLength(7);
    // The seeded Acme cluster webshop-prod keeps its archived tier.
    expect(tiers.find((tier) => tier.id === 'tier_standard')).toMatchObject({ archivedAt: NOW, active: false, inUse: 1 });
    expect(tiers.find((tier) => tier.id === 'tier_enterprise')).toMatchObject({ archivedAt: null, inUse: 0 });
  });

  it('refuses what would make a tier unsellable or contradict itself, with a sentence', async () => {
    const { staff } = await setup();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ id: 'tier_standard' }, 'CONFLICT', 'A cluster tier with the id tier_standard already exists.'],
      [{ name: 'Standard (Blue)' }, 'CONFLICT', 'A cluster tier named “Standard (Blue)” already exists.'],
      [{ id: 'Tier Premium' }, 'BAD_REQUEST', 'id: Tier id must be a lower-case slug: letters a-z and digits, with single - or _ between them (e.g. tier_premium).'],
      [{ allowedFlavorIds: ['gp-4-16', 'gp-99-999'] }, 'BAD_REQUEST', 'Unknown node flavour: gp-99-999.'],
      [{ allowedFlavorIds: [] }, 'BAD_REQUEST', 'A tier must offer at least one node flavour.'],
      [{ allowedRegionIds: ['xx-nowhere-1'] }, 'BAD_REQUEST', 'Unknown region: xx-nowhere-1.'],
      [{ yearlyPriceCents: 12 * 39_900 + 1 }, 'BAD_REQUEST', 'Tier: the yearly price (€4,788.01) cannot be more than 12 monthly payments (€4,788.00).'],
      [{ monthlyPriceCents: -1 }, 'BAD_REQUEST', 'monthlyPriceCents: Monthly price cannot be negative.'],
      [{ monthlyPriceCents: 10.5 }, 'BAD_REQUEST', 'monthlyPriceCents: Monthly price must be a whole number of euro cents.'],
      [{ nodes: 25 }, 'BAD_REQUEST', "The baseline of 25 nodes is above the tier's maximum of 20 nodes."],
      [{ slaBasisPoints: 10_001 }, 'BAD_REQUEST', 'slaBasisPoints: SLA must be at most 10000 basis points (100 %).'],
      [{ haControlPlane: 'optional' }, 'BAD_REQUEST', 'An optional HA control plane needs its monthly and yearly prices.'],
      [{ haMonthlyPriceCents: 4_900, haYearlyPriceCents: 49_000 }, 'BAD_REQUEST', 'Only an optional HA control plane has a price of its own: make it optional, or leave its prices empty.'],
    ];
    for (const [change, code, message] of cases) {
      expect(await refusal(staff.catalogAdmin.clusterTiers.create({ ...newTier, ...change } as typeof newTier))).toEqual({ code, message });
    }
  });

  it('does not archive the last tier on offer, nor add an archived flavour to a tier', async () => {
    const { staff } = await setup();
    for (const id of ['tier_standard', 'tier_enterprise', 'tier_economy', 'tier_data', 'tier_ai', 'tier_devtest']) await staff.catalogAdmin.clusterTiers.archive({ id });
    expect(await refusal(staff.catalogAdmin.clusterTiers.archive({ id: 'tier_sandbox' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Sandbox (Gray) is the last cluster tier on offer: customers could not order any cluster. Create or restore another tier first.',
    });
    await staff.catalogAdmin.nodeFlavors.archive({ id: 'm-16-128' });
    expect(await refusal(staff.catalogAdmin.clusterTiers.update({ id: 'tier_standard', allowedFlavorIds: ['gp-4-16', 'm-16-128'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The node flavour m-16-128 is archived: restore it first.',
    });
    // Already listed, it may stay.
    await expect(staff.catalogAdmin.clusterTiers.update({ id: 'tier_enterprise', description: 'Still fine.' })).resolves.toMatchObject({ description: 'Still fine.' });
    await expect(staff.catalogAdmin.clusterTiers.update({ id: 'tier_nope', name: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('makes an HA control plane optional with its price, and dropping it clears the price', async () => {
    const { staff, priceRows } = await setup();
    const optional = await staff.catalogAdmin.clusterTiers.update({ id: 'tier_devtest', haControlPlane: 'optional', haMonthlyPriceCents: 2_900, haYearlyPriceCents: 29_580 });
    expect(optional).toMatchObject({ haControlPlane: 'optional', haMonthlyPriceCents: 2_900, haYearlyPriceCents: 29_580 });
    expect(await priceRows('cluster_tier_ha', 'tier_devtest')).toEqual([expect.objectContaining({ effectiveFrom: NOW, monthlyPriceCents: 2_900 })]);
    const included = await staff.catalogAdmin.clusterTiers.update({ id: 'tier_economy', haControlPlane: 'included' });
    expect(included).toMatchObject({ haControlPlane: 'included', haMonthlyPriceCents: null, haYearlyPriceCents: null });
    // History stays: the HA price rows of Economy are not deleted.
    expect(await priceRows('cluster_tier_ha', 'tier_economy')).toHaveLength(1);
  });
});

describe('catalogAdmin: price changes', () => {
  it('a price change now adds a price row and updates the list price, and never alters an order', async () => {
    const { staff, db, priceRows, auditRows } = await setup();
    const ordersBefore = await db.select().from(orders).orderBy(asc(orders.id));
    const updated = await staff.catalogAdmin.clusterTiers.update({ id: 'tier_standard', monthlyPriceCents: 31_900, yearlyPriceCents: 325_380 });
    expect(updated).toMatchObject({ monthlyPriceCents: 31_900, yearlyPriceCents: 325_380, scheduledPrices: [] });
    expect(await priceRows('cluster_tier', 'tier_standard')).toEqual([
      expect.objectContaining({ effectiveFrom: 0, monthlyPriceCents: 28_900 }),
      expect.objectContaining({ effectiveFrom: NOW, monthlyPriceCents: 31_900, yearlyPriceCents: 325_380, createdBy: 'usr_demo_olivia' }),
    ]);
    expect((await db.select().from(clusterTiers).where(eq(clusterTiers.id, 'tier_standard')))[0]).toMatchObject({ monthlyPriceCents: 31_900 });
    expect(await db.select().from(orders).orderBy(asc(orders.id))).toEqual(ordersBefore);
    expect((await auditRows('catalog.cluster_tier_updated'))[0]!.metadata).toEqual({
      changes: {},
      price: {
        changes: [
          {
            itemKind: 'cluster_tier',
            effectiveFrom: NOW,
            from: { monthlyPriceCents: 28_900, yearlyPriceCents: 294_780, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null },
            to: { monthlyPriceCents: 31_900, yearlyPriceCents: 325_380, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null },
          },
        ],
      },
    });
  });

  it('a price dated later leaves the list price alone until then, and staff see it scheduled', async () => {
    const { staff, db, clock, priceRows } = await setup();
    const from = NOW + 7 * DAY_MS;
    const scheduled = await staff.catalogAdmin.addons.update({ id: 'addon_monitoring', monthlyPriceCents: 4_500, yearlyPriceCents: 45_900, priceEffectiveFrom: from });
    expect(scheduled).toMatchObject({ monthlyPriceCents: 3_900, yearlyPriceCents: 39_780 });
    expect(scheduled.scheduledPrices).toEqual([
      { itemKind: 'addon', effectiveFrom: from, monthlyPriceCents: 4_500, yearlyPriceCents: 45_900, hourlyPriceMillicents: null, percentOfSpendBasisPoints: null },
    ]);
    expect((await db.select().from(addons).where(eq(addons.id, 'addon_monitoring')))[0]).toMatchObject({ monthlyPriceCents: 3_900 });
    expect(await priceRows('addon', 'addon_monitoring')).toHaveLength(2);

    // An edit of something else in the meantime keeps the schedule (and the price of now).
    await staff.catalogAdmin.addons.update({ id: 'addon_monitoring', version: '3.9.0' });
    expect(await priceRows('addon', 'addon_monitoring')).toHaveLength(2);

    clock.advance(7 * DAY_MS);
    const listed = (await staff.catalogAdmin.addons.list()).find((addon) => addon.id === 'addon_monitoring')!;
    expect(listed).toMatchObject({ monthlyPriceCents: 4_500, yearlyPriceCents: 45_900, scheduledPrices: [] });
  });

  it('a price change cannot be dated more than a minute in the past', async () => {
    const { staff, priceRows } = await setup();
    expect(await refusal(staff.catalogAdmin.middlewarePlans.update({ id: 'mwp_postgresql_starter', monthlyPriceCents: 2_100, priceEffectiveFrom: NOW - 5 * 60_000 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A price change cannot take effect in the past: leave the date out to apply it now, or choose a later date.',
    });
    // A few seconds late (a slow form) applies now, not in the past.
    await staff.catalogAdmin.middlewarePlans.update({ id: 'mwp_postgresql_starter', monthlyPriceCents: 2_100, priceEffectiveFrom: NOW - 10_000 });
    expect((await priceRows('middleware_plan', 'mwp_postgresql_starter')).map((row) => [row.effectiveFrom, row.monthlyPriceCents])).toEqual([
      [0, 1_900],
      [NOW, 2_100],
    ]);
  });

  it('node flavours keep the hourly price consistent, and support plans price their share of spend', async () => {
    const { staff, priceRows } = await setup();
    const flavor = await staff.catalogAdmin.nodeFlavors.update({ id: 'gp-4-16', monthlyPriceCents: 6_570 });
    expect(flavor).toMatchObject({ monthlyPriceCents: 6_570, hourlyPriceMillicents: 9_000 });
    expect((await priceRows('node_flavor', 'gp-4-16')).at(-1)).toMatchObject({ monthlyPriceCents: 6_570, hourlyPriceMillicents: 9_000 });
    const support = await staff.catalogAdmin.supportPlans.update({ id: 'support_enterprise', percentOfSpendBasisPoints: 800 });
    expect(support).toMatchObject({ pricingKind: 'share', percentOfSpendBasisPoints: 800, minimumMonthlyCents: 99_000, monthlyPriceCents: null });
    expect((await priceRows('support_plan', 'support_enterprise')).at(-1)).toMatchObject({ effectiveFrom: NOW, monthlyPriceCents: 99_000, percentOfSpendBasisPoints: 800 });
  });
});

describe('catalogAdmin.nodeFlavors', () => {
  const gpuFlavor = {
    id: 'gpu-b200-1',
    name: 'GPU 1 × NVIDIA B200',
    category: 'gpu' as const,
    vcpu: 32,
    memoryGb: 256,
    gpuModel: 'NVIDIA B200',
    gpuCount: 1,
    gpuMemoryGb: 192,
    localDiskGb: 4_000,
    monthlyPriceCents: 299_900,
    regionIds: ['fr-par-1'],
  };

  it('creates a GPU flavour (hourly price derived), archives and restores it', async () => {
    const { staff, auditRows } = await setup();
    const created = await staff.catalogAdmin.nodeFlavors.create(gpuFlavor);
    expect(created).toMatchObject({ hourlyPriceMillicents: Math.round((299_900 * 1000) / 730), offeredByTierIds: [], inUse: null, archivedAt: null });
    await staff.catalogAdmin.nodeFlavors.archive({ id: 'gpu-b200-1' });
    await staff.catalogAdmin.nodeFlavors.restore({ id: 'gpu-b200-1' });
    for (const event of ['created', 'archived', 'restored']) expect(await auditRows(`catalog.node_flavor_${event}`)).toHaveLength(1);
  });

  it('refuses GPU fields that do not fit the category, and archiving the last flavour of a tier', async () => {
    const { staff } = await setup();
    expect(await refusal(staff.catalogAdmin.nodeFlavors.create({ ...gpuFlavor, gpuModel: null }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A GPU flavour needs its GPU model, GPU count (at least 1) and GPU memory per card.',
    });
    expect(await refusal(staff.catalogAdmin.nodeFlavors.create({ ...gpuFlavor, category: 'general' }))).toMatchObject({ message: expect.stringContaining('Only a flavour of the gpu category has GPUs') });
    expect(await refusal(staff.catalogAdmin.nodeFlavors.create({ ...gpuFlavor, id: 'gp-4-16' }))).toEqual({ code: 'CONFLICT', message: 'A node flavour with the id gp-4-16 already exists.' });
    // Sandbox offers gp-2-4 and gp-2-8 only.
    await staff.catalogAdmin.nodeFlavors.archive({ id: 'gp-2-4' });
    expect(await refusal(staff.catalogAdmin.nodeFlavors.archive({ id: 'gp-2-8' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Sandbox (Gray) would have no node flavour left on sale: add another flavour to it first.',
    });
  });
});

describe('catalogAdmin.kubernetesVersions', () => {
  it('adds a version, and making one the default moves the default in the same change', async () => {
    const { staff, db, auditRows } = await setup();
    await expect(staff.catalogAdmin.kubernetesVersions.create({ version: '1.39', patch: 0, classification: 'preview' })).resolves.toMatchObject({ version: '1.39', isDefault: false, sortOrder: 5, inUse: 0 });
    expect(await refusal(staff.catalogAdmin.kubernetesVersions.create({ version: '1.37', patch: 2, classification: 'supported' }))).toEqual({
      code: 'CONFLICT',
      message: 'Kubernetes 1.37 is already in the catalogue.',
    });
    const moved = await staff.catalogAdmin.kubernetesVersions.update({ version: '1.36', isDefault: true });
    expect(moved).toMatchObject({ isDefault: true, inUse: 2 });
    expect((await db.select().from(kubernetesVersions).where(eq(kubernetesVersions.isDefault, true))).map((row) => row.version)).toEqual(['1.36']);
    expect((await auditRows('catalog.kubernetes_version_updated'))[0]!.metadata).toEqual({ changes: { isDefault: { from: false, to: true } }, previousDefault: '1.37' });
    expect((await auditRows('catalog.kubernetes_version_created'))[0]).toMatchObject({ targetId: '1.39' });
  });

  it('keeps a supported default: it cannot be unset, deprecated, or be a preview', async () => {
    const { staff } = await setup();
    expect(await refusal(staff.catalogAdmin.kubernetesVersions.update({ version: '1.37', isDefault: false }))).toEqual({
      code: 'BAD_REQUEST',
      message: '1.37 is the default version for new clusters: make another version the default instead, which moves it.',
    });
    expect(await refusal(staff.catalogAdmin.kubernetesVersions.update({ version: '1.37', classification: 'deprecated' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Only a supported version can be the default for new clusters; 1.37 is deprecated.',
    });
    expect(await refusal(staff.catalogAdmin.kubernetesVersions.update({ version: '1.38', isDefault: true }))).toMatchObject({ message: expect.stringContaining('1.38 is preview') });
    expect(await refusal(staff.catalogAdmin.kubernetesVersions.create({ version: 'v1.40', patch: 0, classification: 'preview' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'version: Version must be a Kubernetes minor version such as 1.37.',
    });
  });
});

describe('catalogAdmin.addons', () => {
  const velero = {
    id: 'addon_velero_plus',
    name: 'Velero Plus',
    category: 'backup' as const,
    description: 'Backups to another region.',
    version: '1.17.1',
    monthlyPriceCents: 4_900,
    yearlyPriceCents: 49_980,
    compatibleTierIds: ['tier_standard', 'tier_enterprise'],
  };

  it('creates an add-on with its requirements and keeps conflicts symmetric', async () => {
    const { staff, db, auditRows } = await setup();
    const created = await staff.catalogAdmin.addons.create({ ...velero, requires: ['addon_monitoring'], conflicts: ['addon_backup'] });
    expect(created).toMatchObject({ requires: ['addon_monitoring'], conflicts: ['addon_backup'], requiredBy: [], archivedAt: null });
    const conflictsOf = async (id: string) => (await db.select().from(addons).where(eq(addons.id, id)))[0]!.conflicts;
    expect(await conflictsOf('addon_backup')).toEqual(['addon_velero_plus']);
    await staff.catalogAdmin.addons.update({ id: 'addon_velero_plus', conflicts: [] });
    expect(await conflictsOf('addon_backup')).toEqual([]);
    expect((await auditRows('catalog.addon_updated'))[0]!.metadata).toEqual({ changes: { conflicts: { from: ['addon_backup'], to: [] } } });
    const monitoring = (await staff.catalogAdmin.addons.list()).find((addon) => addon.id === 'addon_monitoring')!;
    expect(monitoring.requiredBy).toEqual(['addon_logging', 'addon_velero_plus']);
  });

  it('refuses impossible requirements and conflicts, with a sentence', async () => {
    const { staff } = await setup();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ id: 'addon_monitoring' }, 'CONFLICT', 'An add-on with the id addon_monitoring already exists.'],
      [{ conflicts: ['addon_velero_plus'] }, 'BAD_REQUEST', 'An add-on cannot conflict with itself.'],
      [{ requires: ['addon_velero_plus'] }, 'BAD_REQUEST', 'An add-on cannot require itself.'],
      [{ requires: ['addon_backup'], conflicts: ['addon_backup'] }, 'BAD_REQUEST', 'addon_backup cannot be both required by and in conflict with this add-on.'],
      [{ requires: ['addon_nope'] }, 'BAD_REQUEST', 'Unknown add-on: addon_nope.'],
      [{ compatibleTierIds: ['tier_nope', 'tier_none'] }, 'BAD_REQUEST', 'Unknown cluster tiers: tier_nope and tier_none.'],
      [{ compatibleTierIds: [] }, 'BAD_REQUEST', 'Choose at least one cluster tier the add-on can be installed on.'],
      [{ minKubernetesVersion: '1.37', maxKubernetesVersion: '1.36' }, 'BAD_REQUEST', 'The minimum Kubernetes version (1.37) is above the maximum (1.36).'],
      [{ yearlyPriceCents: 60_000 }, 'BAD_REQUEST', 'Add-on: the yearly price (€600.00) cannot be more than 12 monthly payments (€588.00).'],
      [{ id: 'addon_' }, 'BAD_REQUEST', 'id: Add-on id must be a lower-case slug: letters a-z and digits, with single - or _ between them (e.g. addon_velero).'],
    ];
    for (const [change, code, message] of cases) {
      expect(await refusal(staff.catalogAdmin.addons.create({ ...velero, ...change } as typeof velero))).toEqual({ code, message });
    }
    // Logging requires monitoring: monitoring cannot require logging, nor conflict with it.
    expect(await refusal(staff.catalogAdmin.addons.update({ id: 'addon_monitoring', requires: ['addon_logging'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Requirements cannot go round in a circle: Grafana Loki already requires this add-on, directly or through others.',
    });
    expect(await refusal(staff.catalogAdmin.addons.update({ id: 'addon_monitoring', conflicts: ['addon_logging'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Grafana Loki requires this add-on, so the two cannot conflict.',
    });
  });

  it('archives and restores, never leaving a required add-on off sale', async () => {
    const { staff, auditRows } = await setup();
    expect(await refusal(staff.catalogAdmin.addons.archive({ id: 'addon_monitoring' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Grafana Loki requires Prometheus and Grafana: archive it or remove the requirement first.',
    });
    await staff.catalogAdmin.addons.archive({ id: 'addon_logging' });
    await expect(staff.catalogAdmin.addons.archive({ id: 'addon_monitoring' })).resolves.toMatchObject({ archivedAt: NOW });
    // Archiving twice changes nothing and audits nothing more.
    await staff.catalogAdmin.addons.archive({ id: 'addon_monitoring' });
    expect(await auditRows('catalog.addon_archived')).toHaveLength(2);
    expect(await refusal(staff.catalogAdmin.addons.restore({ id: 'addon_logging' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Grafana Loki requires Prometheus and Grafana, which is archived: restore it first.',
    });
    await staff.catalogAdmin.addons.restore({ id: 'addon_monitoring' });
    await expect(staff.catalogAdmin.addons.restore({ id: 'addon_logging' })).resolves.toMatchObject({ archivedAt: null });
    expect((await auditRows('catalog.addon_restored')).map((row) => row.targetId)).toEqual(['addon_monitoring', 'addon_logging']);
    const listed = await staff.catalogAdmin.addons.list();
    expect(listed).toHaveLength(15);
  });
});

describe('catalogAdmin.middlewares and middlewarePlans', () => {
  const clickhouse = {
    id: 'mw_clickhouse',
    name: 'ClickHouse',
    engine: 'clickhouse',
    category: 'database' as const,
    description: 'Column-oriented analytics database.',
    versions: ['25.8', '25.8', '25.3'],
    regionIds: ['fr-par-1', 'de-fra-1'],
  };
  const plan = { id: 'mwp_clickhouse_small', middlewareId: 'mw_clickhouse', name: 'Small', nodes: 1, vcpu: 4, memoryGb: 16, storageGb: 200, highAvailability: false, monthlyPriceCents: 12_900 };

  it('creates a middleware and its plans; archiving the last plan is refused, the middleware can be', async () => {
    const { staff, auditRows, priceRows } = await setup();
    await expect(staff.catalogAdmin.middlewares.create(clickhouse)).resolves.toMatchObject({ versions: ['25.8', '25.3'], planCount: 0 });
    await expect(staff.catalogAdmin.middlewarePlans.create(plan)).resolves.toMatchObject({ yearlyPriceCents: null, archivedAt: null });
    expect(await priceRows('middleware_plan', 'mwp_clickhouse_small')).toEqual([expect.objectContaining({ effectiveFrom: NOW, monthlyPriceCents: 12_900, yearlyPriceCents: null })]);
    expect(await staff.catalogAdmin.middlewarePlans.list({ middlewareId: 'mw_clickhouse' })).toHaveLength(1);
    expect(await refusal(staff.catalogAdmin.middlewarePlans.archive({ id: 'mwp_clickhouse_small' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Small is the last plan of ClickHouse on sale: archive the middleware instead, or add another plan first.',
    });
    await staff.catalogAdmin.middlewares.update({ id: 'mw_clickhouse', description: 'Column store.' });
    await staff.catalogAdmin.middlewares.archive({ id: 'mw_clickhouse' });
    await staff.catalogAdmin.middlewarePlans.archive({ id: 'mwp_clickhouse_small' });
    expect(await refusal(staff.catalogAdmin.middlewarePlans.restore({ id: 'mwp_clickhouse_small' }))).toEqual({ code: 'BAD_REQUEST', message: 'ClickHouse is archived: restore it first.' });
    expect(await refusal(staff.catalogAdmin.middlewarePlans.create({ ...plan, id: 'mwp_clickhouse_large' }))).toEqual({ code: 'BAD_REQUEST', message: 'ClickHouse is archived: restore it before adding plans.' });
    await staff.catalogAdmin.middlewares.restore({ id: 'mw_clickhouse' });
    await staff.catalogAdmin.middlewarePlans.restore({ id: 'mwp_clickhouse_small' });
    for (const event of ['created', 'updated', 'archived', 'restored']) expect(await auditRows(`catalog.middleware_${event}`)).toHaveLength(1);
    for (const event of ['created', 'archived', 'restored']) expect(await auditRows(`catalog.middleware_plan_${event}`)).toHaveLength(1);
  });

  it('checks plan sizing, availability and references', async () => {
    const { staff } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ middlewareId: 'mw_nope' }, 'Unknown middleware: mw_nope.'],
      [{ nodes: null }, 'Give machines, vCPU and memory together, or none of them for a service not sized in machines (object storage).'],
      [{ highAvailability: true }, 'A highly available plan needs at least 2 machines.'],
      [{ yearlyPriceCents: 12 * 12_900 + 100 }, 'Plan: the yearly price (€1,549.00) cannot be more than 12 monthly payments (€1,548.00).'],
    ];
    await staff.catalogAdmin.middlewares.create(clickhouse);
    for (const [change, message] of cases) {
      expect(await refusal(staff.catalogAdmin.middlewarePlans.create({ ...plan, ...change } as typeof plan))).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect(await refusal(staff.catalogAdmin.middlewares.create({ ...clickhouse, id: 'mw_postgresql' }))).toEqual({ code: 'CONFLICT', message: 'A middleware with the id mw_postgresql already exists.' });
    expect(await refusal(staff.catalogAdmin.middlewares.update({ id: 'mw_postgresql', regionIds: [] }))).toEqual({ code: 'BAD_REQUEST', message: 'Choose at least one region where the middleware can be ordered.' });
  });
});

describe('catalogAdmin.supportPlans', () => {
  const premium = {
    id: 'support_premium',
    name: 'Premium',
    description: 'Faster answers.',
    p1ResponseMinutes: 45,
    p2ResponseMinutes: 180,
    channels: ['chat', 'ticket'] as Array<'chat' | 'ticket'>,
    hours: '24x7' as const,
    pricingKind: 'share' as const,
    percentOfSpendBasisPoints: 500,
    minimumMonthlyCents: 49_000,
  };

  it('creates, edits, archives and restores a plan', async () => {
    const { staff, auditRows, priceRows } = await setup();
    await expect(staff.catalogAdmin.supportPlans.create(premium)).resolves.toMatchObject({ channels: ['ticket', 'chat'], monthlyPriceCents: null, namedEngineer: false });
    expect(await priceRows('support_plan', 'support_premium')).toEqual([expect.objectContaining({ monthlyPriceCents: 49_000, percentOfSpendBasisPoints: 500 })]);
    // Switching to a fixed price clears the share and minimum.
    await expect(staff.catalogAdmin.supportPlans.update({ id: 'support_premium', pricingKind: 'fixed', monthlyPriceCents: 59_000 })).resolves.toMatchObject({
      pricingKind: 'fixed',
      monthlyPriceCents: 59_000,
      percentOfSpendBasisPoints: null,
      minimumMonthlyCents: null,
    });
    await staff.catalogAdmin.supportPlans.archive({ id: 'support_premium' });
    await staff.catalogAdmin.supportPlans.restore({ id: 'support_premium' });
    for (const event of ['created', 'updated', 'archived', 'restored']) expect(await auditRows(`catalog.support_plan_${event}`)).toHaveLength(1);
  });

  it('refuses prices that do not fit the pricing kind and response targets out of order', async () => {
    const { staff } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ monthlyPriceCents: 10_000 }, 'A share-of-spend plan has no fixed price: give its share of spend and monthly minimum instead.'],
      [{ minimumMonthlyCents: null }, 'A share-of-spend plan needs its share of spend (basis points, 700 = 7 %) and its monthly minimum.'],
      [{ pricingKind: 'fixed' }, 'A fixed-price plan has no share of spend or monthly minimum: leave them empty.'],
      [{ p2ResponseMinutes: 30 }, 'A less severe ticket cannot be answered faster: P2 (30 min) is faster than P1 (45 min).'],
      [{ percentOfSpendBasisPoints: 20_000 }, 'percentOfSpendBasisPoints: Share of spend must be at most 10000 basis points (100 %).'],
      [{ channels: [] }, 'channels: Choose at least one support channel.'],
    ];
    for (const [change, message] of cases) {
      expect(await refusal(staff.catalogAdmin.supportPlans.create({ ...premium, ...change } as typeof premium))).toEqual({ code: 'BAD_REQUEST', message });
    }
  });
});

describe('catalogAdmin.promotions', () => {
  const spring = { code: 'spring27', description: '10 % off in spring.', kind: 'percent' as const, value: 1_000, validFrom: NOW, validUntil: NOW + 30 * DAY_MS };

  it('creates an upper-case code, features it instead of PARIS, archives and restores it', async () => {
    const { staff, db, auditRows } = await setup();
    await expect(staff.catalogAdmin.promotions.create(spring)).resolves.toMatchObject({ code: 'SPRING27', featured: false, appliesTo: null, firstPurchaseOnly: false });
    await staff.catalogAdmin.promotions.update({ code: 'SPRING27', featured: true });
    const featured = await db.select().from(promotions).where(eq(promotions.featured, true));
    expect(featured.map((row) => row.code)).toEqual(['SPRING27']);
    const archived = await staff.catalogAdmin.promotions.archive({ code: 'spring27' });
    expect(archived).toMatchObject({ archivedAt: NOW, featured: false });
    await staff.catalogAdmin.promotions.restore({ code: 'SPRING27' });
    for (const event of ['created', 'updated', 'archived', 'restored']) expect(await auditRows(`catalog.promotion_${event}`)).toHaveLength(1);
    expect((await db.select().from(auditLog).where(like(auditLog.action, 'catalog.promotion_%'))).every((row) => row.targetId === 'SPRING27')).toBe(true);
  });

  it('refuses malformed codes, impossible discounts and windows', async () => {
    const { staff, ctx, db } = await setup();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: 'PARIS' }, 'CONFLICT', 'A promotion with the code PARIS already exists.'],
      [{ code: 'AB' }, 'BAD_REQUEST', 'code: Code must be 3 to 32 letters A-Z or digits, e.g. PARIS or SPRING2027.'],
      [{ code: 'SPRING-27' }, 'BAD_REQUEST', 'code: Code must be 3 to 32 letters A-Z or digits, e.g. PARIS or SPRING2027.'],
      [{ value: 10_001 }, 'BAD_REQUEST', 'A percentage discount is at most 10000 basis points (100 %); 500 is 5 %.'],
      [{ value: 0 }, 'BAD_REQUEST', 'value: Value must be at least 1.'],
      [{ validUntil: NOW }, 'BAD_REQUEST', 'The promotion must end after it starts.'],
      [{ appliesTo: ['cluster', 'groceries'] }, 'BAD_REQUEST', 'appliesTo.1: Order kind must be one of: cluster, addon, middleware, support.'],
    ];
    for (const [change, code, message] of cases) {
      expect(await refusal(staff.catalogAdmin.promotions.create({ ...spring, ...change } as typeof spring))).toEqual({ code, message });
    }
    // An amount may exceed 10000 cents: not a refused input; above €100 it takes a second administrator (ADR 27).
    const large = { ...spring, kind: 'amount' as const, value: 25_000 };
    expect(await refusal(staff.catalogAdmin.promotions.create(large))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    const request = await staff.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: large, reason: 'Key account offer' });
    await callerAs(ctx, await sessionUserOf(db, 'adam')).catalogAdmin.changeRequests.approve({ id: request.id });
    expect((await staff.catalogAdmin.promotions.list()).find((promotion) => promotion.code === 'SPRING27')).toMatchObject({ kind: 'amount', value: 25_000 });
  });
});
