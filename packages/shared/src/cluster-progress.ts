import type { ClusterStatus, OperationView } from './realtime';

/**
 * How a `cluster_progress` message changes what a client holds of a cluster: the one reducer of
 * the console's cluster pages, its provisioning page and lists (and of any script following an
 * operation). Each message carries the whole operation (every step), so applying the newest one is
 * enough whatever came before; messages overtaken by a newer revision, or by a later operation,
 * change nothing. Pure, so it is tested without a socket.
 */

type OperationOrder = Pick<OperationView, 'id' | 'revision' | 'createdAt'>;

/** What a message says: the cluster's status and ready nodes, and its operation as stored now. */
export interface ProgressUpdate<Operation extends OperationView = OperationView> {
  clusterStatus: ClusterStatus;
  readyNodes: number;
  operation: Operation;
}

/** An operation as a list row shows it. */
export interface OperationSummary<Type extends string = OperationView['type']> {
  id: string;
  type: Type;
  progressPercent: number;
}

/** The parts of clusters.get that follow the cluster's operations. */
export interface LiveCluster<Operation extends OperationView = OperationView> {
  status: ClusterStatus;
  readyNodes: number;
  operation: OperationSummary | null;
  currentOperation: Operation | null;
  lastOperation: Operation | null;
}

/** True when `candidate` is a later state than `known`: a higher revision of the same operation, or a later operation. */
export function isNewerOperation(candidate: OperationOrder, known: OperationOrder | null): boolean {
  if (!known) return true;
  if (candidate.id === known.id) return candidate.revision > known.revision;
  // Operation ids are random: a later operation is told apart by when it was requested.
  return candidate.createdAt > known.createdAt;
}

/** Whether `candidate` is older than what a screen holds (messages can arrive out of order after a reconnect). */
export function isStale(held: OperationOrder | null, candidate: OperationOrder): boolean {
  return held !== null && isNewerOperation(held, candidate);
}

/** The operation a screen follows: the one running now, else the latest one (ended). */
export function followedOperation<Operation extends OperationView>(cluster: Pick<LiveCluster<Operation>, 'currentOperation' | 'lastOperation'>): Operation | null {
  return cluster.currentOperation ?? cluster.lastOperation;
}

const summaryOf = (operation: OperationView): OperationSummary => ({ id: operation.id, type: operation.type, progressPercent: operation.progressPercent });

/**
 * The cluster with the operation written in (a message, or what a mutation answered), or the very
 * same object when it is not newer than what the cluster holds (so a caller can tell nothing
 * changed and leave the cache alone).
 */
export function applyOperation<T extends LiveCluster<Operation>, Operation extends OperationView>(cluster: T, operation: Operation, state?: { clusterStatus: ClusterStatus; readyNodes: number }): T {
  if (!isNewerOperation(operation, cluster.lastOperation)) return cluster;
  const running = operation.status === 'running';
  return {
    ...cluster,
    ...(state ? { status: state.clusterStatus, readyNodes: state.readyNodes } : {}),
    operation: running ? summaryOf(operation) : null,
    currentOperation: running ? operation : null,
    lastOperation: operation,
  };
}

/** A progress message applied to the cluster; the same object when the message is not newer. */
export function applyClusterProgress<T extends LiveCluster<Operation>, Operation extends OperationView>(cluster: T, update: ProgressUpdate<Operation>): T {
  return applyOperation(cluster, update.operation, update);
}

/**
 * True when the change from `before` to `after` ended an operation the screen had seen running, or
 * brought an operation that had already ended: what the steps do not carry (nodes, endpoint, pools,
 * price, the order's status) is then read once more.
 */
export function operationEnded(before: Pick<LiveCluster, 'lastOperation'>, after: Pick<LiveCluster, 'lastOperation'>): boolean {
  const next = after.lastOperation;
  if (!next || next.status === 'running' || before.lastOperation === next) return false;
  const previous = before.lastOperation;
  return previous?.id !== next.id || previous.status !== next.status;
}

/**
 * True when the change brought another operation than the one held: a scale, an upgrade or a new
 * pool changes what the steps do not carry (the pools' counts, the nodes wanted), read once more.
 */
export function operationBegan(before: Pick<LiveCluster, 'lastOperation'>, after: Pick<LiveCluster, 'lastOperation'>): boolean {
  return after.lastOperation !== null && before.lastOperation !== null && after.lastOperation.id !== before.lastOperation.id;
}

/**
 * A cluster page (clusters.get) with a message applied, and whether it must be read again: the
 * operation ended, or nodes joined or left (the message counts them but does not list them).
 */
export function applyProgressToCluster<T extends LiveCluster<Operation> & { id: string }, Operation extends OperationView>(cluster: T, update: ProgressUpdate<Operation> & { clusterId: string }): { cluster: T; refetch: boolean } {
  if (update.clusterId !== cluster.id) return { cluster, refetch: false };
  const next = applyClusterProgress(cluster, update);
  if (next === cluster) return { cluster, refetch: false };
  return { cluster: next, refetch: operationEnded(cluster, next) || update.readyNodes !== cluster.readyNodes };
}

type ListedCluster = Pick<LiveCluster, 'status' | 'readyNodes' | 'operation'> & { id: string };

/**
 * A page of clusters (clusters.list) with a message applied to its cluster. `ended`: the operation of
 * a listed cluster ended (its nodes, prices and version may have changed). `stale`, for a page
 * listing one status only: a cluster left that status, or one the page does not hold entered it.
 * The page is the same object when the message changes nothing on it.
 */
export function applyProgressToPage<Page extends { items: ListedCluster[] }>(
  page: Page,
  update: ProgressUpdate & { clusterId: string },
  listedStatus?: ClusterStatus,
): { page: Page; ended: boolean; stale: boolean } {
  const index = page.items.findIndex((item) => item.id === update.clusterId);
  if (index === -1) return { page, ended: false, stale: update.clusterStatus === listedStatus };
  const item = page.items[index]!;
  const incoming = update.operation;
  const running = incoming.status === 'running';
  // List items carry no revision: within one running operation, progress only grows, so less is an older message.
  if (running && item.operation?.id === incoming.id) {
    const known = item.operation.progressPercent;
    const same = incoming.progressPercent === known && item.status === update.clusterStatus && item.readyNodes === update.readyNodes;
    if (incoming.progressPercent < known || same) return { page, ended: false, stale: false };
  }
  const items = page.items.slice();
  items[index] = { ...item, status: update.clusterStatus, readyNodes: update.readyNodes, operation: running ? summaryOf(incoming) : null };
  return { page: { ...page, items }, ended: !running, stale: listedStatus !== undefined && update.clusterStatus !== listedStatus };
}

/** The step running now (or the one that failed), for "Step 3 of 9: Starting etcd". */
export function currentStepOf<Step extends { status: string }>(operation: { steps: Step[]; currentStep: number }) {
  const step = operation.steps[operation.currentStep] ?? operation.steps.find((candidate) => candidate.status === 'running' || candidate.status === 'failed');
  return step ? { step, number: operation.steps.indexOf(step) + 1, of: operation.steps.length } : null;
}

/** The step that failed and why, for the failure's explanation. */
export function failedStepOf<Step extends { status: string }>(operation: { steps: Step[] }): Step | null {
  return operation.steps.find((step) => step.status === 'failed') ?? null;
}
