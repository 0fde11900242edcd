import { CLUSTER_OPERATION_PHRASES } from '@kubemarket/shared';
import {
  clusterAddons,
  clusterEvents,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusters,
  clusterTiers,
  dataCenters,
  newId,
  nodeFlavors,
  nodePools,
  orderEvents,
  orders,
  users,
  type Cluster,
  type ClusterEventType,
  type ClusterNode,
  type ClusterOperation,
  type ClusterOperationType,
  type ClusterStatus,
  type Database,
  type NodePool,
  type OperationParams,
  type OperationStep,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { ProvisionerError, type ClusterChanges, type ClusterPurpose, type ClusterSpec, type NodeState, type StepOutcome } from '../../platform/provisioner';
import { clusterEmails } from './emails';
import { middlewareFailureStatements, middlewareRetryStatements, middlewareSuccessStatements } from './middleware-operations';
import { operationView, type ClusterProgress } from './progress';

/**
 * The cluster operation engine (ADR 6). An operation is a row with its planned steps; the
 * cluster's operator (a Durable Object in the Worker, a loop in tests) calls `advanceOperation`
 * whenever the operation's `nextRunAt` comes. Each call runs or checks one step through the
 * provisioner port, stores the outcome in one batch, and pushes the new state to every member of
 * the organisation over their sockets. Nothing here keeps state between calls.
 */

export type EngineDeps = Pick<Context, 'db' | 'ports' | 'request'>;
type Statement = BatchItem<'sqlite'>;

/** Tries of a failing step before the operation fails for good. */
export const MAX_STEP_ATTEMPTS = 3;
/** Back-off before the second and third tries, ms at speed 1 (divided like the step estimates). */
export const RETRY_BACKOFF_MS = [5_000, 15_000] as const;

const STATUS_DURING: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'provisioning',
  scale_pool: 'updating',
  add_pool: 'updating',
  remove_pool: 'updating',
  upgrade: 'upgrading',
  hibernate: 'hibernating',
  wake: 'waking',
  delete: 'deleting',
  install_addons: 'updating',
  // A middleware's operations run in the cluster without changing it.
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

const STATUS_AFTER: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'running',
  scale_pool: 'running',
  add_pool: 'running',
  remove_pool: 'running',
  upgrade: 'running',
  hibernate: 'hibernated',
  wake: 'running',
  delete: 'deleted',
  install_addons: 'running',
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

/** Where a cluster stands when an operation on it fails for good. */
const STATUS_ON_FAILURE: Record<ClusterOperationType, ClusterStatus> = {
  provision: 'failed',
  scale_pool: 'running',
  add_pool: 'running',
  remove_pool: 'running',
  upgrade: 'running',
  hibernate: 'running',
  wake: 'hibernated',
  delete: 'failed',
  // The add-ons stay ordered (and retryable); the cluster itself runs as before.
  install_addons: 'running',
  middleware_create: 'running',
  middleware_resize: 'running',
  middleware_restore: 'running',
  middleware_delete: 'running',
};

export const OPERATION_LABELS: Record<ClusterOperationType, string> = CLUSTER_OPERATION_PHRASES;

/** Tiers whose names say production get Gardener's `production` purpose; dev/test and sandbox do not. */
export function purposeOf(tierName: string): ClusterPurpose {
  if (/sandbox/i.test(tierName)) return 'evaluation';
  if (/dev|test/i.test(tierName)) return 'development';
  return 'production';
}

export interface ClusterState {
  cluster: Cluster;
  pools: NodePool[];
  nodes: ClusterNode[];
  spec: ClusterSpec;
}

export async function loadClusterState(db: Database, clusterId: string): Promise<ClusterState | null> {
  const [row] = await db
    .select({ cluster: clusters, tierName: clusterTiers.name, regionZones: dataCenters.zones })
    .from(clusters)
    .innerJoin(clusterTiers, eq(clusterTiers.id, clusters.tierId))
    .innerJoin(dataCenters, eq(dataCenters.id, clusters.region))
    .where(eq(clusters.id, clusterId))
    .limit(1);
  if (!row) return null;
  const [pools, nodes] = await Promise.all([
    db.select().from(nodePools).where(eq(nodePools.clusterId, clusterId)).orderBy(asc(nodePools.createdAt), asc(nodePools.name)),
    db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)).orderBy(asc(clusterNodes.createdAt), asc(clusterNodes.name)),
  ]);
  const flavorIds = [...new Set(pools.map((pool) => pool.flavorId))];
  const flavors = flavorIds.length === 0 ? [] : await db.select().from(nodeFlavors).where(inArray(nodeFlavors.id, flavorIds));
  const flavorById = new Map(flavors.map((flavor) => [flavor.id, flavor]));
  const { cluster } = row;
  const zones = cluster.zones.length > 0 ? cluster.zones : row.regionZones.length > 0 ? row.regionZones : [cluster.region];
  const spec: ClusterSpec = {
    id: cluster.id,
    organizationId: cluster.organizationId,
    name: cluster.name,
    region: cluster.region,
    zones,
    tierId: cluster.tierId,
    purpose: purposeOf(row.tierName),
    kubernetesVersion: cluster.kubernetesVersion,
    highAvailability: cluster.highAvailability,
    networking: cluster.networking ?? { cni: 'cilium', podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12', apiAllowList: [] },
    maintenance: cluster.maintenance ?? { day: 'sunday', startHour: 3, autoUpgrade: true },
    hibernation: cluster.hibernation,
    providerRef: cluster.providerRef,
    endpoint: cluster.endpoint,
    pools: pools.map((pool) => {
      const flavor = flavorById.get(pool.flavorId);
      return {
        id: pool.id,
        name: pool.name,
        machine: { flavorId: pool.flavorId, vcpu: flavor?.vcpu ?? 2, memoryGb: flavor?.memoryGb ?? 4, gpuCount: flavor?.gpuCount ?? 0 },
        count: pool.count,
        autoscaling: pool.autoscaling,
        labels: pool.labels,
        taints: pool.taints,
        kubernetesVersion: pool.kubernetesVersion,
      };
    }),
  };
  return { cluster, pools, nodes, spec };
}

