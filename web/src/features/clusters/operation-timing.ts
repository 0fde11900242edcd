import type { ClusterOperation as Operation, OperationStep } from './cluster-types';

export type TimedOperation = Pick<Operation, 'status' | 'steps' | 'createdAt' | 'finishedAt' | 'progressPercent' | 'remainingMs'>;

export interface OperationTiming {
  /** Since the operation was requested, up to now or until it ended. */
  elapsedMs: number;
  /** Expected time left; 0 once it has ended. */
  remainingMs: number;
  /** 0–100, weighted by the steps' estimates (100 only once it succeeded). */
  percent: number;
}

/**
 * Where an operation stands at `now`, between two messages: the running step advances with the
 * clock up to its estimate, as the server computes it (packages/api clusters/progress.ts). The
 * server's own figures, computed when the operation last changed, bound the result so the bar never
 * moves back and the time left never grows because of a browser clock behind the server's.
 */
export function operationTiming(operation: TimedOperation, now: number): OperationTiming {
  const end = operation.finishedAt ?? now;
  const elapsedMs = Math.max(0, end - operation.createdAt);
  if (operation.status === 'succeeded') return { elapsedMs, remainingMs: 0, percent: 100 };

  const total = operation.steps.reduce((sum, step) => sum + step.estimateMs, 0);
  let done = 0;
  let remaining = 0;
  for (const step of operation.steps) {
    if (step.status === 'succeeded') done += step.estimateMs;
    else if (step.status === 'running' && step.startedAt !== null) {
      // A step waiting to be retried starts in the future: nothing of it is done yet.
      const spent = Math.min(step.estimateMs, Math.max(0, now - step.startedAt));
      done += spent;
      remaining += step.estimateMs - spent;
    } else if (step.status !== 'failed') remaining += step.estimateMs;
  }
  const local = total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
  if (operation.status === 'failed') return { elapsedMs, remainingMs: 0, percent: Math.min(local, operation.progressPercent) };
  return { elapsedMs, remainingMs: Math.min(remaining, operation.remainingMs), percent: Math.max(local, Math.min(99, operation.progressPercent)) };
}

/** The step the operation is on: running, or the one that failed; null before it starts and once it succeeded. */
export function activeStep(operation: Pick<Operation, 'status' | 'steps' | 'currentStep'>): OperationStep | null {
  if (operation.status === 'succeeded') return null;
  return operation.steps.find((step) => step.status === 'running' || step.status === 'failed') ?? null;
}

const LOCALE = 'en-GB';
const unitFormatters = new Map<string, Intl.NumberFormat>();

function unit(value: number, name: 'hour' | 'minute' | 'second'): string {
  let format = unitFormatters.get(name);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { style: 'unit', unit: name, unitDisplay: 'long' });
    unitFormatters.set(name, format);
  }
  return format.format(value);
}

const unitList = new Intl.ListFormat(LOCALE, { style: 'long', type: 'unit' });

function parts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** A clock reading for elapsed time: "0:07", "2:05", "1:02:09". */
export function formatClock(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** The same duration in words, for screen readers and titles: "2 minutes, 5 seconds". */
export function describeDuration(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  const words = [hours > 0 ? unit(hours, 'hour') : null, minutes > 0 ? unit(minutes, 'minute') : null, seconds > 0 || (hours === 0 && minutes === 0) ? unit(seconds, 'second') : null];
  return unitList.format(words.filter((word): word is string => word !== null));
}

/** ISO 8601 duration for <time dateTime>: "PT2M5S". */
export function isoDuration(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${seconds}S`;
}

/**
 * The estimate of time left as a person would say it: seconds rounded up to the next five under a
 * minute, whole minutes (rounded up) beyond.
 */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'Finishing';
  const seconds = Math.max(5, Math.ceil(ms / 5000) * 5);
  if (seconds < 60) return `About ${unit(seconds, 'second')} left`;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 90) return `About ${unit(minutes, 'minute')} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${unitList.format([unit(hours, 'hour'), ...(rest > 0 ? [unit(rest, 'minute')] : [])])} left`;
}
