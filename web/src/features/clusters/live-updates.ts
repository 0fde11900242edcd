import type { ClusterProgressMessage } from '../notifications';
import type { ClusterDetail, ClusterOperation, ClusterPage } from './cluster-types';

/**
 * How a cluster_progress message changes what the screens hold (pure, so that it is tested
 * without a socket): the list's row and the detail's operation are updated in place; what the
 * message does not carry (nodes, pools, prices) is read again only when it may have changed.
 */

type Progress = Pick<ClusterProgressMessage, 'clusterId' | 'clusterStatus' | 'readyNodes' | 'operation'>;

const summaryOf = (operation: ClusterOperation) => ({ id: operation.id, type: operation.type, progressPercent: operation.progressPercent });

export interface PageUpdate {
  page: ClusterPage;
  /** The operation of a row on this page ended: its nodes, prices and version may have changed. */
  ended: boolean;
}

/** The page with the message's cluster updated; the same page when the cluster is not on it. */
export function applyProgressToPage(page: ClusterPage, message: Progress): PageUpdate {
  const index = page.items.findIndex((item) => item.id === message.clusterId);
  if (index === -1) return { page, ended: false };
  const item = page.items[index]!;
  const running = message.operation.status === 'running';
  const next = {
    ...item,
    status: message.clusterStatus,
    readyNodes: message.readyNodes,
    operation: running ? summaryOf(message.operation) : null,
  };
  const items = [...page.items];
  items[index] = next;
  return { page: { ...page, items }, ended: !running };
}

/** Whether `candidate` is older than what the screen holds (messages can arrive out of order after a reconnect). */
export function isStale(held: Pick<ClusterOperation, 'id' | 'revision' | 'createdAt'> | null, candidate: Pick<ClusterOperation, 'id' | 'revision' | 'createdAt'>): boolean {
  if (!held) return false;
  if (held.id === candidate.id) return candidate.revision < held.revision;
  return candidate.createdAt < held.createdAt;
}

export interface DetailUpdate {
  detail: ClusterDetail;
  /**
   * clusters.get should be read again once: the operation ended (pools, nodes, version and price
   * may have changed) or nodes joined or left (the message counts them but does not list them).
   */
  refetch: boolean;
}

export function applyProgressToDetail(detail: ClusterDetail, message: Progress): DetailUpdate {
  if (message.clusterId !== detail.id) return { detail, refetch: false };
  const operation = message.operation as ClusterOperation;
  if (isStale(detail.lastOperation, operation)) return { detail, refetch: false };
  const running = operation.status === 'running';
  const held = detail.lastOperation;
  const endSeen = held !== null && held.id === operation.id && held.status === operation.status;
  const next: ClusterDetail = {
    ...detail,
    status: message.clusterStatus,
    readyNodes: message.readyNodes,
    operation: running ? summaryOf(operation) : null,
    currentOperation: running ? operation : null,
    lastOperation: operation,
  };
  return { detail: next, refetch: (!running && !endSeen) || message.readyNodes !== detail.readyNodes };
}

/** The step running now (or the one that failed), for "Step 3 of 9: Starting etcd". */
export function currentStepOf(operation: Pick<ClusterOperation, 'steps' | 'currentStep'>) {
  const step = operation.steps[operation.currentStep] ?? operation.steps.find((candidate) => candidate.status === 'running' || candidate.status === 'failed');
  return step ? { step, number: operation.steps.indexOf(step) + 1, of: operation.steps.length } : null;
}

/** The step that failed and why, for the failure's explanation. */
export function failedStepOf(operation: Pick<ClusterOperation, 'steps'>) {
  return operation.steps.find((step) => step.status === 'failed') ?? null;
}
