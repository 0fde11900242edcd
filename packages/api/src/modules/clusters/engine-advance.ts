import {
  clusterAddons,
  clusterHibernations,
  clusterNodes,
  clusterOperations,
  clusters,
  newId,
  nodePools,
  orderEvents,
  orders,
  type Cluster,
  type ClusterEventType,
  type ClusterOperation,
  type Database,
  type OperationStep,
} from '@kubemarket/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { logError } from '../../platform/log';
import { ProvisionerError, type ClusterChanges, type StepOutcome } from '../../platform/provisioner';
import { middlewareFailureStatements, middlewareSuccessStatements } from './middleware-operations';
import { capitalise, endedWebhookStatements, publishProgress, tellEnded } from './engine-progress';
import { caKeyContext } from './engine-start';
import { MAX_STEP_ATTEMPTS, OPERATION_LABELS, RETRY_BACKOFF_MS, STATUS_AFTER, STATUS_ON_FAILURE, eventStatement, loadClusterState, nodeState, type ClusterState, type EngineDeps, type Statement } from './engine-state';

// Advancing

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
  if (status !== 'running') statements.push(...endedWebhookStatements(deps, state, operation, status, error));
  await db.batch([update, ...statements, ...events.map((event, position) => eventStatement(db, { id: eventIds[position]!, clusterId: state.cluster.id, operationId, ...event, now }))]);

  await publishProgress(deps, state.cluster.id, operationId).catch((cause: unknown) => logError('Publishing cluster progress failed', cause));
  if (status !== 'running') await tellEnded(deps, state, operation, status, error).catch((cause: unknown) => logError('Telling members about a cluster operation failed', cause));
  return { nextRunAt, status };
}

// Sweeping

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
