import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type ClusterOutputs = inferRouterOutputs<AppRouter>['clusters'];
type ClusterInputs = inferRouterInputs<AppRouter>['clusters'];

/** A cluster as the list shows it (GET /api/clusters). */
export type ClusterSummary = ClusterOutputs['list']['items'][number];
export type ClusterPage = ClusterOutputs['list'];
/** One cluster with its pools, nodes, add-ons, costs and operations (GET /api/clusters/{id}). */
export type ClusterDetail = ClusterOutputs['get'];
export type ClusterStatus = ClusterSummary['status'];
export type ClusterOperation = ClusterOutputs['operation'];
export type OperationType = ClusterOperation['type'];
export type OperationStep = ClusterOperation['steps'][number];
export type NodePool = ClusterDetail['nodePools'][number];
export type ClusterNode = ClusterDetail['nodes'][number];
export type NodeStatus = ClusterNode['status'];
export type ClusterEvent = ClusterOutputs['events']['items'][number];
export type Weekday = ClusterDetail['maintenance']['day'];
export type ListClustersInput = Exclude<ClusterInputs['list'], void | undefined>;
export type ClusterSort = NonNullable<ListClustersInput['sort']>;
export type NewNodePool = ClusterInputs['addNodePool']['pool'];
export type Taint = NodePool['taints'][number];

export const CLUSTER_STATUS_LABELS: Record<ClusterStatus, string> = {
  provisioning: 'Provisioning',
  running: 'Running',
  updating: 'Updating',
  upgrading: 'Upgrading',
  hibernating: 'Hibernating',
  hibernated: 'Hibernated',
  waking: 'Waking up',
  deleting: 'Deleting',
  deleted: 'Deleted',
  failed: 'Failed',
};

export const CLUSTER_STATUSES = Object.keys(CLUSTER_STATUS_LABELS) as ClusterStatus[];

/**
 * Filled badge colours the orders' badges use (their contrast with the automatic text colour was
 * measured for WCAG AA in both themes); the label always says the status, the colour only helps.
 */
export const CLUSTER_STATUS_COLORS: Record<ClusterStatus, string> = {
  provisioning: 'blue.8',
  running: 'teal.9',
  updating: 'blue.8',
  upgrading: 'blue.8',
  hibernating: 'gray.7',
  hibernated: 'gray.7',
  waking: 'blue.8',
  deleting: 'yellow.4',
  deleted: 'gray.7',
  failed: 'red.9',
};

export const OPERATION_LABELS: Record<OperationType, string> = {
  provision: 'Provisioning',
  scale_pool: 'Scaling a node pool',
  add_pool: 'Adding a node pool',
  remove_pool: 'Removing a node pool',
  upgrade: 'Upgrading Kubernetes',
  hibernate: 'Hibernating',
  wake: 'Waking up',
  delete: 'Deleting',
  install_addons: 'Installing add-ons',
  middleware_create: 'Creating a middleware',
  middleware_resize: 'Resizing a middleware',
  middleware_restore: 'Restoring a middleware backup',
  middleware_delete: 'Deleting a middleware',
};

export const NODE_STATUS_LABELS: Record<NodeStatus, string> = {
  joining: 'Joining',
  ready: 'Ready',
  draining: 'Draining',
  hibernated: 'Hibernated',
  not_ready: 'Not ready',
};

export const NODE_STATUS_COLORS: Record<NodeStatus, string> = {
  joining: 'blue.8',
  ready: 'teal.9',
  draining: 'yellow.4',
  hibernated: 'gray.7',
  not_ready: 'red.9',
};

export const CLUSTER_SORT_LABELS: Record<ClusterSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A to Z)',
  status: 'Status',
  nodes: 'Most nodes first',
  cost: 'Highest monthly cost first',
};

export const CLUSTER_SORTS = Object.keys(CLUSTER_SORT_LABELS) as ClusterSort[];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const WEEKDAYS = Object.keys(WEEKDAY_LABELS) as Weekday[];

/** Changes are refused by the server in these states (a deleted or vanishing cluster). */
export function isGone(status: ClusterStatus): boolean {
  return status === 'deleted' || status === 'deleting';
}