function nodeState(node: ClusterNode): NodeState {
  return {
    name: node.name,
    poolId: node.poolId,
    zone: node.zone,
    status: node.status,
    kubeletVersion: node.kubeletVersion,
    cpuMillicores: node.cpuMillicores,
    memoryMib: node.memoryMib,
    cpuUsagePercent: node.cpuUsagePercent,
    memoryUsagePercent: node.memoryUsagePercent,
  };
}

function eventStatement(db: Database, input: { id?: string; clusterId: string; operationId: string | null; type: ClusterEventType; message: string; actorUserId?: string | null; data?: Record<string, unknown> | null; now: number }): Statement {
  return db.insert(clusterEvents).values({
    id: input.id ?? newId('clusterEvent'),
    clusterId: input.clusterId,
    operationId: input.operationId,
    type: input.type,
    message: input.message,
    actorUserId: input.actorUserId ?? null,
    data: input.data ?? null,
    createdAt: input.now,
  });
}

export interface StartOperationInput {
  clusterId: string;
  type: ClusterOperationType;
  params?: OperationParams;
  requestedBy: string | null;
  orderId?: string | null;
  /** Statements that must commit with the operation (a new pool, a new count). */
  with?: Statement[];
  /** The spec the plan is made from, when `with` changes it (a pool added). */
  spec?: ClusterSpec;
  /** Sentence for the activity, e.g. "Alice scaled pool default from 3 to 5 nodes." */
  message: string;
  /** What the change moves, for the audit entry: the values before and after (counts, versions, status). */
  change?: { before: Record<string, unknown>; after: Record<string, unknown> };
}

/** The operation running on a cluster now, if any. */
export async function runningOperation(db: Database, clusterId: string): Promise<ClusterOperation | null> {
  const [row] = await db
    .select()
    .from(clusterOperations)
    .where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.status, 'running')))
    .limit(1);
  return row ?? null;
}

export function busyMessage(operation: Pick<ClusterOperation, 'type'>): string {
  return `The cluster is busy with ${OPERATION_LABELS[operation.type]}; wait until it finishes, then try again.`;
}

/**
 * The statements that record a new operation (and the cluster's status during it). The unique
 * index on running operations refuses the batch if another one runs, so two requests cannot both
 * start one: the caller turns that into a 409 naming the running operation.
 */
