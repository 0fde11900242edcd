import { clusterEndpoint, clusterNodeName, CLUSTER_OPERATION_PHRASES, CLUSTER_STEP_SECONDS, CNI_NAMES, quote, type PriceBook } from '@kubemarket/shared';
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './client';
import {
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusters,
  kubeconfigIssuances,
  nodePools,
  orders,
  type ClusterEventType,
  type ClusterHibernation,
  type ClusterOperationType,
  type ClusterStatus,
  type NodeStatus,
  type NodeTaint,
  type OperationParams,
  type OperationStep,
  type OrderClusterLine,
} from './schema';
import { NODE_FLAVOR_SEED } from './seed-catalog';
import { DEMO_ACCOUNTS, DEMO_CLUSTERS, DEMO_CUSTOMER_ORGANIZATION_ID } from './seed-data';
import { DEMO_ORDERS, seedPriceBook, type DemoOrder } from './seed-orders';

/**
 * The seeded clusters' lives: node pools and nodes, the provisioning that built each one (steps
 * timed within its order's timeline), what was done to them since, their activity, add-ons and
 * hibernation nights, as the operation engine and the simulator (packages/api) would have written
 * them. Step durations, node names and endpoints come from packages/shared like the simulator's;
 * the step plans are written out here (packages/db cannot import the API), and an API test holds
 * them equal to the simulator's.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Changes made after provisioning take a little longer than planned, as real ones do. */
const LATER_OPERATION_PACE = 1.3;



function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Hibernation schedules

interface CronTime {
  minute: number;
  hour: number;
  weekdays: number[];
}

/** Only the "MM HH * * DOW[,DOW…]" form schedules are written in. */
function parseCron(expression: string): CronTime {
  const match = /^(\d{1,2}) (\d{1,2}) \* \* ([0-6](?:,[0-6])*)$/.exec(expression);
  if (!match) throw new Error(`The seed reads hibernation schedules as "MM HH * * DOW", not "${expression}".`);
  return { minute: Number(match[1]), hour: Number(match[2]), weekdays: match[3]!.split(',').map(Number) };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Local wall-clock time in `timeZone` minus UTC, ms, at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / SECOND) * SECOND;
}

/** The instant a wall-clock time of a local day happens in `timeZone`. */
function zonedInstant(localDayUtc: number, hour: number, minute: number, timeZone: string): number {
  const wall = localDayUtc + hour * HOUR + minute * MINUTE;
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

export interface SleepPeriod {
  start: number;
  /** null: still asleep at `until`. */
  end: number | null;
}

/**
 * The nights a schedule put a cluster to sleep between `from` and `until`: every start and end it
 * triggers, in order; a start while asleep and an end while awake change nothing (so Friday's
 * night lasts until Monday's wake-up when the schedule wakes on weekdays only).
 */
export function scheduledSleep(hibernation: ClusterHibernation, from: number, until: number): SleepPeriod[] {
  const { timezone } = hibernation;
  const triggers: Array<{ at: number; kind: 'start' | 'end' }> = [];
  const local = new Date(from + zoneOffset(from, timezone));
  const firstDay = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let day = firstDay; day <= until + zoneOffset(until, timezone) + DAY; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    for (const schedule of hibernation.schedules) {
      for (const [kind, expression] of [['start', schedule.start], ['end', schedule.end]] as const) {
        if (!expression) continue;
        const time = parseCron(expression);
        if (!time.weekdays.includes(weekday)) continue;
        const at = zonedInstant(day, time.hour, time.minute, timezone);
        if (at > from && at <= until) triggers.push({ at, kind });
      }
    }
  }
  triggers.sort((a, b) => a.at - b.at);
  const periods: SleepPeriod[] = [];
  for (const trigger of triggers) {
    const open = periods.at(-1)?.end === null;
    if (trigger.kind === 'start' && !open) periods.push({ start: trigger.at, end: null });
    if (trigger.kind === 'end' && open) periods.at(-1)!.end = trigger.at;
  }
  return periods;
}

