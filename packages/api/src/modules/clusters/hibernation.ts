import { clusterEvents, clusterOperations, clusters, clusterTiers, newId, type ClusterHibernation, type ClusterStatus } from '@kubemarket/db';
import {
  describeHibernationPeriod,
  fromGardenerSchedules,
  hibernationTransition,
  toGardenerSchedules,
  wallClock,
  type HibernationSettings,
  type HibernationTransition,
  type HibernationTransitionKind,
} from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { organizationStatus } from '../../platform/growth';
import { logError } from '../../platform/log';
import { loadClusterState, startOperation, type EngineDeps } from './engine';
import { CLUSTER_NOT_FOUND, requireHibernatingTier, tierHibernates } from './service';
import type { SignedInContext } from '../../trpc';

/**
 * Hibernation schedules (issue 12): people set them here, and a cron every five minutes starts the
 * hibernation or wake-up each schedule calls for. Schedules are stored in Gardener's form
 * (`clusters.hibernation`), which the Gardener adapter hands to the Shoot as they are.
 */

type OrgContext = SignedInContext;

/**
 * How far back a run looks for transitions. A cluster busy with another operation at its
 * transition is tried again by the following runs until the transition is this old, so a 5-minute
 * cron gets three tries; after that the schedule waits for its next transition rather than
 * surprising someone with a hibernation long after the time they set. It also covers a missed or
 * late cron run (Cloudflare runs cron triggers on a best-effort basis).
 */
export const HIBERNATION_CATCH_UP_MS = 15 * 60_000;
const PAGE_SIZE = 100;

/** The form's view of what is stored: the periods the crons mean (merged), in their time zone. */
export function hibernationSettingsOf(stored: ClusterHibernation | null, fallbackTimezone: string): HibernationSettings {
  return stored ? { timezone: stored.timezone, schedules: fromGardenerSchedules(stored.schedules) } : { timezone: fallbackTimezone, schedules: [] };
}

function sameHibernation(a: ClusterHibernation | null, b: ClusterHibernation | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.timezone === b.timezone &&
    a.schedules.length === b.schedules.length &&
    a.schedules.every((schedule, index) => schedule.start === b.schedules[index]!.start && schedule.end === b.schedules[index]!.end)
  );
}

/** Sets (or, with no schedules, turns off) the cluster's hibernation schedule. */
export async function setHibernationSchedule(ctx: OrgContext, input: HibernationSettings & { id: string }): Promise<HibernationSettings> {
  const state = await loadClusterState(ctx.db, input.id);
  if (!state || state.cluster.organizationId !== ctx.user.organizationId) throw new TRPCError({ code: 'NOT_FOUND', message: CLUSTER_NOT_FOUND });
  const { cluster } = state;
  if (cluster.status === 'deleted' || cluster.status === 'deleting') {
    throw new TRPCError({ code: 'CONFLICT', message: `The cluster ${cluster.name} is ${cluster.status === 'deleted' ? 'deleted' : 'being deleted'}.` });
  }
  const stored: ClusterHibernation | null = input.schedules.length === 0 ? null : { schedules: toGardenerSchedules(input), timezone: input.timezone };
  // Turning a schedule off is allowed whatever the tier: it only ever stops hibernations.
  if (stored) await requireHibernatingTier(ctx.db, state);
  const settings = hibernationSettingsOf(stored, input.timezone);
  if (sameHibernation(stored, cluster.hibernation)) return settings;

  const now = ctx.ports.clock.now();
  const actor = ctx.user.name || ctx.user.username;
  const message = stored
    ? `${actor} set the hibernation schedule (${stored.timezone}): ${settings.schedules.map(describeHibernationPeriod).join('; ')}.`
    : `${actor} turned scheduled hibernation off.`;
  await ctx.db.batch([
    ctx.db.update(clusters).set({ hibernation: stored, updatedAt: now }).where(eq(clusters.id, cluster.id)),
    ctx.db.insert(clusterEvents).values({
      id: newId('clusterEvent'),
      clusterId: cluster.id,
      operationId: null,
      type: 'settings_changed',
      message,
      actorUserId: ctx.user.id,
      data: { hibernation: stored },
      createdAt: now,
    }),
  ]);
  return settings;
}

// ---------------------------------------------------------------------------------------------
// The cron

export type SkipReason =
  /** Another operation runs, or the cluster is not in a state to take this one now (tried again within the window). */
  | 'busy'
  /** A hibernation or wake-up started since the transition: this one was already acted on, or someone decided otherwise. */
  | 'handled'
  /** Its tier does not hibernate (a schedule stored before a tier change, or by hand). */
  | 'tier'
  /** A wake-up of a cluster whose organisation is not active (suspended): it sleeps on until restored. */
  | 'suspended'
  | 'error';

export interface HibernationRun {
  /** Clusters with a schedule that were read. */
  checked: number;
  started: Array<{ clusterId: string; operationId: string; type: HibernationTransitionKind }>;
  skipped: Array<{ clusterId: string; type: HibernationTransitionKind; reason: SkipReason }>;
}

/** Where each transition applies, and where the cluster already is (or is going) once it has. */
const FROM_STATUS: Record<HibernationTransitionKind, ClusterStatus> = { hibernate: 'running', wake: 'hibernated' };
const DONE_STATUSES: Record<HibernationTransitionKind, ClusterStatus[]> = { hibernate: ['hibernating', 'hibernated'], wake: ['waking', 'running'] };