export function operationStatements(deps: EngineDeps, state: ClusterState, input: StartOperationInput, now: number): { id: string; statements: Statement[] } {
  const id = newId('clusterOperation');
  const params = input.params ?? {};
  const planned = deps.ports.provisioner.plan(input.spec ?? state.spec, { id, type: input.type, params });
  const steps: OperationStep[] = planned.map((step, index) => ({
    key: step.key,
    label: step.label,
    status: index === 0 ? 'running' : 'pending',
    detail: null,
    estimateMs: step.estimateMs,
    startedAt: index === 0 ? now : null,
    finishedAt: null,
    attempts: 0,
    error: null,
  }));
  const { db } = deps;
  return {
    id,
    statements: [
      db.insert(clusterOperations).values({
        id,
        clusterId: state.cluster.id,
        organizationId: state.cluster.organizationId,
        type: input.type,
        status: 'running',
        params,
        steps,
        currentStep: 0,
        nextRunAt: now,
        requestedBy: input.requestedBy,
        orderId: input.orderId ?? null,
        revision: 1,
        createdAt: now,
        updatedAt: now,
      }),
      ...(input.with ?? []),
      db.update(clusters).set({ status: STATUS_DURING[input.type], updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
      eventStatement(db, { clusterId: state.cluster.id, operationId: id, type: 'operation_started', message: input.message, actorUserId: input.requestedBy, now }),
      // Every operation is in the organisation's audit log, whoever started it (a member, staff or a schedule).
      auditInsert(
        db,
        { actorUserId: input.requestedBy, organizationId: state.cluster.organizationId, action: `cluster.operation.${input.type}`, targetType: 'cluster', targetId: state.cluster.id, ipAddress: deps.request.ipAddress, metadata: { operationId: id, name: state.cluster.name, params, ...input.change } },
        now,
      ),
    ],
  };
}

/** Starts an operation now: records it, tells the members, hands it to the cluster's operator. */
export async function startOperation(deps: EngineDeps, state: ClusterState, input: StartOperationInput): Promise<ClusterOperation> {
  const now = deps.ports.clock.now();
  const { id, statements } = operationStatements(deps, state, input, now);
  try {
    await deps.db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await runningOperation(deps.db, state.cluster.id);
    throw new TRPCError({ code: 'CONFLICT', message: running ? busyMessage(running) : 'Another change to this cluster is being made; try again in a moment.' });
  }
  await handOver(deps, state.cluster.id, id);
  const [row] = await deps.db.select().from(clusterOperations).where(eq(clusterOperations.id, id));
  return row!;
}

/** Gives an operation to the cluster's operator; if that fails, the sweep (sweepStalledOperations) picks it up. */
export async function handOver(deps: EngineDeps, clusterId: string, operationId: string): Promise<void> {
  await publishProgress(deps, clusterId, operationId).catch((error: unknown) => logError('Publishing cluster progress failed', error));
  await deps.ports.operator.start(clusterId, operationId).catch((error: unknown) => logError('Starting the cluster operator failed', error));
}

/** Binds a sealed CA key to its cluster: a key copied to another cluster's row does not open. */
export function caKeyContext(clusterId: string): string {
  return `cluster-ca:${clusterId}`;
}

function retryDelay(attempt: number, estimateScale: number): number {
  const base = RETRY_BACKOFF_MS[Math.min(attempt - 1, RETRY_BACKOFF_MS.length - 1)]!;
  return Math.max(1, Math.round(base * estimateScale));
}

async function runProvisionerStep(deps: EngineDeps, state: ClusterState, operation: ClusterOperation, step: OperationStep, now: number): Promise<StepOutcome> {
  try {
    return await deps.ports.provisioner.runStep({
      cluster: state.spec,
      operation: { id: operation.id, type: operation.type, params: operation.params },
      step,
      nodes: state.nodes.map(nodeState),
      now,
    });
  } catch (error) {
    if (error instanceof ProvisionerError) return { kind: 'failed', reason: error.message, retryable: error.retryable };
    logError('A provisioner step threw', error);
    return { kind: 'failed', reason: 'The provisioning service did not answer as expected.', retryable: true };
  }
}

/** Statements storing what a step changed: endpoint, CA (sealed), nodes. */
async function changeStatements(deps: EngineDeps, state: ClusterState, changes: ClusterChanges | undefined, now: number): Promise<Statement[]> {
  if (!changes) return [];
  const { db } = deps;
  const statements: Statement[] = [];
  const clusterSet: Partial<Cluster> = {};
  if (changes.endpoint !== undefined) clusterSet.endpoint = changes.endpoint;
  if (changes.providerRef !== undefined) clusterSet.providerRef = changes.providerRef;
  if (changes.ca) {
    clusterSet.caCertificate = changes.ca.certificatePem;
    clusterSet.caPrivateKey = await deps.ports.secrets.seal(changes.ca.privateKeyPem, caKeyContext(state.cluster.id));
  }
  if (Object.keys(clusterSet).length > 0) statements.push(db.update(clusters).set({ ...clusterSet, updatedAt: now }).where(eq(clusters.id, state.cluster.id)));
  const existing = new Map(state.nodes.map((node) => [node.name, node]));
  for (const node of changes.upsertNodes ?? []) {
    const known = existing.get(node.name);
    const values = { ...node, updatedAt: now };
    statements.push(
      known
        ? db.update(clusterNodes).set(values).where(eq(clusterNodes.id, known.id))
        : db
            .insert(clusterNodes)
            .values({ id: newId('node'), clusterId: state.cluster.id, ...values, createdAt: now })
            .onConflictDoUpdate({ target: [clusterNodes.clusterId, clusterNodes.name], set: values }),
    );
  }
  const removed = (changes.removeNodes ?? []).filter((name) => existing.has(name));
  if (removed.length > 0) {
    for (let index = 0; index < removed.length; index += 50) {
      statements.push(db.delete(clusterNodes).where(and(eq(clusterNodes.clusterId, state.cluster.id), inArray(clusterNodes.name, removed.slice(index, index + 50)))));
    }
  }
  return statements;
}

/** What finishing a step changes beyond its nodes (versions move as each part is upgraded). */
function stepEffects(db: Database, state: ClusterState, operation: ClusterOperation, step: OperationStep, now: number): Statement[] {
  const to = operation.params.toVersion;
  if (operation.type === 'upgrade' && to) {
    if (step.key === 'control_plane_upgrade') return [db.update(clusters).set({ kubernetesVersion: to, updatedAt: now }).where(eq(clusters.id, state.cluster.id))];
    if (step.key.startsWith('upgrade:')) return [db.update(nodePools).set({ kubernetesVersion: to, updatedAt: now }).where(eq(nodePools.id, step.key.slice('upgrade:'.length)))];
  }
  if (operation.type === 'provision' && step.key === 'addons') {
    return (operation.params.addonIds ?? []).map((addonId) =>
      db
        .insert(clusterAddons)
        .values({ id: newId('clusterAddon'), clusterId: state.cluster.id, addonId, orderId: operation.orderId, installedAt: now })
        .onConflictDoNothing(),
    );
  }
  return [];
}

function successStatements(db: Database, state: ClusterState, operation: ClusterOperation, now: number): Statement[] {
  const clusterId = state.cluster.id;
  const statements: Statement[] = [...middlewareSuccessStatements(db, operation, now)];
  const set: Partial<Cluster> = { status: STATUS_AFTER[operation.type], updatedAt: now };
  if (operation.type === 'delete') set.deletedAt = now;
  if (operation.type === 'remove_pool' && operation.params.poolId) {
    statements.push(db.delete(nodePools).where(eq(nodePools.id, operation.params.poolId)));
  }
  statements.push(db.update(clusters).set(set).where(eq(clusters.id, clusterId)));
  if (operation.type === 'hibernate') statements.push(db.insert(clusterHibernations).values({ id: newId('hibernation'), clusterId, startedAt: now }));
  if (operation.type === 'wake' || operation.type === 'delete') {
    statements.push(db.update(clusterHibernations).set({ endedAt: now }).where(and(eq(clusterHibernations.clusterId, clusterId), isNull(clusterHibernations.endedAt))));
  }
  if (operation.type === 'provision' && operation.orderId) {
    statements.push(
      db.update(orders).set({ status: 'completed', updatedAt: now }).where(eq(orders.id, operation.orderId)),
      db.insert(orderEvents).values({
        id: newId('orderEvent'),
        orderId: operation.orderId,
        type: 'completed',
        message: `Your cluster ${state.cluster.name} is running.`,
        data: { clusterId },
        createdAt: now,
      }),
    );
  }
  return statements;
}

function failureStatements(db: Database, state: ClusterState, operation: ClusterOperation, reason: string, now: number): Statement[] {
  const statements: Statement[] = [
    db.update(clusters).set({ status: STATUS_ON_FAILURE[operation.type], updatedAt: now }).where(eq(clusters.id, state.cluster.id)),
    ...middlewareFailureStatements(db, operation, reason, now),
  ];
  if (operation.type === 'provision' && operation.orderId) {
    statements.push(
      db.update(orders).set({ status: 'failed', failureReason: reason, updatedAt: now }).where(eq(orders.id, operation.orderId)),
      db.insert(orderEvents).values({
        id: newId('orderEvent'),
        orderId: operation.orderId,
        type: 'failed',
        message: `Provisioning of the cluster ${state.cluster.name} failed.`,
        reason,
        data: { clusterId: state.cluster.id },
        createdAt: now,
      }),
    );
  }
  return statements;
}

export interface AdvanceResult {
  /** When to call again; null once the operation has ended. */
  nextRunAt: number | null;
  status: ClusterOperation['status'] | 'missing';
}

/**
 * Runs the operation's current step once and stores the outcome. Idempotent and safe to call early
 * or twice: an operation that is not due yet answers its time, an ended one answers null.
 */
export async function advanceOperation(deps: EngineDeps, operationId: string): Promise<AdvanceResult> {
  const { db } = deps;
  const now = deps.ports.clock.now();
  const [operation] = await db.select().from(clusterOperations).where(eq(clusterOperations.id, operationId));
  if (!operation) return { nextRunAt: null, status: 'missing' };
  if (operation.status !== 'running') return { nextRunAt: null, status: operation.status };
  if (operation.nextRunAt !== null && operation.nextRunAt > now) return { nextRunAt: operation.nextRunAt, status: 'running' };
  const state = await loadClusterState(db, operation.clusterId);
  if (!state) return { nextRunAt: null, status: 'missing' };

  const steps = operation.steps.map((step) => ({ ...step }));
  let index = operation.currentStep;
  const step = steps[index]!;
  const events: Array<{ type: ClusterEventType; message: string; data: Record<string, unknown> | null }> = [];
  const addEvent = (type: ClusterEventType, message: string, data?: Record<string, unknown>) => events.push({ type, message, data: data ?? null });

  if (step.status === 'pending') Object.assign(step, { status: 'running', startedAt: now });
  const outcome = await runProvisionerStep(deps, state, operation, step, now);
  let statements: Statement[] = [];
  let nextRunAt: number | null = now;
  let status: ClusterOperation['status'] = 'running';
  let error: string | null = null;
  let finishedAt: number | null = null;

  if (outcome.kind === 'progress') {
    step.detail = outcome.detail;
    nextRunAt = now + Math.max(1, outcome.retryInMs);
    statements = await changeStatements(deps, state, outcome.changes, now);
  } else if (outcome.kind === 'done') {
    Object.assign(step, { status: 'succeeded', finishedAt: now, detail: outcome.detail ?? step.detail, error: null });
    statements = [...(await changeStatements(deps, state, outcome.changes, now)), ...stepEffects(db, state, operation, step, now)];
    addEvent('step_succeeded', `${step.label}: done.`, { step: step.key });
    index += 1;
    const next = steps[index];
    if (next) {
      Object.assign(next, { status: 'running', startedAt: now });
      addEvent('step_started', `${next.label}…`, { step: next.key });
    } else {
      status = 'succeeded';
      finishedAt = now;
      nextRunAt = null;
      index -= 1;
      statements.push(...successStatements(db, state, operation, now));
      addEvent('operation_succeeded', `${capitalise(OPERATION_LABELS[operation.type])} of ${state.cluster.name} finished.`);
    }
  } else {
    step.attempts += 1;
    if (outcome.retryable && step.attempts < MAX_STEP_ATTEMPTS) {
      const delay = retryDelay(step.attempts, deps.ports.provisioner.timeScale ?? 1);
      Object.assign(step, { detail: `Attempt ${step.attempts} failed: ${outcome.reason} Trying again in ${Math.max(1, Math.round(delay / 1000))} s.`, startedAt: now + delay });
      nextRunAt = now + delay;
      addEvent('step_retrying', `${step.label}: attempt ${step.attempts} failed (${outcome.reason}); trying again.`, { step: step.key, reason: outcome.reason });
    } else {
      Object.assign(step, { status: 'failed', finishedAt: now, error: outcome.reason, detail: outcome.reason });
      status = 'failed';
      error = outcome.reason;
      finishedAt = now;
      nextRunAt = null;
      statements.push(...failureStatements(db, state, operation, outcome.reason, now));
      addEvent('step_failed', `${step.label}: ${outcome.reason}`, { step: step.key, reason: outcome.reason });
      addEvent('operation_failed', `${capitalise(OPERATION_LABELS[operation.type])} of ${state.cluster.name} failed: ${outcome.reason}`);
    }
  }

  const update = db
    .update(clusterOperations)
    .set({ steps, currentStep: index, status, error, finishedAt, nextRunAt, revision: operation.revision + 1, updatedAt: now })
    .where(and(eq(clusterOperations.id, operationId), eq(clusterOperations.revision, operation.revision)));
  // The activity lists events by time, then id: ids rising in the order written keep "step done"
  // before "next step started" and "operation finished" among events of the same millisecond.
  const eventIds = events.map(() => newId('clusterEvent')).sort();
  await db.batch([update, ...statements, ...events.map((event, position) => eventStatement(db, { id: eventIds[position]!, clusterId: state.cluster.id, operationId, ...event, now }))]);

  await publishProgress(deps, state.cluster.id, operationId).catch((cause: unknown) => logError('Publishing cluster progress failed', cause));
  if (status !== 'running') await tellEnded(deps, state, operation, status, error).catch((cause: unknown) => logError('Telling members about a cluster operation failed', cause));
  return { nextRunAt, status };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Members of the organisation, who all see its clusters. */
async function memberIds(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, organizationId), isNull(users.disabledAt)));
  return rows.map((row) => row.id);
}

