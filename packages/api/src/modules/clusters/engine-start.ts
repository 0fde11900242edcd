import {
  clusterOperations,
  clusters,
  newId,
  orders,
  type ClusterOperation,
  type OperationStep,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { middlewareRetryStatements } from './middleware-operations';
import { quoteStatement } from './quotes';
import { capitalise, publishProgress } from './engine-progress';
import { OPERATION_LABELS, STATUS_DURING, busyMessage, eventStatement, runningOperation, type ClusterState, type EngineDeps, type StartOperationInput, type Statement } from './engine-state';

// Starting

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
      ...(input.requote
        ? [quoteStatement(db, { clusterId: state.cluster.id, organizationId: state.cluster.organizationId, ...input.requote, operationId: id, at: now })]
        : []),
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

// Retrying

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
