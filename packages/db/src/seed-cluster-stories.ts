import {
  type ClusterHibernation,
  type NodeTaint,
  type OrderClusterLine,
} from './schema';
import type { DEMO_ACCOUNTS } from './seed-data';
import { DEMO_CLUSTERS, DEMO_CUSTOMER_ORGANIZATION_ID } from './seed-data';
import { DEMO_ORDERS, type DemoOrder } from './seed-orders';
import { DAY, HOUR, MINUTE, SECOND } from './seed-clusters-common';

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
export function zonedInstant(localDayUtc: number, hour: number, minute: number, timeZone: string): number {
  const wall = localDayUtc + hour * HOUR + minute * MINUTE;
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

interface SleepPeriod {
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

export function describeCron(expression: string): string {
  const { hour, minute } = parseCron(expression);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function describeDays(expression: string): string {
  const days = parseCron(expression).weekdays;
  if (days.join(',') === '1,2,3,4,5') return 'Monday to Friday';
  return days.map((day) => WEEKDAY_NAMES[day]).join(', ');
}

// The stories

export type UserId = (typeof DEMO_ACCOUNTS)[number]['id'];

export interface PoolSeed {
  name: string;
  flavorId: string;
  count: number;
  labels: Record<string, string>;
  taints: NodeTaint[];
  /** The autoscaler's bounds; the quote prices `count`. */
  autoscaling?: { min: number; max: number };
}

/** What happened to a cluster after its provisioning; `afterDays` counts from its order. */
export type Change =
  | { kind: 'add_pool'; afterDays: number; by: UserId; pool: PoolSeed }
  | { kind: 'scale_pool'; afterDays: number; by: UserId; pool: string; to: number }
  | { kind: 'upgrade'; afterDays: number; by: UserId; to: string }
  | { kind: 'kubeconfig'; afterDays: number; by: UserId; validDays: number }
  | { kind: 'hibernation_schedule'; afterDays: number; by: UserId; hibernation: ClusterHibernation }
  /** The autoscaler grew a pool within its bounds, `daysBeforeSeed` before the seed ran: no one asked, nothing was requoted (issue 34). */
  | { kind: 'autoscale'; daysBeforeSeed: number; pool: string; to: number };

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
      { kind: 'add_pool', afterDays: 31.4, by: 'usr_demo_alice', pool: { name: 'system', flavorId: 'gp-4-16', count: 2, labels: { role: 'system' }, taints: [], autoscaling: { min: 2, max: 5 } } },
      { kind: 'scale_pool', afterDays: 52.2, by: 'usr_demo_alice', pool: 'memory', to: 5 },
      { kind: 'upgrade', afterDays: 70.1, by: 'usr_demo_alice', to: '1.36.4' },
      // Over its quote this month: the system pool, quoted at 2 nodes, has run 4 for the last 6 days.
      { kind: 'autoscale', daysBeforeSeed: 6, pool: 'system', to: 4 },
    ],
  },
  {
    clusterId: 'clu_demo_staging',
    orderId: 'ord_demo_staging',
    changes: [{ kind: 'hibernation_schedule', afterDays: 1.1, by: 'usr_demo_marc', hibernation: WEEKNIGHTS_HIBERNATION }],
  },
];

export const SEEDED_CLUSTERS = DEMO_CLUSTERS.map((cluster) => ({ ...cluster, organizationId: DEMO_CUSTOMER_ORGANIZATION_ID }));

export function orderById(id: string): DemoOrder {
  const order = DEMO_ORDERS.find((candidate) => candidate.id === id);
  if (!order) throw new Error(`No seeded order ${id}`);
  return order;
}

export function clusterLineOf(order: DemoOrder): OrderClusterLine {
  const line = order.lines[0];
  if (line?.kind !== 'cluster') throw new Error(`The seeded order ${order.id} is not a cluster order`);
  return line;
}

export function minutesOf(order: DemoOrder, type: string): number {
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
