import { clusterNodes, clusterOperations, clusters, mailOutbox, nodePools, notifications, orders } from '@kubemarket/db';
import type { inferRouterInputs } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import type { ClusterOperatorPort, RealtimeMessage, RealtimePort } from '../context';
import { outboxMailer, type Mailer } from '../platform/mailer';
import { simulatorProvisioner } from '../platform/provisioner';
import type { AppRouter } from '../root';
import { backgroundQueue, callerAs, createTestCaller, manualClock, sessionUserOf } from './callers';
import { advanceOperation, runOperationUntil } from '../modules/clusters';

/**
 * What the clusters tests share: a seeded database, a clock moved by hand, the simulator at speed
 * 60 with failures injected by name, sockets and operator hand-overs recorded, mail in the outbox
 * table, and a way to order, pay and build a cluster the way a customer does.
 */

type CreateOrderInput = inferRouterInputs<AppRouter>['orders']['create'];
export type ClusterLineInput = Extract<CreateOrderInput['lines'][number], { kind: 'cluster' }>;
type Caller = ReturnType<typeof callerAs>;

export const TESTBED_NOW = Date.UTC(2026, 10, 23, 12);

/** Two pools, five nodes, two add-ons, on the Economy tier (at most 10 nodes and 3 pools). */
export const TWO_POOL_CLUSTER = {
  kind: 'cluster',
  name: 'shop-prod',
  tierId: 'tier_economy',
  regionId: 'fr-par-1',
  kubernetesVersion: '1.36',
  nodePools: [
    { name: 'system', flavorId: 'gp-2-8', count: 2 },
    { name: 'workers', flavorId: 'gp-4-16', count: 3, labels: { tier: 'web' } },
  ],
  addonIds: ['addon_monitoring', 'addon_cert_manager'],
} as const satisfies ClusterLineInput;

export const BILLING = {
  companyName: 'Acme Industries',
  countryCode: 'FR',
  addressLine1: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
} as const;

const SUCCEEDING_CARD = { kind: 'card' as const, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice Martin' } };

export interface Published {
  to: string;
  message: RealtimeMessage;
}

export async function clusterTestbed() {
  const clock = manualClock(TESTBED_NOW);
  const background = backgroundQueue();
  const published: Published[] = [];
  const realtime: RealtimePort = {
    async publish(_organizationId, messages) {
      for (const message of messages) published.push({ to: message.userId, message });
    },
    async closeSessions() {},
  };
  const handedOver: Array<{ clusterId: string; operationId: string }> = [];
  const operator: ClusterOperatorPort = {
    async start(clusterId, operationId) {
      handedOver.push({ clusterId, operationId });
    },
  };
  // The outbox needs the database, which exists only once the context does.
  let outbox: Mailer | null = null;
  const mailer: Mailer = { send: (message) => outbox!.send(message) };
  const { ctx, db } = await createTestCaller({
    ports: { clock, mailer, background: background.background, realtime, operator, provisioner: simulatorProvisioner({ speed: 60, nameFailures: true }) },
    request: { appUrl: 'https://console.example.eu' },
  });
  outbox = outboxMailer(db, clock);

  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  let keys = 0;
  const key = (prefix: string) => `${prefix}-${(keys += 1).toString().padStart(8, '0')}`;

  /** Moves the clock to each step's time and runs the operation until it ends. */
  const drive = (operationId: string) => runOperationUntil(ctx, operationId, { advanceClock: (to) => clock.advance(to - clock.now()) });

  /** Orders a cluster as `caller`, who pays it too (an owner); the provisioning is handed over but not run. */
  const order = async (caller: Caller, line: ClusterLineInput = TWO_POOL_CLUSTER) => {
    const placed = await caller.orders.create({ idempotencyKey: key('order'), lines: [line], billing: BILLING });
    const paid = await caller.orders.pay({ id: placed.id, paymentIdempotencyKey: key('pay'), method: SUCCEEDING_CARD });
    if (paid.result !== 'succeeded' || !paid.order.createdClusterId) throw new Error(`The order was not paid: ${paid.result}`);
    const clusterId = paid.order.createdClusterId;
    const [operation] = await db
      .select({ id: clusterOperations.id })
      .from(clusterOperations)
      .where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.type, 'provision')));
    return { orderId: placed.id, clusterId, operationId: operation!.id };
  };

  /** A cluster ordered, paid and provisioned to the end. */
  const running = async (caller: Caller, line: ClusterLineInput = TWO_POOL_CLUSTER) => {
    const ordered = await order(caller, line);
    const result = await drive(ordered.operationId);
    if (result.status !== 'succeeded') throw new Error(`Provisioning ${line.name} ended ${result.status}`);
    return ordered;
  };

  const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const outboxTo = async (address: string) => {
    await background.settle();
    return db.select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(asc(mailOutbox.createdAt));
  };
  const progressTo = (userId: string, clusterId?: string) =>
    published.flatMap(({ to, message }) => (to === userId && message.type === 'cluster_progress' && (!clusterId || message.clusterId === clusterId) ? [message] : []));

  return { clock, ctx, db, background, published, handedOver, as, drive, order, running, orderOf, outboxTo, progressTo };
}