function describeCron(expression: string): string {
  const { hour, minute } = parseCron(expression);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function describeDays(expression: string): string {
  const days = parseCron(expression).weekdays;
  if (days.join(',') === '1,2,3,4,5') return 'Monday to Friday';
  return days.map((day) => WEEKDAY_NAMES[day]).join(', ');
}

// ---------------------------------------------------------------------------------------------
// The stories

type UserId = (typeof DEMO_ACCOUNTS)[number]['id'];

interface PoolSeed {
  name: string;
  flavorId: string;
  count: number;
  labels: Record<string, string>;
  taints: NodeTaint[];
}

/** What happened to a cluster after its provisioning; `afterDays` counts from its order. */
type Change =
  | { kind: 'add_pool'; afterDays: number; by: UserId; pool: PoolSeed }
  | { kind: 'scale_pool'; afterDays: number; by: UserId; pool: string; to: number }
  | { kind: 'upgrade'; afterDays: number; by: UserId; to: string }
  | { kind: 'kubeconfig'; afterDays: number; by: UserId; validDays: number }
  | { kind: 'hibernation_schedule'; afterDays: number; by: UserId; hibernation: ClusterHibernation };

export interface ClusterStory {
  clusterId: string;
  /** The order whose payment created it (its cluster line is how it was built). */
  orderId: string;
  changes: Change[];
}

export const WEEKNIGHTS_HIBERNATION: ClusterHibernation = {
  schedules: [{ start: '00 20 * * 1,2,3,4,5', end: '00 07 * * 1,2,3,4,5' }],
  timezone: 'Europe/Paris',
};

export const DEMO_CLUSTER_STORIES: readonly ClusterStory[] = [
  {
    clusterId: 'clu_demo_webshop',
    orderId: 'ord_demo_webshop',
    changes: [{ kind: 'kubeconfig', afterDays: 168.3, by: 'usr_demo_alice', validDays: 7 }],
  },
  {
    clusterId: 'clu_demo_analytics',
    orderId: 'ord_demo_analytics',
    changes: [
      { kind: 'add_pool', afterDays: 31.4, by: 'usr_demo_alice', pool: { name: 'system', flavorId: 'gp-4-16', count: 2, labels: { role: 'system' }, taints: [] } },
      { kind: 'scale_pool', afterDays: 52.2, by: 'usr_demo_alice', pool: 'memory', to: 5 },
      { kind: 'upgrade', afterDays: 70.1, by: 'usr_demo_alice', to: '1.36.4' },
    ],
  },
  {
    clusterId: 'clu_demo_staging',
    orderId: 'ord_demo_staging',
    changes: [{ kind: 'hibernation_schedule', afterDays: 1.1, by: 'usr_demo_marc', hibernation: WEEKNIGHTS_HIBERNATION }],
  },
];

const SEEDED_CLUSTERS = DEMO_CLUSTERS.map((cluster) => ({ ...cluster, organizationId: DEMO_CUSTOMER_ORGANIZATION_ID }));

function orderById(id: string): DemoOrder {
  const order = DEMO_ORDERS.find((candidate) => candidate.id === id);
  if (!order) throw new Error(`No seeded order ${id}`);
  return order;
}

function clusterLineOf(order: DemoOrder): OrderClusterLine {
  const line = order.lines[0];
  if (line?.kind !== 'cluster') throw new Error(`The seeded order ${order.id} is not a cluster order`);
  return line;
}

function minutesOf(order: DemoOrder, type: string): number {
  const event = order.events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`The seeded order ${order.id} has no ${type} event`);
  return event.atMinutes;
}

/** The base rows of the seeded clusters: created when their order was settled. */
export function demoClusterRows(now: number) {
  return SEEDED_CLUSTERS.map(({ ageMs, ...cluster }) => {
    const story = DEMO_CLUSTER_STORIES.find((candidate) => candidate.clusterId === cluster.id)!;
    const createdAt = now - ageMs + minutesOf(orderById(story.orderId), 'provisioning_started') * MINUTE;
    return { ...cluster, createdAt, updatedAt: createdAt };
  });
}

// ---------------------------------------------------------------------------------------------
// Replaying a story

type PoolRow = typeof nodePools.$inferInsert & { autoscaling: { min: number; max: number } | null };
type NodeRow = typeof clusterNodes.$inferInsert & { status: NodeStatus };
type EventRow = Omit<typeof clusterEvents.$inferInsert, 'id'>;
type OperationRow = typeof clusterOperations.$inferInsert;

