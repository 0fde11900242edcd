import type { ClusterOperation, ClusterOperationStatus, ClusterOperationType, ClusterStatus, OperationStep } from '@kubemarket/db';

/** An operation as screens and scripts see it; also the body of a `cluster_progress` socket message. */
export interface OperationView {
  id: string;
  clusterId: string;
  type: ClusterOperationType;
  status: ClusterOperationStatus;
  steps: OperationStep[];
  currentStep: number;
  error: string | null;
  orderId: string | null;
  requestedBy: string | null;
  /** Bumped on every change: a client keeps the highest it has seen. */
  revision: number;
  /** 0–100, weighted by the steps' estimates. */
  progressPercent: number;
  /** Expected time left, ms (0 once finished). */
  remainingMs: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

/** What the socket carries for each change of a cluster operation. */
export interface ClusterProgress {
  clusterId: string;
  clusterName: string;
  clusterStatus: ClusterStatus;
  /** Nodes ready / wanted, for lists and the topology. */
  readyNodes: number;
  operation: OperationView;
}

/** How far an operation is, from its steps' estimates and the running step's elapsed time. */
export function progressOf(steps: readonly OperationStep[], now: number): { percent: number; remainingMs: number } {
  const total = steps.reduce((sum, step) => sum + step.estimateMs, 0);
  if (total === 0) return { percent: 100, remainingMs: 0 };
  let done = 0;
  let remaining = 0;
  for (const step of steps) {
    if (step.status === 'succeeded') done += step.estimateMs;
    else if (step.status === 'running' && step.startedAt !== null) {
      const elapsed = Math.min(step.estimateMs, Math.max(0, now - step.startedAt));
      done += elapsed;
      remaining += step.estimateMs - elapsed;
    } else if (step.status === 'pending') remaining += step.estimateMs;
  }
  const finished = steps.every((step) => step.status === 'succeeded');
  return { percent: finished ? 100 : Math.min(99, Math.floor((done / total) * 100)), remainingMs: finished ? 0 : remaining };
}

export function operationView(row: ClusterOperation, now: number): OperationView {
  const { percent, remainingMs } = progressOf(row.steps, row.finishedAt ?? now);
  return {
    id: row.id,
    clusterId: row.clusterId,
    type: row.type,
    status: row.status,
    steps: row.steps,
    currentStep: row.currentStep,
    error: row.error,
    orderId: row.orderId,
    requestedBy: row.requestedBy,
    revision: row.revision,
    progressPercent: row.status === 'succeeded' ? 100 : percent,
    remainingMs: row.status === 'running' ? remainingMs : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}
