import { clusterEndpoint, clusterNodeName, CLUSTER_OPERATION_PHRASES, CLUSTER_STEP_SECONDS, CNI_NAMES, quote, type PriceBook } from '@kubemarket/shared';
import {
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusterQuotes,
  type clusters,
  kubeconfigIssuances,
  nodePools,
  type ClusterEventType,
  type ClusterHibernation,
  type ClusterOperationType,
  type ClusterQuoteReason,
  type ClusterStatus,
  type NodeStatus,
  type OperationParams,
  type OperationStep,
  type OrderClusterLine,
} from './schema';
import { clusterSettingsColumns } from './cluster-settings';
import { NODE_FLAVOR_SEED } from './seed-catalog';
import { DEMO_ACCOUNTS } from './seed-data';
import { DEMO_ORDERS, seedPriceBook } from './seed-orders';
import { SEEDED_CLUSTERS, clusterLineOf, describeCron, describeDays, minutesOf, orderById, scheduledSleep, type ClusterStory, type PoolSeed, type UserId } from './seed-cluster-stories';
import { DAY, HOUR, LATER_OPERATION_PACE, MINUTE, SECOND, capitalise, plural } from './seed-clusters-common';

// Replaying a story

/** The tables a cluster's history fills, in the order they are written, under the names ClusterHistory gives their rows. */
export const CLUSTER_HISTORY_TABLES = {
  pools: nodePools,
  nodes: clusterNodes,
  operations: clusterOperations,
  events: clusterEvents,
  addons: clusterAddons,
  hibernations: clusterHibernations,
  kubeconfigs: kubeconfigIssuances,
  quotes: clusterQuotes,
};
type HistoryTables = typeof CLUSTER_HISTORY_TABLES;
type HistoryRow<K extends keyof HistoryTables> = HistoryTables[K]['$inferInsert'];

type PoolRow = HistoryRow<'pools'> & { autoscaling: { min: number; max: number } | null };
type NodeRow = HistoryRow<'nodes'> & { status: NodeStatus };
type EventRow = Omit<HistoryRow<'events'>, 'id'>;
export type OperationRow = HistoryRow<'operations'>;

export interface PlannedStep {
  key: string;
  label: string;
  estimateMs: number;
  /** Applies what the step did, at the moment it finished (nodes join across the step). */
  apply?: (startedAt: number, finishedAt: number) => string | null;
}

const flavorOf = (id: string) => {
  const flavor = NODE_FLAVOR_SEED.find((candidate) => candidate.id === id);
  if (!flavor) throw new Error(`No seeded node flavour ${id}`);
  return flavor;
};

export const userName = (id: UserId) => DEMO_ACCOUNTS.find((account) => account.id === id)!.name;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface ClusterHistory {
  cluster: {
    status: ClusterStatus;
    kubernetesVersion: string;
    nodeCount: number;
    zones: string[];
    highAvailability: boolean;
    networking: NonNullable<typeof clusters.$inferInsert.networking>;
    maintenance: NonNullable<typeof clusters.$inferInsert.maintenance>;
    hibernation: ClusterHibernation | null;
    endpoint: string | null;
    monthlyCents: number;
    orderId: string;
    updatedAt: number;
  };
  pools: PoolRow[];
  nodes: NodeRow[];
  operations: OperationRow[];
  events: Array<HistoryRow<'events'>>;
  addons: Array<HistoryRow<'addons'>>;
  hibernations: Array<HistoryRow<'hibernations'>>;
  kubeconfigs: Array<HistoryRow<'kubeconfigs'>>;
  quotes: Array<HistoryRow<'quotes'>>;
}

/**
 * Replays a story from the moment its order was placed (`orderCreatedAt`, as stored) until `now`:
 * the rows the engine would have left behind. `orderTimes` gives the stored creation time of the
 * other orders (add-on orders install on the cluster when they complete).
 */
