import { quote } from '@kubemarket/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import {
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusterQuotes,
  clusters,
  clusterTiers,
  kubeconfigIssuances,
  nodePools,
  dataCenters,
  kubernetesVersions,
  nodeFlavors,
  orderEvents,
} from './schema';
import { scheduledSleep, WEEKNIGHTS_HIBERNATION } from './seed-clusters';
import { CLUSTER_TIER_SEED, DEMO_CLUSTERS, DEMO_ORDERS, demoOrderQuote, seed, seedPriceBook } from './seed';
import { createTestDb, createTestDbSeededAt } from './testing';

const HOUR = 60 * 60_000;
const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString().slice(0, 16));

describe('scheduledSleep', () => {
  it('sleeps weeknights from 20:00 to 07:00 Paris time, Friday until Monday, across the change to winter time', () => {
    // Monday 19 October 2026, noon UTC, to Tuesday 27 October, noon UTC; Paris leaves summer time on Sunday the 25th.
    const periods = scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 9, 19, 12), Date.UTC(2026, 9, 27, 12));
    expect(periods.map((period) => [iso(period.start), iso(period.end)])).toEqual([
      ['2026-10-19T18:00', '2026-10-20T05:00'],
      ['2026-10-20T18:00', '2026-10-21T05:00'],
      ['2026-10-21T18:00', '2026-10-22T05:00'],
      ['2026-10-22T18:00', '2026-10-23T05:00'],
      // Saturday has no wake-up: Friday's night lasts until Monday, which is on winter time (UTC+1).
      ['2026-10-23T18:00', '2026-10-26T06:00'],
      ['2026-10-26T19:00', '2026-10-27T06:00'],
    ]);
  });

  it('leaves the night under way open, and ignores a wake-up before the first hibernation', () => {
    // From Tuesday 06:00 Paris (before its 07:00 wake-up) to Wednesday 23:00 Paris.
    const periods = scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 10, 24, 5), Date.UTC(2026, 10, 25, 22));
    expect(periods.map((period) => [iso(period.start), iso(period.end)])).toEqual([
      ['2026-11-24T19:00', '2026-11-25T06:00'],
      ['2026-11-25T19:00', null],
    ]);
    expect(scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 10, 24, 8), Date.UTC(2026, 10, 24, 8) + HOUR)).toEqual([]);
  });

  it('refuses a schedule in a form it cannot read', () => {
    const schedule = { schedules: [{ start: '0 20 * * MON-FRI', end: null }], timezone: 'Europe/Paris' };
    expect(() => scheduledSleep(schedule, 0, 7 * 24 * HOUR)).toThrow('"MM HH * * DOW"');
  });
});

