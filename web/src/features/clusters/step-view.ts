import { describeDuration } from './operation-timing';
import { OPERATION_LABELS } from './cluster-types';
import type { ClusterOperation as Operation, OperationStep } from './cluster-types';

/** How a step's state reads: a word next to its icon, never the colour alone. */
export type StepState = 'waiting' | 'running' | 'retrying' | 'done' | 'failed';

export const STEP_STATE_LABELS: Record<StepState, string> = {
  waiting: 'Waiting',
  running: 'In progress',
  retrying: 'Retrying',
  done: 'Done',
  failed: 'Failed',
};

export function stepState(step: Pick<OperationStep, 'status' | 'attempts'>): StepState {
  switch (step.status) {
    case 'pending':
      return 'waiting';
    case 'running':
      return step.attempts > 0 ? 'retrying' : 'running';
    case 'succeeded':
      return 'done';
    case 'failed':
      return 'failed';
  }
}

const STATE_WORDS = new Set(Object.values(STEP_STATE_LABELS).map((label) => label.toLowerCase()));

/**
 * What the provisioner says the step is doing or did ("2 of 3 nodes joined", the endpoint), or null
 * when it says no more than the state next to it ("In progress", kept from its last check once done).
 */
export function stepDetail(step: Pick<OperationStep, 'detail'>): string | null {
  const detail = step.detail?.trim();
  if (!detail || STATE_WORDS.has(detail.replace(/[.…]+$/, '').toLowerCase())) return null;
  return detail;
}

function took(step: Pick<OperationStep, 'startedAt' | 'finishedAt'>): string | null {
  if (step.startedAt === null || step.finishedAt === null) return null;
  const ms = step.finishedAt - step.startedAt;
  return ms < 1000 ? 'Took less than a second' : `Took ${describeDuration(ms)}`;
}

/** The line under a step: what it is doing or did, how long it took, or why it failed. */
export function stepNote(step: OperationStep): string | null {
  switch (step.status) {
    case 'pending':
      return null;
    case 'running':
      return stepDetail(step);
    case 'succeeded':
      return [stepDetail(step), took(step)].filter((part): part is string => part !== null).join('. ') || null;
    case 'failed':
      return step.error ?? stepDetail(step);
  }
}

/** An operation's title above its steps: its label, the cluster named where the label alone is ambiguous. */
export const OPERATION_TITLES: Record<Operation['type'], string> = { ...OPERATION_LABELS, delete: 'Deleting the cluster' };

export interface OperationFailure {
  /** The step that failed, as the list names it. */
  step: string | null;
  /** Why, in the provisioner's plain words. */
  reason: string;
  /** "It was tried 3 times." when the step was retried before giving up. */
  attempts: string | null;
}

/** Why a failed operation stopped; null while it runs or once it succeeded. */
export function operationFailure(operation: Pick<Operation, 'status' | 'error' | 'steps'>): OperationFailure | null {
  if (operation.status !== 'failed') return null;
  const failed = operation.steps.find((step) => step.status === 'failed');
  const reason = failed?.error ?? operation.error ?? 'The operation stopped without giving a reason.';
  const tries = failed?.attempts ?? 0;
  return { step: failed?.label ?? null, reason, attempts: tries > 1 ? `It was tried ${tries} times before giving up.` : null };
}

