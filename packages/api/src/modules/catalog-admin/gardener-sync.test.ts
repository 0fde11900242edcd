import { auditLog, kubernetesVersions, nodeFlavors } from '@kubemarket/db';
import { asc, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, FAKE_CLOUD_PROFILE_NAME, type FakeGardener, manualClock, refusal, sessionUserOf, startFakeGardener } from '../../testing';
import { gardenerProvisioner } from '../../platform/provisioner/gardener';

const NOW = Date.UTC(2026, 10, 23, 12);
const TOKEN = 'gardener-sa-token-catalog-sync-4f9Q';
const NAMESPACE = 'garden-km';
const CLOUD_PROFILE_PATH = `/apis/core.gardener.cloud/v1beta1/cloudprofiles/${FAKE_CLOUD_PROFILE_NAME}`;

let fake: FakeGardener;

beforeEach(() => {
  fake = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => NOW });
});

afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.close();
});

/** Seeded catalogue, clusters on the fake Gardener, signed in as `username`. */
async function setup(username = 'olivia', provisioner: 'gardener' | 'simulator' = 'gardener') {
  const clock = manualClock(NOW);
  const ports =
    provisioner === 'gardener'
      ? { clock, provisioner: gardenerProvisioner({ apiUrl: fake.url, token: TOKEN, namespace: NAMESPACE, fetch: fake.fetch, cloudProfileName: FAKE_CLOUD_PROFILE_NAME }) }
      : { clock };
  const { ctx, db } = await createTestCaller({ ports });
  const caller = callerAs(ctx, await sessionUserOf(db, username));
  const versions = () => db.select().from(kubernetesVersions).orderBy(asc(kubernetesVersions.version));
  const versionAudits = () => db.select().from(auditLog).where(like(auditLog.action, 'catalog.kubernetes_version_%')).orderBy(asc(auditLog.targetId));
  return { ctx, db, caller, versions, versionAudits };
}

/** The versions the CloudProfile lists, as Gardener publishes them. */
function offer(versions: Array<{ version: string; classification?: string; expirationDate?: string }>) {
  fake.cloudProfiles.get(FAKE_CLOUD_PROFILE_NAME)!.spec.kubernetes.versions = versions;
}

// What the seed stores (packages/db/src/seed-catalog.ts), for rows the sync must leave alone.
const SEEDED_1_35 = { version: '1.35', patch: 8, classification: 'deprecated', endOfSupportAt: Date.UTC(2027, 1, 28), isDefault: false, sortOrder: 4 };
const SEEDED_1_37 = { version: '1.37', patch: 1, classification: 'supported', endOfSupportAt: Date.UTC(2027, 9, 31), isDefault: true, sortOrder: 2 };

/** Seeded flavours without a usable machine type of that name in the fake CloudProfile. */
const FLAVORS_NOT_IN_PROFILE = ['gp-2-4', 'gp-16-64', 'c-8-16', 'm-4-32', 'm-8-64', 'm-16-128', 'gpu-l40s-1', 'gpu-h100-1', 'gpu-h100-2'];