/** Pushes the operation's state to every member's open consoles (the socket of issue 12). */
export async function publishProgress(deps: EngineDeps, clusterId: string, operationId: string): Promise<ClusterProgress | null> {
  const progress = await clusterProgress(deps, clusterId, operationId);
  if (!progress) return null;
  const members = await memberIds(deps.db, progress.organizationId);
  await Promise.all(
    members.map((userId) =>
      deps.ports.realtime.publish(userId, { type: 'cluster_progress', userId, ...progress.message }).catch((error: unknown) => logError('Publishing cluster progress failed', error)),
    ),
  );
  return progress.message;
}

async function clusterProgress(deps: EngineDeps, clusterId: string, operationId: string) {
  const { db } = deps;
  const [[cluster], [operation], nodes] = await Promise.all([
    db.select({ name: clusters.name, status: clusters.status, organizationId: clusters.organizationId }).from(clusters).where(eq(clusters.id, clusterId)),
    db.select().from(clusterOperations).where(eq(clusterOperations.id, operationId)),
    db.select({ status: clusterNodes.status }).from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)),
  ]);
  if (!cluster || !operation) return null;
  const message: ClusterProgress = {
    clusterId,
    clusterName: cluster.name,
    clusterStatus: cluster.status,
    readyNodes: nodes.filter((node) => node.status === 'ready').length,
    operation: operationView(operation, deps.ports.clock.now()),
  };
  return { organizationId: cluster.organizationId, message };
}

