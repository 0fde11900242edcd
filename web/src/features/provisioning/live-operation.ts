import type { ClusterStatus, Operation } from './provisioning-types';

/**
 * How a cluster_progress message changes what the screen holds of a cluster. Each message carries
 * the whole operation (every step), so applying the newest one is enough whatever came before;
 * messages overtaken by a newer revision, or by a later operation, change nothing.
 */

/** What a message says: the cluster's status and ready nodes, and its operation as stored now. */
export interface ProgressUpdate {
  clusterStatus: ClusterStatus;
  readyNodes: number;
  operation: Operation;
}

/** The parts of clusters.get (or a list item) that follow the cluster's operations. */
export interface LiveCluster {
  status: ClusterStatus;
  readyNodes: number;
  operation: { id: string; type: Operation['type']; progressPercent: number } | null;
  currentOperation: Operation | null;
  lastOperation: Operation | null;
}

/** True when `candidate` is a later state than `known`: a higher revision of the same operation, or a later operation. */
export function isNewerOperation(candidate: Pick<Operation, 'id' | 'revision' | 'createdAt'>, known: Pick<Operation, 'id' | 'revision' | 'createdAt'> | null): boolean {
  if (!known) return true;
  if (candidate.id === known.id) return candidate.revision > known.revision;
  // Operation ids are random: a later operation is told apart by when it was requested.
  return candidate.createdAt > known.createdAt;
}

/** The operation a screen follows: the one running now, else the latest one (ended). */
export function followedOperation(cluster: Pick<LiveCluster, 'currentOperation' | 'lastOperation'>): Operation | null {
  return cluster.currentOperation ?? cluster.lastOperation;
}

/**
 * The cluster with the message applied, or the very same object when the message is not newer than
 * what it holds (so a caller can tell nothing changed and leave the cache alone).
 */
export function applyClusterProgress<T extends LiveCluster>(cluster: T, update: ProgressUpdate): T {
  const incoming = update.operation;
  if (!isNewerOperation(incoming, cluster.lastOperation)) return cluster;
  const running = incoming.status === 'running';
  return {
    ...cluster,
    status: update.clusterStatus,
    readyNodes: update.readyNodes,
    operation: running ? { id: incoming.id, type: incoming.type, progressPercent: incoming.progressPercent } : null,
    currentOperation: running ? incoming : null,
    lastOperation: incoming,
  };
}

/**
 * True when the change from `before` to `after` ended an operation the screen had seen running, or
 * brought an operation that had already ended: what the steps do not carry (nodes, endpoint, the
 * order's status) is then read once more.
 */
export function operationEnded(before: Pick<LiveCluster, 'lastOperation'>, after: Pick<LiveCluster, 'lastOperation'>): boolean {
  const next = after.lastOperation;
  if (!next || next.status === 'running' || before.lastOperation === next) return false;
  const previous = before.lastOperation;
  return previous?.id !== next.id || previous.status === 'running';
}

/**
 * True when the change brought another operation than the one held: a scale, an upgrade or a new
 * pool changes what the steps do not carry (the pools' counts, the nodes wanted), read once more.
 */
export function operationBegan(before: Pick<LiveCluster, 'lastOperation'>, after: Pick<LiveCluster, 'lastOperation'>): boolean {
  return after.lastOperation !== null && before.lastOperation !== null && after.lastOperation.id !== before.lastOperation.id;
}

/** The parts of a clusters.list page that follow the clusters' operations. */
export interface LivePage<Item extends Pick<LiveCluster, 'status' | 'readyNodes' | 'operation'> & { id: string }> {
  items: Item[];
}

/**
 * A page of clusters (the ones provisioning) with a message applied to its cluster, and whether the
 * page must be read again: a cluster left the status the page lists, or one it does not hold entered it.
 */
export function applyProgressToPage<Item extends Pick<LiveCluster, 'status' | 'readyNodes' | 'operation'> & { id: string }, Page extends LivePage<Item>>(
  page: Page,
  update: ProgressUpdate & { clusterId: string },
  listedStatus: ClusterStatus,
): { page: Page; stale: boolean } {
  const index = page.items.findIndex((item) => item.id === update.clusterId);
  if (index === -1) return { page, stale: update.clusterStatus === listedStatus };
  const item = page.items[index]!;
  const incoming = update.operation;
  const running = incoming.status === 'running';
  // List items carry no revision: within one running operation, progress only grows, so less is an older message.
  if (running && item.operation?.id === incoming.id) {
    const known = item.operation.progressPercent;
    const same = incoming.progressPercent === known && item.status === update.clusterStatus && item.readyNodes === update.readyNodes;
    if (incoming.progressPercent < known || same) return { page, stale: false };
  }
  const next: Item = {
    ...item,
    status: update.clusterStatus,
    readyNodes: update.readyNodes,
    operation: running ? { id: incoming.id, type: incoming.type, progressPercent: incoming.progressPercent } : null,
  };
  const items = page.items.slice();
  items[index] = next;
  return { page: { ...page, items }, stale: update.clusterStatus !== listedStatus };
}