describe('catalogAdmin.syncKubernetesVersionsFromGardener', () => {
  it('adds new minors, updates changed ones to their highest patch, deprecates expired ones and never deletes', async () => {
    const { db, caller, versions, versionAudits } = await setup();
    offer([
      { version: '1.39.0', classification: 'preview' },
      { version: '1.38.1', classification: 'preview' },
      { version: '1.38.0', classification: 'preview' },
      { version: '1.37.1', classification: 'supported' },
      { version: '1.36.4', classification: 'deprecated', expirationDate: '2021-03-31T23:59:59Z' },
      { version: '1.36.3', classification: 'deprecated', expirationDate: '2021-01-31T23:59:59Z' },
      { version: '1.34.9', classification: 'deprecated', expirationDate: '2020-01-31T23:59:59Z' },
    ]);
    const flavorsBefore = await db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.id));

    const result = await caller.catalogAdmin.syncKubernetesVersionsFromGardener();

    expect(result).toEqual({ added: ['1.39'], updated: ['1.36', '1.38'], unchanged: 1, machineTypesMissing: FLAVORS_NOT_IN_PROFILE });
    expect(await versions()).toEqual([
      // Expired at Gardener and unknown here: not added.
      expect.objectContaining(SEEDED_1_35),
      expect.objectContaining({ version: '1.36', patch: 4, classification: 'deprecated', endOfSupportAt: Date.parse('2021-03-31T23:59:59Z'), isDefault: false, updatedAt: NOW }),
      expect.objectContaining(SEEDED_1_37),
      // No expiration announced by Gardener: the catalogue's end of support stays.
      expect.objectContaining({ version: '1.38', patch: 1, classification: 'preview', endOfSupportAt: Date.UTC(2028, 1, 29), updatedAt: NOW }),
      { version: '1.39', patch: 0, classification: 'preview', endOfSupportAt: null, isDefault: false, sortOrder: 5, createdAt: NOW, updatedAt: NOW },
    ]);
    expect((await versions()).find((row) => row.version === '1.37')!.updatedAt).not.toBe(NOW);
    expect(await db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.id))).toEqual(flavorsBefore);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${CLOUD_PROFILE_PATH}`]);

    const audits = await versionAudits();
    expect(audits.map((row) => [row.action, row.targetId, row.actorUserId, row.createdAt])).toEqual([
      ['catalog.kubernetes_version_updated', '1.36', 'usr_demo_olivia', NOW],
      ['catalog.kubernetes_version_updated', '1.38', 'usr_demo_olivia', NOW],
      ['catalog.kubernetes_version_created', '1.39', 'usr_demo_olivia', NOW],
    ]);
    expect(audits.map((row) => row.metadata)).toEqual([
      {
        source: 'gardener_cloud_profile',
        changes: {
          classification: { from: 'supported', to: 'deprecated' },
          endOfSupportAt: { from: Date.UTC(2027, 5, 30), to: Date.parse('2021-03-31T23:59:59Z') },
        },
      },
      { source: 'gardener_cloud_profile', changes: { patch: { from: 0, to: 1 } } },
      { source: 'gardener_cloud_profile', values: { patch: 0, classification: 'preview', endOfSupportAt: null, isDefault: false, sortOrder: 5 } },
    ]);

    // A second sync finds the catalogue in line: nothing written, nothing audited.
    const again = await caller.catalogAdmin.syncKubernetesVersionsFromGardener();
    expect(again).toEqual({ added: [], updated: [], unchanged: 4, machineTypesMissing: FLAVORS_NOT_IN_PROFILE });
    expect(await versionAudits()).toHaveLength(3);
  });

  it('counts the seeded catalogue against the stock CloudProfile: only the announced expiration of 1.35 differs', async () => {
    const { caller, versions } = await setup('adam');
    expect(await caller.catalogAdmin.syncKubernetesVersionsFromGardener()).toEqual({
      added: [],
      updated: ['1.35'],
      unchanged: 3,
      machineTypesMissing: FLAVORS_NOT_IN_PROFILE,
    });
    expect((await versions()).find((row) => row.version === '1.35')).toMatchObject({ classification: 'deprecated', patch: 8, endOfSupportAt: Date.parse('2099-06-30T23:59:59Z') });
  });

  it('reports a flavour whose machine type the CloudProfile marks unusable', async () => {
    const { caller } = await setup();
    const profile = fake.cloudProfiles.get(FAKE_CLOUD_PROFILE_NAME)!;
    profile.spec.machineTypes = profile.spec.machineTypes.map((type) => (type.name === 'gp-4-16' ? { ...type, usable: false } : type));
    const { machineTypesMissing } = await caller.catalogAdmin.syncKubernetesVersionsFromGardener();
    expect(machineTypesMissing).toEqual(['gp-2-4', 'gp-4-16', ...FLAVORS_NOT_IN_PROFILE.slice(1)]);
  });

  it('refuses, changing nothing, when Gardener no longer supports the default version', async () => {
    const { caller, versions, versionAudits } = await setup();
    const before = await versions();
    offer([
      { version: '1.39.0', classification: 'supported' },
      { version: '1.37.1', classification: 'deprecated', expirationDate: '2099-01-31T23:59:59Z' },
    ]);
    expect(await refusal(caller.catalogAdmin.syncKubernetesVersionsFromGardener())).toEqual({
      code: 'CONFLICT',
      message: 'Gardener lists Kubernetes 1.37 as deprecated, but it is the default for new clusters: make a supported version the default first, then sync again. Nothing was changed.',
    });
    expect(await versions()).toEqual(before);
    expect(await versionAudits()).toEqual([]);
  });

  it('refuses on the embedded simulator: there is no CloudProfile', async () => {
    const { caller, versions } = await setup('olivia', 'simulator');
    const before = await versions();
    expect(await refusal(caller.catalogAdmin.syncKubernetesVersionsFromGardener())).toEqual({
      code: 'CONFLICT',
      message: 'Clusters run on the embedded simulator; there is no Gardener CloudProfile to sync from.',
    });
    expect(await versions()).toEqual(before);
    expect(fake.requests).toEqual([]);
  });

  it('says why when Gardener cannot be read, and keeps the catalogue', async () => {
    const { caller, versions } = await setup();
    const before = await versions();
    fake.failNext(1, 503);
    const failure = await refusal(caller.catalogAdmin.syncKubernetesVersionsFromGardener());
    expect(failure.code).toBe('SERVICE_UNAVAILABLE');
    expect(failure.message).toMatch(/^The CloudProfile could not be read: Gardener failed while reading the CloudProfile kubemarket \(HTTP 503\).*; it will be tried again\.$/);
    expect(await versions()).toEqual(before);
  });

  it('is refused to customers (audited) and visitors, before Gardener is asked', async () => {
    const { ctx, db, versions } = await setup('alice');
    const before = await versions();
    expect(await refusal(callerAs(ctx, await sessionUserOf(db, 'alice')).catalogAdmin.syncKubernetesVersionsFromGardener())).toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerAs(ctx, null).catalogAdmin.syncKubernetesVersionsFromGardener()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fake.requests).toEqual([]);
    expect(await versions()).toEqual(before);
    const [forbidden] = await db.select().from(auditLog).where(eq(auditLog.action, 'security.forbidden'));
    expect(forbidden).toMatchObject({ actorUserId: 'usr_demo_alice', metadata: expect.objectContaining({ procedure: 'catalogAdmin.syncKubernetesVersionsFromGardener' }) });
  });
});

describe('catalogAdmin.syncNodeFlavorsFromGardener', () => {
  const flavors = (db: Awaited<ReturnType<typeof setup>>['db']) => db.select().from(nodeFlavors).orderBy(asc(nodeFlavors.id));
  const flavorAudits = (db: Awaited<ReturnType<typeof setup>>['db']) => db.select().from(auditLog).where(like(auditLog.action, 'catalog.node_flavor_%')).orderBy(asc(auditLog.targetId));

  /** The machine types the CloudProfile lists, changed by `change` (as Gardener's operators would). */
  type FakeMachineType = FakeGardener['cloudProfiles'] extends Map<string, infer P> ? P extends { spec: { machineTypes: Array<infer T> } } ? T : never : never;
  function machineTypes(change: (types: FakeMachineType[]) => FakeMachineType[]) {
    const profile = fake.cloudProfiles.get(FAKE_CLOUD_PROFILE_NAME)!;
    profile.spec.machineTypes = change(profile.spec.machineTypes);
  }

  it('matches the seeded flavours with the stock CloudProfile: sizes agree, the rest are listed and left on sale', async () => {
    const { caller, db } = await setup('adam');
    const before = await flavors(db);
    expect(await caller.catalogAdmin.syncNodeFlavorsFromGardener()).toEqual({
      updated: [],
      unchanged: 5,
      missing: FLAVORS_NOT_IN_PROFILE,
      archived: [],
      skipped: [],
      notSold: [],
    });
    expect(await flavors(db)).toEqual(before);
    expect(await flavorAudits(db)).toEqual([]);
  });

  it('takes sizes from the machine types, keeps prices, lists machine types not sold, and archives what Gardener cannot build when asked', async () => {
    const { caller, db } = await setup();
    machineTypes((types) => [
      ...types.map((type) => (type.name === 'gp-8-32' ? { ...type, cpu: '8', memory: '30Gi' } : type)),
      { name: 'gp-32-128', cpu: '32', gpu: '0', memory: '128Gi', usable: true },
    ]);
    const pricesBefore = new Map((await flavors(db)).map((flavor) => [flavor.id, flavor.monthlyPriceCents]));

    const result = await caller.catalogAdmin.syncNodeFlavorsFromGardener({ archiveMissing: true });
    expect(result).toEqual({
      updated: ['gp-8-32'],
      unchanged: 4,
      missing: FLAVORS_NOT_IN_PROFILE,
      archived: FLAVORS_NOT_IN_PROFILE,
      skipped: [],
      notSold: [{ name: 'gp-32-128', cpu: 32, memoryGb: 128, gpu: 0 }],
    });
    const after = await flavors(db);
    expect(after.find((flavor) => flavor.id === 'gp-8-32')).toMatchObject({ vcpu: 8, memoryGb: 30, monthlyPriceCents: pricesBefore.get('gp-8-32') });
    expect(after.filter((flavor) => flavor.archivedAt !== null).map((flavor) => flavor.id).sort()).toEqual([...FLAVORS_NOT_IN_PROFILE].sort());
    for (const flavor of after) expect(flavor.monthlyPriceCents).toBe(pricesBefore.get(flavor.id));

    const audits = await flavorAudits(db);
    expect(audits.find((entry) => entry.targetId === 'gp-8-32')).toMatchObject({
      action: 'catalog.node_flavor_updated',
      actorUserId: 'usr_demo_olivia',
      metadata: { changes: { memoryGb: { from: 32, to: 30 } }, source: 'gardener_cloud_profile' },
    });
    expect(audits.filter((entry) => entry.action === 'catalog.node_flavor_archived').map((entry) => entry.targetId).sort()).toEqual([...FLAVORS_NOT_IN_PROFILE].sort());

    // Run again: nothing left to change.
    expect(await caller.catalogAdmin.syncNodeFlavorsFromGardener({ archiveMissing: true })).toMatchObject({ updated: [], unchanged: 5, archived: [] });
    expect(await flavorAudits(db)).toHaveLength(audits.length);
  });

  it('keeps a tier sellable: a flavour is not archived when its tier would have none Gardener can build, and says why', async () => {
    const { caller, db } = await setup();
    // The Sandbox tier sells gp-2-4 and gp-2-8 only; Gardener now builds neither.
    machineTypes((types) => types.map((type) => (type.name === 'gp-2-8' ? { ...type, usable: false } : type)));
    const result = await caller.catalogAdmin.syncNodeFlavorsFromGardener({ archiveMissing: true });
    expect(result.archived).not.toContain('gp-2-4');
    expect(result.archived).not.toContain('gp-2-8');
    expect(result.skipped).toEqual([
      { id: 'gp-2-4', reason: expect.stringMatching(/^Kept on sale: .*Sandbox.* would have no node flavour Gardener can build left\.$/) },
      { id: 'gp-2-8', reason: expect.stringMatching(/^Kept on sale: .*Sandbox.* would have no node flavour Gardener can build left\.$/) },
    ]);
    const stillOnSale = (await flavors(db)).filter((flavor) => flavor.archivedAt === null).map((flavor) => flavor.id);
    expect(stillOnSale).toEqual(expect.arrayContaining(['gp-2-4', 'gp-2-8']));
  });

  it('leaves a flavour alone when its machine type disagrees on having a GPU', async () => {
    const { caller, db } = await setup();
    machineTypes((types) => types.map((type) => (type.name === 'gpu-l4-1' ? { ...type, gpu: '0' } : type)));
    const result = await caller.catalogAdmin.syncNodeFlavorsFromGardener();
    expect(result.skipped).toEqual([{ id: 'gpu-l4-1', reason: 'Not changed: the machine type has 0 GPUs, and the flavour is a GPU flavour.' }]);
    expect((await flavors(db)).find((flavor) => flavor.id === 'gpu-l4-1')).toMatchObject({ category: 'gpu', gpuCount: 1 });
  });

  it('is refused on the simulator, to customers and to visitors, changing nothing', async () => {
    const simulator = await setup('olivia', 'simulator');
    expect(await refusal(simulator.caller.catalogAdmin.syncNodeFlavorsFromGardener({ archiveMissing: true }))).toEqual({
      code: 'CONFLICT',
      message: 'Clusters run on the embedded simulator; there is no Gardener CloudProfile to sync from.',
    });
    const { ctx, db } = await setup('alice');
    const before = await flavors(db);
    expect(await refusal(callerAs(ctx, await sessionUserOf(db, 'alice')).catalogAdmin.syncNodeFlavorsFromGardener({ archiveMissing: true }))).toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerAs(ctx, null).catalogAdmin.syncNodeFlavorsFromGardener()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fake.requests).toEqual([]);
    expect(await flavors(db)).toEqual(before);
  });
});