export async function replayClusterStory(story: ClusterStory, orderCreatedAt: number, now: number, orderTimes: ReadonlyMap<string, number>, priceBook: PriceBook = seedPriceBook()): Promise<ClusterHistory> {
  const base = SEEDED_CLUSTERS.find((cluster) => cluster.id === story.clusterId)!;
  const order = orderById(story.orderId);
  const line = clusterLineOf(order);
  const slug = story.clusterId.slice('clu_demo_'.length);
  const name = line.name;
  const settings = line.settings;
  const endpoint = clusterEndpoint({ id: story.clusterId, name, region: line.regionId });

  const cluster: ClusterHistory['cluster'] = {
    status: 'provisioning',
    kubernetesVersion: line.kubernetesVersion,
    nodeCount: 0,
    zones: settings.zones,
    highAvailability: line.highAvailability,
    ...clusterSettingsColumns(settings),
    hibernation: null,
    endpoint: null,
    monthlyCents: 0,
    orderId: order.id,
    updatedAt: orderCreatedAt,
  };
  const pools: PoolRow[] = [];
  const nodes: NodeRow[] = [];
  const operations: OperationRow[] = [];
  const events: EventRow[] = [];
  const addons: ClusterHistory['addons'] = [];
  const hibernations: ClusterHistory['hibernations'] = [];
  const kubeconfigs: ClusterHistory['kubeconfigs'] = [];
  const quotes: ClusterHistory['quotes'] = [];

  /** The price the cluster is quoted from `at`, as the clusters service prices an order or a change (cluster_quotes). */
  const requote = (reason: ClusterQuoteReason, at: number, operationId: string | null) =>
    quotes.push({
      id: `cqt_demo_${slug}_${quotes.length + 1}`,
      clusterId: story.clusterId,
      organizationId: base.organizationId,
      effectiveAt: at,
      monthlyCents: clusterMonthlyCents(line, pools, addons.map((addon) => addon.addonId), cluster.kubernetesVersion, priceBook, now, order.cycle),
      reason,
      orderId: reason === 'order' ? order.id : null,
      operationId,
      createdAt: at,
    });

  const event = (type: ClusterEventType, message: string, at: number, extra: { operationId?: string | null; actorUserId?: string | null; data?: Record<string, unknown> | null } = {}) =>
    events.push({ clusterId: story.clusterId, operationId: extra.operationId ?? null, type, message, actorUserId: extra.actorUserId ?? null, data: extra.data ?? null, createdAt: at });

  const poolNamed = (poolName: string) => {
    const pool = pools.find((candidate) => candidate.name === poolName);
    if (!pool) throw new Error(`${name} has no pool ${poolName}`);
    return pool;
  };

  function newPool(seed: Omit<PoolSeed, 'autoscaling'> & { autoscaling?: { min: number; max: number } | null }, at: number): PoolRow {
    const pool: PoolRow = {
      id: `npl_demo_${slug}_${seed.name}`,
      clusterId: story.clusterId,
      name: seed.name,
      flavorId: seed.flavorId,
      count: seed.count,
      autoscaling: seed.autoscaling ?? null,
      labels: seed.labels,
      taints: seed.taints,
      kubernetesVersion: cluster.kubernetesVersion,
      createdAt: at,
      updatedAt: at,
    };
    pools.push(pool);
    return pool;
  }

  /** The simulator's resizePool: nodes join one by one across the step, named by their index. */
  function joinNodes(pool: PoolRow, target: number, startedAt: number, finishedAt: number): string {
    const present = nodes.filter((node) => node.poolId === pool.id).length;
    const adding = target - present;
    const flavor = flavorOf(pool.flavorId);
    for (let index = present; index < target; index += 1) {
      const joinedAt = Math.round(startedAt + ((index - present + 1) * (finishedAt - startedAt)) / adding);
      nodes.push({
        id: `nod_demo_${slug}_${pool.name}_${index + 1}`,
        clusterId: story.clusterId,
        poolId: pool.id,
        name: clusterNodeName(name, pool, index),
        zone: cluster.zones[index % cluster.zones.length] ?? line.regionId,
        status: 'ready',
        kubeletVersion: pool.kubernetesVersion,
        cpuMillicores: flavor.vcpu * 1000,
        memoryMib: flavor.memoryGb * 1024,
        cpuUsagePercent: 0,
        memoryUsagePercent: 0,
        createdAt: joinedAt,
        updatedAt: joinedAt,
      });
    }
    return `${adding} of ${plural(adding, 'node')} joined`;
  }

  /** Rolls `change` over the nodes one at a time across the step, as the simulator's rollNodes. */
  function rollNodes(selected: NodeRow[], startedAt: number, finishedAt: number, change: (node: NodeRow) => void, verb: string): string {
    selected.forEach((node, index) => {
      change(node);
      node.updatedAt = Math.round(startedAt + ((index + 1) * (finishedAt - startedAt)) / selected.length);
    });
    return `${selected.length} of ${plural(selected.length, 'node')} ${verb}`;
  }

  let operationCount = 0;

  /** Runs planned steps back to back from `startAt`, each `pace` times its estimate, with the engine's events. */
  function runOperation(input: {
    type: ClusterOperationType;
    params?: OperationParams;
    requestedBy: string | null;
    orderId?: string | null;
    message: string;
    startAt: number;
    pace: number;
    /** When the last step ran ends (its pace rounded to the millisecond would miss it). */
    endAt?: number;
    steps: PlannedStep[];
    onSuccess?: (finishedAt: number) => void;
  }): number {
    operationCount += 1;
    const id = `cop_demo_${slug}_${operationCount}`;
    const steps: OperationStep[] = input.steps.map((step) => ({ key: step.key, label: step.label, status: 'pending', detail: null, estimateMs: step.estimateMs, startedAt: null, finishedAt: null, attempts: 0, error: null }));
    const during = { provision: 'provisioning', scale_pool: 'updating', add_pool: 'updating', remove_pool: 'updating', upgrade: 'upgrading', hibernate: 'hibernating', wake: 'waking', delete: 'deleting', install_addons: 'updating', middleware_create: 'running', middleware_resize: 'running', middleware_restore: 'running', middleware_delete: 'running' } as const;
    cluster.status = during[input.type];
    event('operation_started', input.message, input.startAt, { operationId: id, actorUserId: input.requestedBy });
    let at = input.startAt;
    for (const [index, planned] of input.steps.entries()) {
      const step = steps[index]!;
      const last = index === input.steps.length - 1;
      const finishedAt = last && input.endAt !== undefined ? input.endAt : Math.round(at + planned.estimateMs * input.pace);
      const detail = planned.apply?.(at, finishedAt) ?? null;
      Object.assign(step, { status: 'succeeded', startedAt: at, finishedAt, detail });
      event('step_succeeded', `${planned.label}: done.`, finishedAt, { operationId: id, data: { step: planned.key } });
      const next = input.steps[index + 1];
      if (next) event('step_started', `${next.label}…`, finishedAt, { operationId: id, data: { step: next.key } });
      at = finishedAt;
    }
    cluster.status = ({ provision: 'running', hibernate: 'hibernated', wake: 'running', delete: 'deleted' } as Partial<Record<ClusterOperationType, ClusterStatus>>)[input.type] ?? 'running';
    input.onSuccess?.(at);
    event('operation_succeeded', `${capitalise(CLUSTER_OPERATION_PHRASES[input.type])} of ${name} finished.`, at, { operationId: id });
    operations.push({
      id,
      clusterId: story.clusterId,
      organizationId: base.organizationId,
      type: input.type,
      status: 'succeeded',
      params: input.params ?? {},
      steps,
      currentStep: steps.length - 1,
      nextRunAt: null,
      error: null,
      requestedBy: input.requestedBy,
      orderId: input.orderId ?? null,
      // The engine bumps it once when it records the operation and once per step.
      revision: steps.length + 1,
      createdAt: input.startAt,
      updatedAt: at,
      finishedAt: at,
    });
    cluster.updatedAt = at;
    return at;
  }

  const seconds = (value: number) => value * SECOND;

  // Provisioning, timed to fill the order's timeline from "provisioning started" to its outcome.
  const provisionStart = orderCreatedAt + minutesOf(order, 'provisioning_started') * MINUTE;
  const provisionEnd = orderCreatedAt + minutesOf(order, 'completed') * MINUTE;
  const initialPools = line.nodePools.map((pool) => newPool({ ...pool, autoscaling: pool.autoscale ?? null }, provisionStart));
  const provisionSteps: PlannedStep[] = [
    { key: 'validate', label: 'Validating the configuration', estimateMs: seconds(CLUSTER_STEP_SECONDS.validate) },
    { key: 'network', label: 'Reserving the private network', estimateMs: seconds(CLUSTER_STEP_SECONDS.network) },
    {
      key: 'control_plane',
      label: line.highAvailability ? 'Starting the control plane (3 replicas across zones)' : 'Starting the control plane',
      estimateMs: seconds(line.highAvailability ? CLUSTER_STEP_SECONDS.controlPlaneHa : CLUSTER_STEP_SECONDS.controlPlane),
    },
    { key: 'etcd', label: 'Creating etcd with encrypted backups', estimateMs: seconds(CLUSTER_STEP_SECONDS.etcd) },
    {
      key: 'api_endpoint',
      label: 'Publishing the API endpoint',
      estimateMs: seconds(CLUSTER_STEP_SECONDS.apiEndpoint),
      apply: () => {
        cluster.endpoint = endpoint;
        return endpoint;
      },
    },
    ...initialPools.map((pool) => ({
      key: `pool:${pool.id}`,
      label: `Node pool ${pool.name}: ${plural(pool.count, 'node')} joining`,
      estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeJoin * pool.count),
      apply: (startedAt: number, finishedAt: number) => joinNodes(pool, pool.count, startedAt, finishedAt),
    })),
    { key: 'cni', label: `Installing the network plugin (${CNI_NAMES[settings.cni]})`, estimateMs: seconds(CLUSTER_STEP_SECONDS.cni) },
    ...(line.addonIds.length > 0
      ? [
          {
            key: 'addons',
            label: `Installing ${plural(line.addonIds.length, 'add-on')}`,
            estimateMs: seconds(CLUSTER_STEP_SECONDS.addon * line.addonIds.length),
            apply: (_startedAt: number, finishedAt: number) => {
              for (const addonId of line.addonIds) addons.push({ id: `cad_demo_${slug}_${addonId.replace(/^addon_/, '')}`, clusterId: story.clusterId, addonId, orderId: order.id, installedAt: finishedAt });
              return null;
            },
          },
        ]
      : []),
    { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
    { key: 'ready', label: 'Cluster ready', estimateMs: seconds(CLUSTER_STEP_SECONDS.ready) },
  ];
  const plannedMs = provisionSteps.reduce((sum, step) => sum + step.estimateMs, 0);
  runOperation({
    type: 'provision',
    params: { addonIds: line.addonIds },
    requestedBy: order.userId,
    orderId: order.id,
    message: `Provisioning of ${name} started for order ${order.id}.`,
    startAt: provisionStart,
    pace: (provisionEnd - provisionStart) / plannedMs,
    endAt: provisionEnd,
    steps: provisionSteps,
  });
  // Quoted from the start of its provisioning (when the cluster row is created), with the ordered add-ons.
  requote('order', provisionStart, null);

  for (const change of story.changes) {
    if (change.kind === 'autoscale') {
      autoscale(change.pool, change.to, Math.round(now - change.daysBeforeSeed * DAY));
      continue;
    }
    const at = Math.round(orderCreatedAt + change.afterDays * DAY);
    const actor = userName(change.by);
    switch (change.kind) {
      case 'add_pool': {
        const pool = newPool(change.pool, at);
        runOperation({
          type: 'add_pool',
          params: { pool: { id: pool.id, name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscaling: pool.autoscaling, labels: change.pool.labels, taints: change.pool.taints } },
          requestedBy: change.by,
          message: `${actor} added the node pool ${pool.name} (${pool.count} × ${flavorOf(pool.flavorId).name}).`,
          startAt: at,
          pace: LATER_OPERATION_PACE,
          steps: [
            { key: `pool:${pool.id}`, label: `Node pool ${pool.name}: ${plural(pool.count, 'node')} joining`, estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeJoin * pool.count), apply: (start, end) => joinNodes(pool, pool.count, start, end) },
            { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
          ],
        });
        requote('pool_added', at, operations.at(-1)!.id);
        break;
      }
      case 'scale_pool': {
        const pool = poolNamed(change.pool);
        const from = pool.count;
        if (change.to <= from) throw new Error('The seed only scales pools up');
        pool.count = change.to;
        pool.updatedAt = at;
        runOperation({
          type: 'scale_pool',
          params: { poolId: pool.id, count: change.to, autoscaling: pool.autoscaling },
          requestedBy: change.by,
          message: `${actor} scaled ${pool.name} from ${from} to ${change.to} nodes.`,
          startAt: at,
          pace: LATER_OPERATION_PACE,
          steps: [
            { key: `pool:${pool.id}`, label: `Node pool ${pool.name}: ${from} → ${plural(change.to, 'node')}`, estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeJoin * (change.to - from)), apply: (start, end) => joinNodes(pool, change.to, start, end) },
            { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
          ],
        });
        requote('pool_resized', at, operations.at(-1)!.id);
        break;
      }
      case 'upgrade': {
        const from = cluster.kubernetesVersion;
        runOperation({
          type: 'upgrade',
          params: { fromVersion: from, toVersion: change.to },
          requestedBy: change.by,
          message: `${actor} started the upgrade from ${from} to ${change.to}.`,
          startAt: at,
          pace: LATER_OPERATION_PACE,
          steps: [
            {
              key: 'control_plane_upgrade',
              label: `Upgrading the control plane to ${change.to}`,
              estimateMs: seconds(CLUSTER_STEP_SECONDS.controlPlaneUpgrade),
              apply: () => {
                cluster.kubernetesVersion = change.to;
                return null;
              },
            },
            ...pools.map((pool) => ({
              key: `upgrade:${pool.id}`,
              label: `Node pool ${pool.name}: rolling ${plural(pool.count, 'node')} to ${change.to}`,
              estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeUpgrade * Math.max(1, pool.count)),
              apply: (start: number, end: number) => {
                pool.kubernetesVersion = change.to;
                pool.updatedAt = end;
                const own = nodes.filter((node) => node.poolId === pool.id);
                return rollNodes(own, start, end, (node) => Object.assign(node, { kubeletVersion: change.to, status: 'ready' }), `on ${change.to}`);
              },
            })),
            { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
          ],
        });
        break;
      }
      case 'kubeconfig': {
        const id = `kcf_demo_${slug}_${kubeconfigs.length + 1}`;
        const notAfter = Math.floor((at + change.validDays * DAY) / SECOND) * SECOND;
        const serialNumber = (await sha256Hex(`serial:${id}`)).slice(0, 32);
        // The CA that signed it is not seeded: the next download or rotation makes the cluster a new one.
        kubeconfigs.push({ id, clusterId: story.clusterId, userId: change.by, serialNumber, notAfter, caFingerprint: await sha256Hex(`ca:${story.clusterId}`), createdAt: at, revokedAt: null });
        event('kubeconfig_issued', `${actor} downloaded a kubeconfig valid until ${new Date(notAfter).toISOString().replace('.000Z', 'Z')}.`, at, { actorUserId: change.by, data: { serialNumber, notAfter } });
        break;
      }
      case 'hibernation_schedule': {
        cluster.hibernation = change.hibernation;
        cluster.updatedAt = at;
        const schedule = change.hibernation.schedules[0]!;
        event(
          'settings_changed',
          `${actor} set the hibernation schedule: asleep from ${describeCron(schedule.start!)} to ${describeCron(schedule.end!)}, ${describeDays(schedule.start!)} (${change.hibernation.timezone}).`,
          at,
          { actorUserId: change.by },
        );
        sleepOnSchedule(at, change.by);
        break;
      }
    }
  }

  /**
   * The autoscaler growing a pool within its bounds: a scale operation of the system's (no one
   * asked), which the metering reads like any other, and no new quote, so the node-hours above
   * the quoted count show on the cluster's cost card.
   */
  function autoscale(poolName: string, to: number, at: number) {
    const pool = poolNamed(poolName);
    const from = pool.count;
    if (!pool.autoscaling || to <= from || to > pool.autoscaling.max) throw new Error(`The seed autoscales ${poolName} up within its bounds`);
    pool.count = to;
    pool.updatedAt = at;
    runOperation({
      type: 'scale_pool',
      params: { poolId: pool.id, count: to, autoscaling: pool.autoscaling },
      requestedBy: null,
      message: `The autoscaler scaled ${pool.name} from ${from} to ${to} nodes (between ${pool.autoscaling.min} and ${pool.autoscaling.max}).`,
      startAt: at,
      pace: LATER_OPERATION_PACE,
      steps: [
        { key: `pool:${pool.id}`, label: `Node pool ${pool.name}: ${from} → ${plural(to, 'node')}`, estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeJoin * (to - from)), apply: (start, end) => joinNodes(pool, to, start, end) },
        { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
      ],
    });
  }

  /**
   * The nights the schedule slept through, and the hibernation it is in now: the scheduled one if
   * `now` falls in a night, else one its owner started by hand after the last wake-up (a seeded
   * Dev/Test cluster is always found asleep, whatever the hour of the seed).
   */
  function sleepOnSchedule(scheduledAt: number, owner: UserId) {
    const hibernation = cluster.hibernation!;
    // Room for the last hibernation to finish before now.
    const until = now - 10 * MINUTE;
    const periods = scheduledSleep(hibernation, scheduledAt, until);
    const current = periods.at(-1)?.end === null ? periods.pop()! : null;
    const nodeTotal = nodes.length;
    const hibernateMs = seconds(CLUSTER_STEP_SECONDS.nodeDrain * Math.max(1, nodeTotal) + CLUSTER_STEP_SECONDS.pause) * LATER_OPERATION_PACE;
    const wakeMs = seconds(CLUSTER_STEP_SECONDS.resume + CLUSTER_STEP_SECONDS.nodeJoin * Math.max(1, nodeTotal) + CLUSTER_STEP_SECONDS.health) * LATER_OPERATION_PACE;
    periods.forEach((period, index) => {
      hibernations.push({ id: `hib_demo_${slug}_${String(index + 1).padStart(3, '0')}`, clusterId: story.clusterId, startedAt: Math.round(period.start + hibernateMs), endedAt: Math.round(period.end! + wakeMs) });
    });
    const lastWake = periods.length > 0 ? periods.at(-1)!.end! + wakeMs : scheduledAt;
    const startAt = current ? current.start : Math.round(lastWake + Math.min(2 * HOUR, Math.max(MINUTE, (until - lastWake) / 2)));
    runOperation({
      type: 'hibernate',
      params: current ? { scheduled: true } : {},
      requestedBy: current ? null : owner,
      message: current ? `The hibernation schedule put ${name} to sleep.` : `${userName(owner)} put ${name} to sleep.`,
      startAt,
      pace: LATER_OPERATION_PACE,
      steps: [
        {
          key: 'scale_down',
          label: `Stopping ${plural(nodeTotal, 'node')}`,
          estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeDrain * Math.max(1, nodeTotal)),
          apply: (start, end) => rollNodes(nodes, start, end, (node) => Object.assign(node, { status: 'hibernated', cpuUsagePercent: 0, memoryUsagePercent: 0 }), 'stopped'),
        },
        { key: 'pause', label: 'Pausing the control plane', estimateMs: seconds(CLUSTER_STEP_SECONDS.pause) },
      ],
      onSuccess: (finishedAt) => hibernations.push({ id: `hib_demo_${slug}_${String(periods.length + 1).padStart(3, '0')}`, clusterId: story.clusterId, startedAt: finishedAt, endedAt: null }),
    });
  }

  // Add-on orders for this cluster install their add-ons when they complete.
  for (const addonOrder of DEMO_ORDERS) {
    if (addonOrder.targetClusterId !== story.clusterId || addonOrder.status !== 'completed') continue;
    const placedAt = orderTimes.get(addonOrder.id) ?? now - addonOrder.ageMs;
    const installedAt = placedAt + minutesOf(addonOrder, 'completed') * MINUTE;
    for (const addonLine of addonOrder.lines) {
      if (addonLine.kind !== 'addon') continue;
      addons.push({ id: `cad_demo_${slug}_${addonLine.addonId.replace(/^addon_/, '')}`, clusterId: story.clusterId, addonId: addonLine.addonId, orderId: addonOrder.id, installedAt });
    }
  }

  cluster.nodeCount = pools.reduce((sum, pool) => sum + pool.count, 0);
  cluster.monthlyCents = clusterMonthlyCents(line, pools, addons.map((addon) => addon.addonId), cluster.kubernetesVersion, priceBook, now);
  cluster.updatedAt = Math.max(cluster.updatedAt, ...events.map((row) => row.createdAt));

  // Ids in time order: the activity lists events by time, then id, and steps share instants. One
  // underscore only, as in generated ids: the activity's page cursor carries the id and says so.
  const ordered = events.map((row, index) => ({ row, index })).sort((a, b) => a.row.createdAt - b.row.createdAt || a.index - b.index);
  return {
    cluster,
    pools,
    nodes,
    operations,
    events: ordered.map(({ row }, index) => ({ ...row, id: `cev_demo${slug}${String(index + 1).padStart(3, '0')}` })),
    addons,
    hibernations,
    kubeconfigs,
    quotes,
  };
}

/**
 * What the cluster costs per month as it runs, priced as the clusters service prices a change:
 * billed monthly, or (`cycle` given) per month for the cycle its order was paid for, as its quotes record it.
 */
function clusterMonthlyCents(line: OrderClusterLine, pools: PoolRow[], addonIds: string[], kubernetesVersion: string, priceBook: PriceBook, now: number, cycle?: 'monthly' | 'yearly'): number {
  const priced = quote(
    [
      {
        kind: 'cluster',
        tierId: line.tierId,
        regionId: line.regionId,
        kubernetesVersion,
        highAvailability: line.highAvailability,
        nodePools: pools.map((pool) => ({ name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscale: pool.autoscaling })),
        addonIds,
      },
    ],
    { cycle: cycle ?? 'monthly', now, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } },
    priceBook,
  );
  return cycle ? priced.lines[0]!.monthlyEquivalentCents : priced.lines[0]!.monthlyPriceCents;
}
