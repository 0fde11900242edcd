import { X509Certificate } from 'node:crypto';
import { clusterHibernations, clusterNodes, clusterOperations, clusters, kubeconfigIssuances, type Database } from '@kubemarket/db';
import { DEMO_CLUSTER_STORIES, DEMO_ORDERS, seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { asc, eq } from 'drizzle-orm';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createContext, type Ports } from '../../context';
import { endpointOf, nodeName, planOperation, simulatorProvisioner, type ClusterSpec, type IssuedKubeconfig, type ProvisionerPort } from '../../platform/provisioner';
import { callerAs, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { loadClusterState, runOperationUntil } from './engine';

/**
 * The seeded clusters as the clusters service and the simulator meet them: the seed repeats the
 * simulator's step plans and names (packages/db cannot import the API), so these hold them equal,
 * and the demo clusters take every change a customer makes.
 */

// A Tuesday afternoon in Paris, when the seed runs; the tests act a little later.
const SEEDED_AT = Date.UTC(2026, 10, 24, 15, 30);

async function seededApi(provisioner: ProvisionerPort = simulatorProvisioner()) {
  const db: Database = await createTestDb();
  await seed(db, SEEDED_AT);
  const clock = manualClock(SEEDED_AT + 60 * 60_000);
  const ports: Partial<Ports> = { clock, provisioner, mailer: memoryMailer() };
  const ctx = createContext({ db, config: { appVersion: '1.16.0', environment: 'development' }, ports });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const drive = (operationId: string) => runOperationUntil(ctx, operationId, { advanceClock: (to) => clock.advance(to - clock.now()) });
  return { db, ctx, clock, as, drive };
}

function clusterLineOf(orderId: string) {
  const line = DEMO_ORDERS.find((order) => order.id === orderId)!.lines[0]!;
  if (line.kind !== 'cluster') throw new Error(`${orderId} is not a cluster order`);
  return line;
}

describe('the seeded clusters and the simulator', () => {
  it("plan each seeded operation's steps as the simulator does, at speed 1", async () => {
    const { db } = await seededApi();
    for (const story of DEMO_CLUSTER_STORIES) {
      const state = (await loadClusterState(db, story.clusterId))!;
      const line = clusterLineOf(story.orderId);
      const operations = await db.select().from(clusterOperations).where(eq(clusterOperations.clusterId, story.clusterId)).orderBy(asc(clusterOperations.createdAt));
      for (const operation of operations) {
        // The cluster as it stood when the operation started: provisioning built the ordered pools
        // at the ordered version; later, each pool has the size its last change gave it (analytics-eu's
        // memory pool was scaled from its ordered size, its system pool added, then grown by the autoscaler).
        const ordered = (name: string) => line.nodePools.find((pool) => pool.name === name);
        const sizeThen = (pool: ClusterSpec['pools'][number]) => {
          let count = ordered(pool.name)?.count ?? pool.count;
          for (const earlier of operations) {
            if (earlier.params.pool?.id === pool.id) count = earlier.params.pool.count;
            if (earlier === operation) break;
            if (earlier.params.poolId === pool.id && earlier.params.count !== undefined) count = earlier.params.count;
          }
          return count;
        };
        const pools: ClusterSpec['pools'] =
          operation.type === 'provision'
            ? state.spec.pools.filter((pool) => ordered(pool.name)).map((pool) => ({ ...pool, count: ordered(pool.name)!.count, kubernetesVersion: line.kubernetesVersion }))
            : state.spec.pools.map((pool) => ({ ...pool, count: sizeThen(pool) }));
        const spec: ClusterSpec = { ...state.spec, kubernetesVersion: operation.params.fromVersion ?? state.spec.kubernetesVersion, pools };
        const planned = planOperation(spec, { id: operation.id, type: operation.type, params: operation.params }, 1);
        expect(operation.steps.map(({ key, label, estimateMs }) => ({ key, label, estimateMs })), `${story.clusterId} ${operation.type}`).toEqual(planned);
      }
    }
  });

  it("name nodes as the simulator names a pool's nodes, and give endpoints of its form", async () => {
    const { db } = await seededApi();
    for (const story of DEMO_CLUSTER_STORIES) {
      const state = (await loadClusterState(db, story.clusterId))!;
      for (const pool of state.spec.pools) {
        const names = state.nodes.filter((node) => node.poolId === pool.id).map((node) => node.name);
        expect(names.sort(), pool.id).toEqual(Array.from({ length: pool.count }, (_, index) => nodeName(state.spec, pool, index)).sort());
      }
      // The simulator's endpoint of a cluster with a generated id has the same shape as the seeded one.
      const shape = (endpoint: string) => endpoint.replace(/^https:\/\/[^.]+\.[0-9a-z]{8}\./, 'https://NAME.ID.');
      const generated = endpointOf({ id: 'clu_4k2j9x0v7q1m8z3t5w6r', name: state.cluster.name, region: state.cluster.region });
      expect(shape(state.cluster.endpoint!)).toBe(shape(generated));
    }
  });
});

describe('the seeded clusters in use', () => {
  it("give alice a kubeconfig for webshop-prod, whose CA the first download creates and stores sealed, the next ones reuse", async () => {
    const { db, ctx, as } = await seededApi();
    const alice = await as('alice');
    const [first, second] = await Promise.all([alice.clusters.kubeconfig({ id: 'clu_demo_webshop' }), alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 })]);
    const [row] = await db.select().from(clusters).where(eq(clusters.id, 'clu_demo_webshop'));
    expect(row!.caCertificate).toContain('BEGIN CERTIFICATE');
    expect(row!.caPrivateKey).toMatchObject({ keyVersion: expect.any(Number) });
    expect(await ctx.ports.secrets.open(row!.caPrivateKey!, 'cluster-ca:clu_demo_webshop')).toContain('PRIVATE KEY');
    for (const issued of [first, second]) {
      const config = parse(issued.kubeconfig) as { clusters: Array<{ cluster: { server: string; 'certificate-authority-data': string } }> };
      expect(config.clusters[0]!.cluster.server).toBe(row!.endpoint);
      const ca = new X509Certificate(Buffer.from(config.clusters[0]!.cluster['certificate-authority-data'], 'base64'));
      expect(ca.toString()).toBe(new X509Certificate(row!.caCertificate!).toString());
    }
    const issuances = await db.select().from(kubeconfigIssuances).where(eq(kubeconfigIssuances.clusterId, 'clu_demo_webshop')).orderBy(asc(kubeconfigIssuances.createdAt));
    // The seeded download, then today's two, signed by the one CA now stored.
    expect(issuances).toHaveLength(3);
    expect(issuances[1]!.caFingerprint).toBe(issuances[2]!.caFingerprint);
    expect(issuances[1]!.caFingerprint).not.toBe(issuances[0]!.caFingerprint);
  });

  it('creates no CA where the provisioner signs with its own (Gardener)', async () => {
    const rotations: string[] = [];
    const signed: Array<string | null> = [];
    const simulator = simulatorProvisioner();
    const gardener: ProvisionerPort = {
      ...simulator,
      kind: 'gardener',
      async rotateCredentials(cluster) {
        rotations.push(cluster.id);
        return {};
      },
      async issueKubeconfig(request): Promise<IssuedKubeconfig> {
        signed.push(request.ca?.certificatePem ?? null);
        return { yaml: 'apiVersion: v1\n', serialNumber: '01', notAfter: request.now + request.expiresInSeconds * 1000, caFingerprint: 'f'.repeat(64) };
      },
    };
    const { db, as } = await seededApi(gardener);
    await (await as('alice')).clusters.kubeconfig({ id: 'clu_demo_webshop' });
    expect([rotations, signed]).toEqual([[], [null]]);
    expect((await db.select({ ca: clusters.caCertificate }).from(clusters).where(eq(clusters.id, 'clu_demo_webshop')))[0]).toEqual({ ca: null });
  });

  it("scale analytics-eu's memory pool, adding the node the simulator names next", async () => {
    const { db, as, drive } = await seededApi();
    const alice = await as('alice');
    const operation = await alice.clusters.scaleNodePool({ id: 'clu_demo_analytics', poolId: 'npl_demo_analytics_memory', count: 6 });
    expect((await drive(operation.id)).status).toBe('succeeded');
    const state = (await loadClusterState(db, 'clu_demo_analytics'))!;
    const memory = state.spec.pools.find((pool) => pool.name === 'memory')!;
    expect(state.nodes.filter((node) => node.poolId === memory.id).map((node) => node.name).sort()).toEqual(Array.from({ length: 6 }, (_, index) => nodeName(state.spec, memory, index)).sort());
    expect(state.nodes.every((node) => node.status === 'ready' && node.kubeletVersion === '1.36.4')).toBe(true);
    // 6 memory nodes and the 4 the autoscaler runs in the system pool.
    expect(state.cluster).toMatchObject({ status: 'running', nodeCount: 10 });
    const detail = await alice.clusters.get({ id: 'clu_demo_analytics' });
    expect(detail).toMatchObject({ readyNodes: 10, availableUpgrades: ['1.37.1'], lastOperation: { type: 'scale_pool', status: 'succeeded' } });
  });

  it("wake staging for marc, ending the night it was in", async () => {
    const { db, as, drive } = await seededApi();
    const marc = await as('marc');
    const asleep = await marc.clusters.get({ id: 'clu_demo_staging' });
    expect(asleep).toMatchObject({ status: 'hibernated', readyNodes: 0, hibernation: { supported: true, timezone: 'Europe/Paris', schedules: [{ start: '00 20 * * 1,2,3,4,5', end: '00 07 * * 1,2,3,4,5' }] } });
    expect(asleep.hibernation.hoursThisMonth).toBeGreaterThan(24);
    expect(asleep.hibernation.savedCentsThisMonth).toBeGreaterThan(0);
    const operation = await marc.clusters.wake({ id: 'clu_demo_staging' });
    expect((await drive(operation.id)).status).toBe('succeeded');
    expect((await db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, 'clu_demo_staging'))).every((node) => node.status === 'ready')).toBe(true);
    expect(await db.$count(clusterHibernations, eq(clusterHibernations.clusterId, 'clu_demo_staging'))).toBeGreaterThan(1);
    expect((await db.select().from(clusterHibernations).where(eq(clusterHibernations.clusterId, 'clu_demo_staging'))).every((period) => period.endedAt !== null)).toBe(true);
  });

  it('keep the counts the dashboard shows: 3 clusters and 9 orders for Acme', async () => {
    const { as } = await seededApi();
    await expect((await as('alice')).dashboard.sidebarCounts()).resolves.toEqual({ clusters: 3, orders: { total: 9 } });
  });
});