export type ClusterTestbed = Awaited<ReturnType<typeof clusterTestbed>>;

/**
 * Where most cluster tests start: a testbed, alice (Acme's owner) signed in, and a cluster of hers
 * ordered, paid and provisioned to the end (two pools unless `line` says otherwise).
 */
export async function aliceWithRunningCluster(line?: ClusterLineInput) {
  const t = await clusterTestbed();
  const alice = await t.as('alice');
  return { t, alice, ...(await t.running(alice, line)) };
}

/** The refusal for a cluster of another organisation, or none. */
export const CLUSTER_NOT_FOUND = { code: 'NOT_FOUND', message: 'No cluster with this id in your organisation.' };

/** A Dev/Test cluster: the tier that hibernates (at most 6 nodes, 2 pools). */
export const devtest = (name: string): ClusterLineInput => ({
  kind: 'cluster',
  name,
  tierId: 'tier_devtest',
  regionId: 'fr-par-1',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'default', flavorId: 'gp-2-4', count: 2 }],
  addonIds: [],
});

/** TWO_POOL_CLUSTER under another name (or with other fields). */
export const named = (name: string, overrides: Partial<ClusterLineInput> = {}): ClusterLineInput => ({ ...TWO_POOL_CLUSTER, name, ...overrides });

export async function clusterRow(t: ClusterTestbed, id: string) {
  return (await t.db.select().from(clusters).where(eq(clusters.id, id)))[0]!;
}

export async function poolsOf(t: ClusterTestbed, clusterId: string) {
  return t.db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name));
}

export async function nodesOf(t: ClusterTestbed, clusterId: string, poolId?: string) {
  const rows = await t.db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt));
  return poolId ? rows.filter((row) => row.poolId === poolId) : rows;
}

/** The notifications a user was sent, oldest first: their type and message. */
export async function notificationsOf(t: ClusterTestbed, userId: string) {
  return t.db.select({ type: notifications.type, message: notifications.message }).from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.timestamp));
}

/** Runs an operation call by call, noting after each what `observe` reads. */
export async function observeUntilEnd<T>(t: ClusterTestbed, operationId: string, observe: () => Promise<T>) {
  const seen: T[] = [];
  for (let calls = 0; calls < 500; calls += 1) {
    const result = await advanceOperation(t.ctx, operationId);
    seen.push(await observe());
    if (result.nextRunAt === null) return { result, seen };
    t.clock.advance(result.nextRunAt - t.clock.now());
  }
  throw new Error('The operation did not end');
}

/** Consecutive repeats dropped. */
export const changes = <T>(values: T[]) => values.filter((value, index) => index === 0 || JSON.stringify(values[index - 1]) !== JSON.stringify(value));