const clock = (instant: number, timezone: string) => {
  const wall = wallClock(instant, timezone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
};

type ScheduledRow = { id: string; name: string; status: ClusterStatus; hibernation: ClusterHibernation };

/** Starts one cluster's transition, or says why not. */
async function applyTransition(deps: EngineDeps, row: ScheduledRow, tierName: string, transition: HibernationTransition): Promise<{ operationId: string } | { reason: SkipReason } | null> {
  const type = transition.kind;
  if (DONE_STATUSES[type].includes(row.status)) return null;
  if (!tierHibernates(tierName)) return { reason: 'tier' };
  if (row.status !== FROM_STATUS[type]) return { reason: 'busy' };
  const [since] = await deps.db
    .select({ id: clusterOperations.id })
    .from(clusterOperations)
    .where(and(eq(clusterOperations.clusterId, row.id), inArray(clusterOperations.type, ['hibernate', 'wake']), gte(clusterOperations.createdAt, transition.at)))
    .limit(1);
  if (since) return { reason: 'handled' };
  const state = await loadClusterState(deps.db, row.id);
  if (!state) return null;
  if (type === 'wake' && (await organizationStatus(deps.db, state.cluster.organizationId)) !== 'active') return { reason: 'suspended' };
  const at = `${clock(transition.at, row.hibernation.timezone)} ${row.hibernation.timezone}`;
  try {
    const operation = await startOperation(deps, state, {
      clusterId: row.id,
      type,
      params: { scheduled: true },
      requestedBy: null,
      message: type === 'hibernate' ? `The hibernation schedule put ${row.name} to sleep (${at}).` : `The hibernation schedule woke ${row.name} up (${at}).`,
      change: { before: { status: row.status }, after: { status: type === 'hibernate' ? 'hibernated' : 'running' } },
    });
    return { operationId: operation.id };
  } catch (error) {
    // Another operation started between the status read and the insert.
    if (error instanceof TRPCError && error.code === 'CONFLICT') return { reason: 'busy' };
    throw error;
  }
}

/**
 * Starts the hibernations and wake-ups the schedules call for: for every live cluster with a
 * schedule whose latest transition in (min(lastRunAt, now − 15 min), now] has not been acted on,
 * a 'hibernate' (if it runs) or 'wake' (if it sleeps) operation by the system, marked scheduled.
 * A transition is acted on once: any hibernation or wake-up started at or after its instant
 * (this job's, or a person's "wake now") leaves it alone. One cluster's failure is logged and
 * does not stop the others.
 */
export async function applyHibernationSchedules(deps: EngineDeps, now: number, lastRunAt: number, options: { pageSize?: number } = {}): Promise<HibernationRun> {
  const from = Math.min(lastRunAt, now - HIBERNATION_CATCH_UP_MS);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const run: HibernationRun = { checked: 0, started: [], skipped: [] };
  let cursor = '';
  for (;;) {
    const rows = await deps.db
      .select({ id: clusters.id, name: clusters.name, status: clusters.status, hibernation: clusters.hibernation, tierName: clusterTiers.name })
      .from(clusters)
      .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
      .where(and(isNotNull(clusters.hibernation), isNull(clusters.deletedAt), ne(clusters.status, 'deleted'), gt(clusters.id, cursor)))
      .orderBy(asc(clusters.id))
      .limit(pageSize);
    for (const { tierName, hibernation, ...row } of rows) {
      if (!hibernation || hibernation.schedules.length === 0) continue;
      run.checked += 1;
      let transition: HibernationTransition | null = null;
      try {
        transition = hibernationTransition(hibernation.schedules, hibernation.timezone, from, now);
        if (!transition) continue;
        const outcome = await applyTransition(deps, { ...row, hibernation }, tierName, transition);
        if (outcome && 'operationId' in outcome) run.started.push({ clusterId: row.id, operationId: outcome.operationId, type: transition.kind });
        else if (outcome) run.skipped.push({ clusterId: row.id, type: transition.kind, reason: outcome.reason });
      } catch (error) {
        // A time zone this runtime does not know, a database error: the next run tries again.
        logError(`Scheduled hibernation of cluster ${row.id} failed`, error);
        if (transition) run.skipped.push({ clusterId: row.id, type: transition.kind, reason: 'error' });
      }
    }
    if (rows.length < pageSize) break;
    cursor = rows.at(-1)!.id;
  }
  return run;
}

/**
 * Puts a running Dev/Test or Sandbox cluster to sleep because a budget with "hibernate when
 * reached" was reached (issue 34): the same hibernate operation as a schedule's, by the system, its
 * audit entry naming the budget. Anything else (another tier, not running, busy) is left as it is
 * and answered with the reason.
 */
export async function hibernateForBudget(deps: EngineDeps, clusterId: string, budget: { id: string; name: string }): Promise<{ operationId: string } | { reason: SkipReason }> {
  const state = await loadClusterState(deps.db, clusterId);
  if (!state) return { reason: 'handled' };
  const [tier] = await deps.db.select({ name: clusterTiers.name }).from(clusterTiers).where(eq(clusterTiers.id, state.cluster.tierId));
  if (!tier || !tierHibernates(tier.name)) return { reason: 'tier' };
  if (state.cluster.status !== 'running') return { reason: 'busy' };
  try {
    const operation = await startOperation(deps, state, {
      clusterId,
      type: 'hibernate',
      params: { budgetId: budget.id },
      requestedBy: null,
      message: `The budget "${budget.name}" was reached: ${state.cluster.name} was put to sleep.`,
      change: { before: { status: state.cluster.status }, after: { status: 'hibernated' } },
    });
    return { operationId: operation.id };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'CONFLICT') return { reason: 'busy' };
    throw error;
  }
}