/** Ready, failed, deleted: a notification for each member, and mail for the ones that matter. */
async function tellEnded(deps: EngineDeps, state: ClusterState, operation: ClusterOperation, status: 'succeeded' | 'failed', reason: string | null) {
  // A schedule that works as planned twice a day is not news; only its failures are.
  if (operation.params.scheduled && status === 'succeeded') return;
  const { db } = deps;
  const name = state.cluster.name;
  const url = `${deps.request.appUrl}/clusters/${state.cluster.id}`;
  const recipients = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, state.cluster.organizationId), isNull(users.disabledAt)));
  const label = OPERATION_LABELS[operation.type];
  const middleware = operation.params.middlewareLabel;
  const message = middleware
    ? middlewareEndedMessage(operation, middleware, name, status, reason)
    : status === 'succeeded'
      ? operation.type === 'provision'
        ? `Your cluster ${name} is ready.`
        : operation.type === 'delete'
          ? `The cluster ${name} was deleted; billing for it has stopped.`
          : `${capitalise(label)} of ${name} finished.`
      : `${capitalise(label)} of ${name} failed: ${reason}`;
  await Promise.all(recipients.map((user) => notify(deps, user.id, { type: status === 'succeeded' ? 'success' : 'error', message }).catch((error: unknown) => logError('Notifying failed', error))));
  // Mail for what people wait for: a new cluster (ready or failed) and failures of anything else.
  if (operation.type !== 'provision' && status === 'succeeded' && (operation.type !== 'delete' || middleware)) return;
  for (const user of recipients) {
    mailInBackground(deps.ports, async () => clusterEmails.operationEnded({ to: user.email, name: user.name, clusterName: name, url, type: operation.type, status, reason }));
  }
}

