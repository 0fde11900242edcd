import type { KubeMarketClient } from './client.ts';
import { KubeMarketApiError, KubeMarketNetworkError, KubeMarketStateError, KubeMarketTimeoutError } from './errors.ts';
import type { paths } from './generated/api.ts';

export type Cluster = paths['/api/clusters/{id}']['get']['responses'][200]['content']['application/json'];
export type ClusterStatus = Cluster['status'];
export type Order = paths['/api/orders/{id}']['get']['responses'][200]['content']['application/json'];

export interface BackoffOptions {
  /** The first pause between two polls: 500 ms. */
  initialDelayMs?: number;
  /** Each pause is the last one times this: 1.5. */
  factor?: number;
  /** Pauses grow up to this: 5 s. */
  maxDelayMs?: number;
}

export interface WaitOptions<Progress> extends BackoffOptions {
  /** Gives up with a KubeMarketTimeoutError after this long: 15 minutes unless said. */
  timeoutMs?: number;
  /** Called after every poll with what the record looks like now. */
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** The clock and the pause, for tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The pauses between polls: initialDelayMs, then times factor each time, never above maxDelayMs. */
export function* backoffDelays({ initialDelayMs = 500, factor = 1.5, maxDelayMs = 5_000 }: BackoffOptions = {}): Generator<number, never, undefined> {
  let delay = Math.max(0, initialDelayMs);
  for (;;) {
    yield Math.min(delay, maxDelayMs);
    delay = Math.min(delay * Math.max(1, factor), maxDelayMs);
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });

/** A poll that failed for a reason that may pass (the network, a 5xx, a 429): the wait goes on. */
const transient = (error: unknown) => error instanceof KubeMarketNetworkError || (error instanceof KubeMarketApiError && (error.isServerError || error.status === 429));

/**
 * Polls `read` with exponential back-off until `done` says the record is there (answers it),
 * `failed` says it never will be (throws KubeMarketStateError), or the deadline passes.
 */
async function poll<Record, Progress>(
  what: string,
  read: () => Promise<Record>,
  judge: (record: Record) => { done: boolean; failed: string | null; progress: Progress },
  options: WaitOptions<Progress>,
): Promise<Record> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? pause;
  const deadline = now() + (options.timeoutMs ?? 15 * 60_000);
  const delays = backoffDelays(options);
  for (;;) {
    /** Why this poll failed, when it did for a reason that may pass. */
    let lastError: unknown = null;
    try {
      const record = await read();
      const { done, failed, progress } = judge(record);
      options.onProgress?.(progress);
      if (done) return record;
      if (failed !== null) throw new KubeMarketStateError(failed);
    } catch (error) {
      if (!transient(error)) throw error;
      lastError = error;
    }
    const left = deadline - now();
    if (left <= 0) {
      const reason = lastError instanceof Error ? ` (last poll: ${lastError.message})` : '';
      throw new KubeMarketTimeoutError(`Gave up waiting for ${what} after ${Math.round((options.timeoutMs ?? 15 * 60_000) / 1000)} s${reason}`);
    }
    await sleep(Math.min(delays.next().value, left), options.signal);
  }
}

/** What a cluster is doing, after each poll. */
export interface ClusterProgress {
  status: ClusterStatus;
  /** The operation running now (or the last one), with its current step. */
  operation: {
    type: string;
    status: 'running' | 'succeeded' | 'failed';
    progressPercent: number;
    step: { key: string; label: string; index: number; count: number } | null;
    remainingMs: number;
    error: string | null;
  } | null;
}

function clusterProgress(cluster: Cluster): ClusterProgress {
  const operation = cluster.currentOperation ?? cluster.lastOperation;
  const step = operation ? operation.steps[Math.min(operation.currentStep, operation.steps.length - 1)] : undefined;
  return {
    status: cluster.status,
    operation: operation
      ? {
          type: operation.type,
          status: operation.status,
          progressPercent: operation.progressPercent,
          step: step ? { key: step.key, label: step.label, index: Math.min(operation.currentStep, operation.steps.length - 1), count: operation.steps.length } : null,
          remainingMs: operation.remainingMs,
          error: operation.error,
        }
      : null,
  };
}

/**
 * Waits until the cluster's status is `status` (running unless said), polling GET /api/clusters/{id}
 * with exponential back-off and reporting each answer's operation (step and percent) to onProgress.
 * Throws KubeMarketStateError when the cluster fails (or is deleted) instead, KubeMarketTimeoutError
 * at the deadline, and KubeMarketApiError for a 4xx (a cluster that does not exist).
 */
export function waitForCluster(client: KubeMarketClient, id: string, options: WaitOptions<ClusterProgress> & { status?: ClusterStatus } = {}): Promise<Cluster> {
  const target = options.status ?? 'running';
  return poll(
    `cluster ${id} to be ${target}`,
    () => client.GET('/api/clusters/{id}', { params: { path: { id } } }),
    (cluster) => {
      const progress = clusterProgress(cluster);
      const ended = cluster.status === 'failed' || cluster.status === 'deleted';
      const failed = ended && cluster.status !== target ? `Cluster ${cluster.name} (${id}) is ${cluster.status}${progress.operation?.error ? `: ${progress.operation.error}` : ''}` : null;
      return { done: cluster.status === target, failed, progress };
    },
    options,
  );
}

export interface OrderProgress {
  status: Order['status'];
}

const PAID: ReadonlySet<Order['status']> = new Set(['paid', 'provisioning', 'completed']);

/**
 * Waits until the order is paid (paid, provisioning or completed), polling GET /api/orders/{id} with
 * exponential back-off: for payments that settle later (a bank confirmation, Stripe's webhook).
 * Throws KubeMarketStateError when the order is cancelled or failed.
 */
export function waitForOrderPaid(client: KubeMarketClient, id: string, options: WaitOptions<OrderProgress> = {}): Promise<Order> {
  return poll(
    `order ${id} to be paid`,
    () => client.GET('/api/orders/{id}', { params: { path: { id } } }),
    (order) => ({
      done: PAID.has(order.status),
      failed: order.status === 'cancelled' || order.status === 'failed' ? `Order ${id} is ${order.status}${order.failureReason ? `: ${order.failureReason}` : ''}` : null,
      progress: { status: order.status },
    }),
    options,
  );
}