interface PlannedStep {
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

const userName = (id: UserId) => DEMO_ACCOUNTS.find((account) => account.id === id)!.name;

async function sha256Hex(text: string): Promise<string> {
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
  events: Array<typeof clusterEvents.$inferInsert>;
  addons: Array<typeof clusterAddons.$inferInsert>;
  hibernations: Array<typeof clusterHibernations.$inferInsert>;
  kubeconfigs: Array<typeof kubeconfigIssuances.$inferInsert>;
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
    networking: { cni: settings.cni, podCidr: settings.podCidr, serviceCidr: settings.serviceCidr, apiAllowList: settings.apiAllowList },
    maintenance: { day: settings.maintenanceWindow.day, startHour: settings.maintenanceWindow.startHour, autoUpgrade: settings.autoUpgrade },
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

  const event = (type: ClusterEventType, message: string, at: number, extra: { operationId?: string | null; actorUserId?: string | null; data?: Record<string, unknown> | null } = {}) =>
    events.push({ clusterId: story.clusterId, operationId: extra.operationId ?? null, type, message, actorUserId: extra.actorUserId ?? null, data: extra.data ?? null, createdAt: at });

  const poolNamed = (poolName: string) => {
    const pool = pools.find((candidate) => candidate.name === poolName);
    if (!pool) throw new Error(`${name} has no pool ${poolName}`);
    return pool;
  };

  function newPool(seed: PoolSeed & { autoscaling?: { min: number; max: number } | null }, at: number): PoolRow {
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

  for (const change of story.changes) {
    const at = Math.round(orderCreatedAt + change.afterDays * DAY);
    const actor = userName(change.by);
    switch (change.kind) {
      case 'add_pool': {
        const pool = newPool(change.pool, at);
        runOperation({
          type: 'add_pool',
          params: { pool: { id: pool.id, name: pool.name, flavorId: pool.flavorId, count: pool.count, autoscaling: null, labels: change.pool.labels, taints: change.pool.taints } },
          requestedBy: change.by,
          message: `${actor} added the node pool ${pool.name} (${pool.count} × ${flavorOf(pool.flavorId).name}).`,
          startAt: at,
          pace: LATER_OPERATION_PACE,
          steps: [
            { key: `pool:${pool.id}`, label: `Node pool ${pool.name}: ${plural(pool.count, 'node')} joining`, estimateMs: seconds(CLUSTER_STEP_SECONDS.nodeJoin * pool.count), apply: (start, end) => joinNodes(pool, pool.count, start, end) },
            { key: 'health', label: 'Running health checks', estimateMs: seconds(CLUSTER_STEP_SECONDS.health) },
          ],
        });
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
  };
}

/** What the cluster costs per month as it runs, priced as the clusters service prices a change. */
function clusterMonthlyCents(line: OrderClusterLine, pools: PoolRow[], addonIds: string[], kubernetesVersion: string, priceBook: PriceBook, now: number): number {
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
    { cycle: 'monthly', now, customer: { countryCode: 'FR', vatNumber: null, isBusiness: true, hasPurchased: true } },
    priceBook,
  );
  return priced.lines[0]!.monthlyPriceCents;
}

// ---------------------------------------------------------------------------------------------
// Writing it

type Statement = BatchItem<'sqlite'>;

/** D1 binds at most 100 parameters per statement: rows go in chunks that stay under it. */
function chunkedInserts<T extends SQLiteTable>(db: Database, table: T, rows: Array<T['$inferInsert']>): Statement[] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(100 / perRow));
  const statements: Statement[] = [];
  for (let index = 0; index < rows.length; index += size) {
    statements.push(db.insert(table).values(rows.slice(index, index + size)).onConflictDoNothing() as unknown as Statement);
  }
  return statements;
}

/**
 * Gives each seeded cluster its history, once: a cluster that has operations was filled in before
 * (and may have changed since through the app), so it is left alone; one from an older seed, with
 * none, gets its details and rows now. Each cluster is written in one batch, so a failed seed
 * leaves it as it was for the next run.
 */
export async function seedClusterHistories(db: Database, now: number): Promise<void> {
  const clusterIds = DEMO_CLUSTER_STORIES.map((story) => story.clusterId);
  const [filled, existing, placed] = await Promise.all([
    db.selectDistinct({ clusterId: clusterOperations.clusterId }).from(clusterOperations).where(inArray(clusterOperations.clusterId, clusterIds)),
    db.select({ id: clusters.id }).from(clusters).where(inArray(clusters.id, clusterIds)),
    db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders).where(inArray(orders.id, DEMO_ORDERS.map((order) => order.id))),
  ]);
  const done = new Set(filled.map((row) => row.clusterId));
  const present = new Set(existing.map((row) => row.id));
  const orderTimes = new Map(placed.map((row) => [row.id, row.createdAt]));
  const priceBook = seedPriceBook();
  for (const story of DEMO_CLUSTER_STORIES) {
    if (done.has(story.clusterId) || !present.has(story.clusterId)) continue;
    const orderCreatedAt = orderTimes.get(story.orderId) ?? now - orderById(story.orderId).ageMs;
    const history = await replayClusterStory(story, orderCreatedAt, now, orderTimes, priceBook);
    const statements: Statement[] = [
      db.update(clusters).set(history.cluster).where(eq(clusters.id, story.clusterId)) as unknown as Statement,
      ...chunkedInserts(db, nodePools, history.pools),
      ...chunkedInserts(db, clusterNodes, history.nodes),
      ...chunkedInserts(db, clusterOperations, history.operations),
      ...chunkedInserts(db, clusterEvents, history.events),
      ...chunkedInserts(db, clusterAddons, history.addons),
      ...chunkedInserts(db, clusterHibernations, history.hibernations),
      ...chunkedInserts(db, kubeconfigIssuances, history.kubeconfigs),
    ];
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  }
}