function middlewareEndedMessage(operation: ClusterOperation, label: string, clusterName: string, status: 'succeeded' | 'failed', reason: string | null): string {
  if (status === 'failed') return `${capitalise(OPERATION_LABELS[operation.type])} (${label} in ${clusterName}) failed: ${reason}`;
  switch (operation.type) {
    case 'middleware_create':
      return `${label} is running in ${clusterName}.`;
    case 'middleware_resize':
      return `${label} now runs on the ${operation.params.planName ?? 'new'} plan.`;
    case 'middleware_restore':
      return `${label} was restored from its backup.`;
    default:
      return `${label} was deleted; billing for it has stopped.`;
  }
}

/** Retries a failed operation from the step that failed (the "Retry" of a failed provisioning). */
export async function retryOperation(deps: EngineDeps, operation: ClusterOperation, actorUserId: string): Promise<void> {
  const { db } = deps;
  const now = deps.ports.clock.now();
  const steps = operation.steps.map((step, index) =>
    index === operation.currentStep ? { ...step, status: 'running' as const, attempts: 0, error: null, detail: null, startedAt: now, finishedAt: null } : step,
  );
  try {
    const updates: Statement[] = [
      db
        .update(clusterOperations)
        .set({ status: 'running', steps, error: null, finishedAt: null, nextRunAt: now, revision: operation.revision + 1, updatedAt: now })
        .where(and(eq(clusterOperations.id, operation.id), eq(clusterOperations.status, 'failed'))),
      db.update(clusters).set({ status: STATUS_DURING[operation.type], updatedAt: now }).where(eq(clusters.id, operation.clusterId)),
      eventStatement(db, { clusterId: operation.clusterId, operationId: operation.id, type: 'operation_retried', message: `${capitalise(OPERATION_LABELS[operation.type])} retried from "${operation.steps[operation.currentStep]?.label ?? 'the failed step'}".`, actorUserId, now }),
    ];
    updates.push(
      auditInsert(
        db,
        { actorUserId, organizationId: operation.organizationId, action: 'cluster.operation_retried', targetType: 'cluster', targetId: operation.clusterId, ipAddress: deps.request.ipAddress, metadata: { operationId: operation.id, type: operation.type } },
        now,
      ),
    );
    if (operation.type === 'provision' && operation.orderId) updates.push(db.update(orders).set({ status: 'provisioning', failureReason: null, updatedAt: now }).where(eq(orders.id, operation.orderId)));
    updates.push(...middlewareRetryStatements(db, operation, now));
    await db.batch(updates as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await runningOperation(db, operation.clusterId);
    throw new TRPCError({ code: 'CONFLICT', message: running ? busyMessage(running) : 'Another change to this cluster is being made; try again in a moment.' });
  }
  await handOver(deps, operation.clusterId, operation.id);
}

/** Operations whose operator should have run them by now (a lost hand-over, an evicted object). */
export async function stalledOperations(db: Database, now: number, graceMs = 60_000): Promise<Array<{ id: string; clusterId: string }>> {
  const rows = await db
    .select({ id: clusterOperations.id, clusterId: clusterOperations.clusterId, nextRunAt: clusterOperations.nextRunAt })
    .from(clusterOperations)
    .where(eq(clusterOperations.status, 'running'));
  return rows.filter((row) => row.nextRunAt === null || row.nextRunAt < now - graceMs).map(({ id, clusterId }) => ({ id, clusterId }));
}

/** Runs operations in-process until none is due before `until` (tests, benchmarks, the seed). */
export async function runOperationUntil(deps: EngineDeps, operationId: string, options: { advanceClock?: (to: number) => void; maxSteps?: number } = {}): Promise<AdvanceResult> {
  let result: AdvanceResult = { nextRunAt: deps.ports.clock.now(), status: 'running' };
  for (let count = 0; count < (options.maxSteps ?? 10_000) && result.nextRunAt !== null; count += 1) {
    if (result.nextRunAt > deps.ports.clock.now()) options.advanceClock?.(result.nextRunAt);
    result = await advanceOperation(deps, operationId);
  }
  return result;
}