describe('seed: clusters', () => {
  // A Tuesday, 16:30 in Paris: staging's schedule has it awake, so its owner put it to sleep by hand.
  const NOW = Date.UTC(2026, 10, 24, 15, 30);
  const MINUTE = 60_000;
  const SEEDED = DEMO_CLUSTERS.map((cluster) => ({ ...cluster, organizationId: 'org_demo_acme' }));

  const seeded = (now = NOW) => createTestDbSeededAt(now, now + 5_000);

  async function stateOf(db: Database, clusterId: string) {
    const [cluster] = await db.select().from(clusters).where(eq(clusters.id, clusterId));
    return {
      cluster: cluster!,
      pools: await db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name)),
      nodes: await db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt), asc(clusterNodes.name)),
      operations: await db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, clusterId)).orderBy(asc(clusterOperations.createdAt)),
      events: await db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, clusterId)).orderBy(asc(clusterEvents.createdAt), asc(clusterEvents.id)),
      addons: await db.select().from(clusterAddons).where(eq(clusterAddons.clusterId, clusterId)).orderBy(asc(clusterAddons.addonId)),
      hibernations: await db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, clusterId)).orderBy(asc(clusterHibernations.startedAt)),
    };
  }

  function creatingOrder(clusterId: string) {
    const order = DEMO_ORDERS.find((candidate) => candidate.createdClusterId === clusterId)!;
    const line = order.lines[0]!;
    if (line.kind !== 'cluster') throw new Error(`${order.id} is not a cluster order`);
    return { order, line };
  }

  const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' });
  /** "Tue 20:00" in Paris. */
  const parisTime = (instant: number) => {
    const parts = Object.fromEntries(paris.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return `${parts.weekday} ${parts.hour}:${parts.minute}`;
  };

  it('gives each cluster its node pools and as many nodes as they ask for, named, placed and sized as the simulator does', async () => {
    const db = await seeded();
    const flavors = new Map((await db.select().from(nodeFlavors)).map((flavor) => [flavor.id, flavor]));
    const regions = new Map((await db.select().from(dataCenters)).map((region) => [region.id, region]));
    const tiers = new Map((await db.select().from(clusterTiers)).map((tier) => [tier.id, tier]));
    const shapes: Record<string, string[]> = {};
    for (const expected of SEEDED) {
      const { cluster, pools, nodes } = await stateOf(db, expected.id);
      const { ageMs: _ageMs, ...facts } = expected;
      expect(cluster, expected.id).toMatchObject(facts);
      shapes[cluster.name] = pools.map((pool) => `${pool.name}: ${pool.count} × ${pool.flavorId}`);
      expect(cluster.nodeCount, cluster.name).toBe(pools.reduce((sum, pool) => sum + pool.count, 0));
      expect(nodes, cluster.name).toHaveLength(cluster.nodeCount);
      const regionZones = regions.get(cluster.region)!.zones;
      expect(cluster.zones.length, cluster.name).toBeGreaterThan(0);
      expect(cluster.zones.every((zone) => regionZones.includes(zone)), cluster.name).toBe(true);
      const tier = tiers.get(cluster.tierId)!;
      expect(pools.length, cluster.name).toBeLessThanOrEqual(tier.maxPools);
      expect(cluster.nodeCount, cluster.name).toBeLessThanOrEqual(tier.maxNodes);
      for (const pool of pools) {
        const flavor = flavors.get(pool.flavorId)!;
        expect(tier.allowedFlavorIds, `${cluster.name}/${pool.name}`).toContain(pool.flavorId);
        expect(flavor.regionIds, `${cluster.name}/${pool.name}`).toContain(cluster.region);
        expect(pool.kubernetesVersion).toBe(cluster.kubernetesVersion);
        const own = nodes.filter((node) => node.poolId === pool.id);
        expect(own, `${cluster.name}/${pool.name}`).toHaveLength(pool.count);
        for (const node of own) {
          expect(node.name).toMatch(new RegExp(`^${cluster.name}-${pool.name}-[0-9a-z]{5}$`));
          expect(node).toMatchObject({ kubeletVersion: pool.kubernetesVersion, cpuMillicores: flavor.vcpu * 1000, memoryMib: flavor.memoryGb * 1024 });
          expect(cluster.zones).toContain(node.zone);
          expect(node.status).toBe(cluster.status === 'hibernated' ? 'hibernated' : 'ready');
        }
        // Spread over the zones as the simulator spreads them: one after the other.
        expect(new Set(own.map((node) => node.zone)).size).toBe(Math.min(pool.count, cluster.zones.length));
      }
      expect(new Set(nodes.map((node) => node.name)).size).toBe(nodes.length);
    }
    expect(shapes).toEqual({
      'webshop-prod': ['default: 3 × gp-4-16'],
      'analytics-eu': ['memory: 5 × m-8-64', 'system: 4 × gp-4-16'],
      staging: ['default: 2 × gp-2-8'],
    });
  });

  it('prices each cluster with the pricing engine, links it to the order that created it and gives it its endpoint, but no CA', async () => {
    const db = await seeded();
    const prices: Record<string, number> = {};
    for (const expected of SEEDED) {
      const { cluster, pools, addons } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const priced = quote(
        [
          {
            kind: 'cluster',
            tierId: cluster.tierId,
            regionId: cluster.region,
            kubernetesVersion: cluster.kubernetesVersion,
            highAvailability: cluster.highAvailability,
            nodePools: pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscaling })),
            addonIds: addons.map((addon) => addon.addonId),
          },
        ],
        { cycle: 'monthly', now: NOW, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } },
        seedPriceBook(),
      );
      prices[cluster.name] = cluster.monthlyCents;
      expect(cluster.monthlyCents, cluster.name).toBe(priced.lines[0]!.monthlyPriceCents);
      expect(cluster).toMatchObject({
        orderId: order.id,
        highAvailability: line.highAvailability,
        zones: line.settings.zones,
        networking: { cni: line.settings.cni, podCidr: line.settings.podCidr, serviceCidr: line.settings.serviceCidr, apiAllowList: line.settings.apiAllowList },
        maintenance: { day: line.settings.maintenanceWindow.day, startHour: line.settings.maintenanceWindow.startHour, autoUpgrade: line.settings.autoUpgrade },
        caCertificate: null,
        caPrivateKey: null,
        deletedAt: null,
      });
      expect(cluster.endpoint).toMatch(new RegExp(`^https://${cluster.name}\\.[0-9a-z]{8}\\.${cluster.region}\\.k8s\\.kubemarket\\.eu:6443$`));
    }
    // webshop-prod: control plane 28 900 + 3 × gp-4-16 at 5 700 + Prometheus and Grafana 3 900 + cert-manager 0 + Velero 2 900.
    expect(prices['webshop-prod']).toBe(52_800);
    // analytics-eu: 36 900 + 5 × m-8-64 at 16 500 + 2 × gp-4-16 at 5 700 + monitoring 3 900 + Loki 4 900.
    expect(prices['analytics-eu']).toBe(CLUSTER_TIER_SEED.find((tier) => tier.id === 'tier_data')!.monthlyPriceCents + 5 * 16_500 + 2 * 5_700 + 3_900 + 4_900);
  });

  it('installs the add-ons of the orders, each from the order that brought it', async () => {
    const db = await seeded();
    for (const expected of SEEDED) {
      const { cluster, addons, operations } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const provisioned = line.addonIds.map((addonId) => [addonId, order.id]);
      const later = DEMO_ORDERS.filter((other) => other.targetClusterId === expected.id && other.status === 'completed').flatMap((other) =>
        other.lines.flatMap((addonLine) => (addonLine.kind === 'addon' ? [[addonLine.addonId, other.id]] : [])),
      );
      expect(addons.map((addon) => [addon.addonId, addon.orderId]).sort(), cluster.name).toEqual([...provisioned, ...later].sort());
      // Installed when provisioning's add-on step finished.
      const step = operations[0]!.steps.find((candidate) => candidate.key === 'addons');
      for (const addon of addons.filter((row) => row.orderId === order.id)) expect(addon.installedAt).toBe(step!.finishedAt);
    }
    const [backup] = await db.select().from(clusterAddons).where(eq(clusterAddons.addonId, 'addon_backup'));
    const [completed] = await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, 'ord_demo_backup'), eq(orderEvents.type, 'completed')));
    expect(backup).toMatchObject({ clusterId: 'clu_demo_webshop', installedAt: completed!.createdAt });
  });

  it("records each provisioning: its steps back to back within its order's timeline, and the activity they wrote", async () => {
    const db = await seeded();
    for (const expected of SEEDED) {
      const { cluster, pools, operations, events } = await stateOf(db, expected.id);
      const { order, line } = creatingOrder(expected.id);
      const provision = operations[0]!;
      const timeline = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      const started = timeline.find((event) => event.type === 'provisioning_started')!.createdAt;
      const ended = timeline.find((event) => event.type === 'completed')!.createdAt;
      expect(provision).toMatchObject({ type: 'provision', orderId: order.id, requestedBy: order.userId, organizationId: expected.organizationId, createdAt: started, finishedAt: ended, nextRunAt: null, params: { addonIds: line.addonIds } });
      expect(cluster.createdAt).toBeLessThanOrEqual(started);
      expect(provision.steps.map((step) => step.key)).toEqual([
        'validate',
        'network',
        'control_plane',
        'etcd',
        'api_endpoint',
        ...pools.filter((pool) => line.nodePools.some((ordered) => ordered.name === pool.name)).map((pool) => `pool:${pool.id}`),
        'cni',
        ...(line.addonIds.length > 0 ? ['addons'] : []),
        'health',
        'ready',
      ]);
      const steps = provision.steps;
      expect(steps[0]!.startedAt).toBe(started);
      steps.slice(1).forEach((step, index) => expect(step.startedAt, step.key).toBe(steps[index]!.finishedAt));
      expect(steps.at(-1)!.finishedAt).toBe(ended);
      expect(steps.find((step) => step.key === 'api_endpoint')?.detail).toBe(cluster.endpoint);
      expect(provision.status).toBe('succeeded');
      expect(steps.every((step) => step.status === 'succeeded' && step.attempts === 0 && step.error === null)).toBe(true);
      expect(provision.currentStep).toBe(steps.length - 1);
      const own = events.filter((event) => event.operationId === provision.id);
      expect(own[0]).toMatchObject({ type: 'operation_started', actorUserId: order.userId, createdAt: started });
      expect(own.filter((event) => event.type === 'step_succeeded')).toHaveLength(provision.steps.filter((step) => step.status === 'succeeded').length);
      expect(own.every((event) => event.createdAt >= started && event.createdAt <= ended)).toBe(true);
      // The activity reads in time order by id too (steps share their instants).
      expect(events.map((event) => event.id)).toEqual([...events].sort((a, b) => a.id.localeCompare(b.id)).map((event) => event.id));
      expect(operations.every((operation) => operation.status !== 'running')).toBe(true);
    }
  });

  it('gives analytics-eu a second pool, a scaled pool and an upgrade from 1.35.8 to 1.36.4, done by alice, then the autoscaler growing the second pool', async () => {
    const db = await seeded();
    const { operations, events, pools } = await stateOf(db, 'clu_demo_analytics');
    expect(operations.map((operation) => [operation.type, operation.status, operation.requestedBy])).toEqual([
      ['provision', 'succeeded', 'usr_demo_alice'],
      ['add_pool', 'succeeded', 'usr_demo_alice'],
      ['scale_pool', 'succeeded', 'usr_demo_alice'],
      ['upgrade', 'succeeded', 'usr_demo_alice'],
      ['scale_pool', 'succeeded', null],
    ]);
    expect(creatingOrder('clu_demo_analytics').line.kubernetesVersion).toBe('1.35.8');
    const memory = pools.find((pool) => pool.name === 'memory')!;
    expect(operations[2]!.params).toMatchObject({ poolId: memory.id, count: 5 });
    expect(operations[3]!.params).toEqual({ fromVersion: '1.35.8', toVersion: '1.36.4' });
    expect(operations[3]!.steps.map((step) => step.key)).toEqual(['control_plane_upgrade', ...pools.map((pool) => `upgrade:${pool.id}`), 'health']);
    const started = events.filter((event) => event.type === 'operation_started').map((event) => event.message);
    expect(started).toEqual([
      'Provisioning of analytics-eu started for order ord_demo_analytics.',
      'Alice Martin added the node pool system (2 × General purpose 4 vCPU, 16 GB).',
      'Alice Martin scaled memory from 4 to 5 nodes.',
      'Alice Martin started the upgrade from 1.35.8 to 1.36.4.',
      'The autoscaler scaled system from 2 to 4 nodes (between 2 and 5).',
    ]);
    // Six days before the seed, within the pool's bounds.
    const system = pools.find((pool) => pool.name === 'system')!;
    expect(system).toMatchObject({ count: 4, autoscaling: { min: 2, max: 5 } });
    expect(operations[4]!.params).toEqual({ poolId: system.id, count: 4, autoscaling: { min: 2, max: 5 } });
    expect(operations[4]!.createdAt).toBe(NOW - 6 * 24 * 60 * MINUTE);
    // Both versions are offered, and 1.36 is the next minor: an upgrade the service allows.
    const offered = (await db.select().from(kubernetesVersions)).map((version) => `${version.version}.${version.patch}`);
    expect(offered).toEqual(expect.arrayContaining(['1.35.8', '1.36.4']));
  });

  it('records alice downloading a kubeconfig of webshop-prod, since expired', async () => {
    const db = await seeded();
    const { events } = await stateOf(db, 'clu_demo_webshop');
    const downloads = events.filter((event) => event.type === 'kubeconfig_issued');
    expect(downloads).toHaveLength(1);
    const [issued] = await db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, 'clu_demo_webshop'));
    expect(downloads[0]).toMatchObject({ actorUserId: 'usr_demo_alice', createdAt: issued!.createdAt, data: { serialNumber: issued!.serialNumber, notAfter: issued!.notAfter } });
    expect(downloads[0]!.message).toBe(`Alice Martin downloaded a kubeconfig valid until ${new Date(issued!.notAfter).toISOString().replace('.000Z', 'Z')}.`);
    expect(issued).toMatchObject({ userId: 'usr_demo_alice', revokedAt: null, notAfter: issued!.createdAt + 7 * 24 * 60 * MINUTE });
    expect(issued!.notAfter).toBeLessThan(NOW);
  });

  it('keeps staging asleep on weeknights: hibernated now, after the nights its schedule slept through', async () => {
    const db = await seeded();
    const { cluster, nodes, operations, hibernations, events } = await stateOf(db, 'clu_demo_staging');
    expect(cluster).toMatchObject({ status: 'hibernated', hibernation: { schedules: [{ start: '00 20 * * 1,2,3,4,5', end: '00 07 * * 1,2,3,4,5' }], timezone: 'Europe/Paris' } });
    expect(nodes.every((node) => node.status === 'hibernated')).toBe(true);
    expect(events.filter((event) => event.type === 'settings_changed').map((event) => [event.actorUserId, event.message])).toEqual([
      ['usr_demo_marc', 'Marc Dubois set the hibernation schedule: asleep from 20:00 to 07:00, Monday to Friday (Europe/Paris).'],
    ]);
    const open = hibernations.filter((period) => period.endedAt === null);
    expect(open).toEqual([hibernations.at(-1)]);
    const closed = hibernations.slice(0, -1);
    expect(closed.length).toBeGreaterThanOrEqual(10);
    for (const period of closed) {
      // Asleep once the schedule's 20:00 hibernation finished, awake once its 07:00 wake-up did.
      expect(parisTime(period.startedAt)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 20:00$/);
      expect(parisTime(period.endedAt!)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 07:0[01]$/);
      expect(period.endedAt! - period.startedAt).toBeLessThanOrEqual(59 * 60 * MINUTE + 2 * MINUTE);
    }
    const monthStart = Date.UTC(2026, 10, 1);
    const hoursThisMonth = hibernations.reduce((sum, period) => sum + Math.max(0, (period.endedAt ?? NOW) - Math.max(period.startedAt, monthStart)), 0) / (60 * MINUTE);
    expect(hoursThisMonth).toBeGreaterThan(24);
    expect(hoursThisMonth).toBeLessThan(24 * 24);
    // On a Tuesday afternoon the schedule has it awake: Marc put it to sleep after the morning's wake-up.
    const hibernate = operations.at(-1)!;
    expect(hibernate).toMatchObject({ type: 'hibernate', status: 'succeeded', requestedBy: 'usr_demo_marc', params: {} });
    expect(hibernate.finishedAt).toBe(open[0]!.startedAt);
    expect(hibernate.createdAt).toBeGreaterThan(closed.at(-1)!.endedAt!);
    expect(hibernate.finishedAt!).toBeLessThan(NOW);
  });

  it('finds staging asleep by its schedule when the seed runs on a weeknight', async () => {
    // A Wednesday, 22:00 in Paris.
    const night = Date.UTC(2026, 10, 25, 21, 0);
    const db = await seeded(night);
    const { operations, hibernations } = await stateOf(db, 'clu_demo_staging');
    const hibernate = operations.at(-1)!;
    expect(hibernate).toMatchObject({ type: 'hibernate', status: 'succeeded', requestedBy: null, params: { scheduled: true } });
    expect(parisTime(hibernate.createdAt)).toBe('Wed 20:00');
    expect(hibernations.at(-1)).toMatchObject({ endedAt: null, startedAt: hibernate.finishedAt });
  });

  it('quotes every cluster at its order, and analytics-eu again after each pool change Alice made, not after the autoscaler', async () => {
    const db = await seeded();
    for (const expected of SEEDED) {
      const { cluster, operations } = await stateOf(db, expected.id);
      const quotes = await db.select().from(clusterQuotes).where(eq(clusterQuotes.clusterId, expected.id)).orderBy(asc(clusterQuotes.effectiveAt));
      // Quoted from the moment the cluster was created, by the engine that priced its order.
      expect(quotes[0], cluster.name).toMatchObject({ reason: 'order', orderId: cluster.orderId, effectiveAt: cluster.createdAt, organizationId: cluster.organizationId, operationId: null });
      const repriced = operations.filter((operation) => operation.requestedBy !== null && (operation.type === 'add_pool' || operation.type === 'scale_pool'));
      expect(quotes.slice(1).map((row) => [row.reason, row.operationId, row.effectiveAt]), cluster.name).toEqual(
        repriced.map((operation) => [operation.type === 'add_pool' ? 'pool_added' : 'pool_resized', operation.id, operation.createdAt]),
      );
    }
    const analytics = await db.select().from(clusterQuotes).where(eq(clusterQuotes.clusterId, 'clu_demo_analytics')).orderBy(asc(clusterQuotes.effectiveAt));
    // Ordered yearly: the order's price per month, its yearly discount kept; then + 2 × gp-4-16 at 5 700 (the
    // system pool), then + 1 × m-8-64 at 16 500 (memory from 4 to 5 nodes).
    const ordered = demoOrderQuote(DEMO_ORDERS.find((order) => order.id === 'ord_demo_analytics')!, NOW).lines[0]!.monthlyEquivalentCents;
    expect(analytics.map((row) => row.monthlyCents)).toEqual([ordered, ordered + 2 * 5_700, ordered + 2 * 5_700 + 16_500]);
    // The engine prices an autoscaled pool at its minimum: the autoscaler's 2 more nodes change
    // neither the quote nor the monthly price (billed monthly: the last quote without the yearly discount); only the metering sees them.
    const { cluster } = await stateOf(db, 'clu_demo_analytics');
    expect(cluster.monthlyCents - (ordered + 2 * 5_700 + 16_500)).toBe(demoOrderQuote(DEMO_ORDERS.find((order) => order.id === 'ord_demo_analytics')!, NOW).lines[0]!.monthlyPriceCents - ordered);
  });

  it('writes the histories once: seeding again adds nothing and leaves what changed through the app', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    const tables = { nodePools, clusterNodes, clusterOperations, clusterEvents, clusterAddons, clusterHibernations, kubeconfigIssuances, clusterQuotes };
    const count = async () => Object.fromEntries(await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, await db.$count(table)] as const)));
    const first = await count();
    expect(first).toMatchObject({ nodePools: 4, clusterNodes: 14, clusterOperations: 8, clusterAddons: 5, kubeconfigIssuances: 1, clusterQuotes: 5 });
    // A day later, after the customer removed analytics-eu's system pool.
    await db.delete(nodePools).where(eq(nodePools.id, 'npl_demo_analytics_system'));
    await seed(db, NOW + 24 * 60 * MINUTE);
    expect(await count()).toEqual({ ...first, nodePools: 3, clusterNodes: 10 });
    expect((await stateOf(db, 'clu_demo_staging')).cluster.updatedAt).toBeLessThan(NOW);
  });

  it('fills in a cluster an older seed wrote without its history', async () => {
    const db = await createTestDb();
    await seed(db, NOW);
    const before = await stateOf(db, 'clu_demo_staging');
    // What the seed wrote before clusters had pools, operations and settings.
    await db.delete(clusterOperations).where(eq(clusterOperations.clusterId, 'clu_demo_staging'));
    await db.delete(clusterEvents).where(eq(clusterEvents.clusterId, 'clu_demo_staging'));
    await db.delete(clusterHibernations).where(eq(clusterHibernations.clusterId, 'clu_demo_staging'));
    await db.delete(nodePools).where(eq(nodePools.clusterId, 'clu_demo_staging'));
    await db
      .update(clusters)
      .set({ status: 'running', zones: [], networking: null, maintenance: null, hibernation: null, endpoint: null, monthlyCents: 0, orderId: null })
      .where(eq(clusters.id, 'clu_demo_staging'));
    await seed(db, NOW);
    const after = await stateOf(db, 'clu_demo_staging');
    expect(after).toEqual(before);
  });
});
