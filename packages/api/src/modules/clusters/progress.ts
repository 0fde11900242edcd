import type { ClusterOperation, OperationStep } from '@kubemarket/db';
import { pick } from '@kubemarket/shared';
import type { ClusterProgress, OperationView } from '../../platform/realtime-messages';

export type { ClusterProgress, OperationView };


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
    ...pick(row, ['id', 'clusterId', 'type', 'status', 'steps', 'currentStep', 'error', 'orderId', 'requestedBy', 'revision']),
    progressPercent: row.status === 'succeeded' ? 100 : percent,
    remainingMs: row.status === 'running' ? remainingMs : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}
