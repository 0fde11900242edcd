// The clusters feature's door (API module `clusters`): /my-clusters, a cluster's page
// (/clusters/{id}, /cluster-detail/{id}), its live topology (/clusters/{id}/topology, loaded
// lazily), and a cluster's operation followed live over the socket (the steps, progress, time
// elapsed and left, Retry) on /cluster-provisioning and /clusters/provisioning.
export { ClusterDetailPage } from './cluster-detail-page';
export { ClusterDetailRoute } from './cluster-detail-route';
export { ClusterStatusBadge } from './cluster-status-badge';
export { MyClustersPage, type ClusterSearchChange } from './cluster-list-page';
export { ClusterTopologyRoute } from './cluster-topology-route';
export {
  clusterDetailSearch,
  clusterListSearchParams,
  CLUSTER_TABS,
  type ClusterDetailSearch,
  type ClusterListSearchParams,
  type ClusterTab,
} from './list-search-params';
export { CLUSTER_STATUS_COLORS } from './cluster-types';
export { ProvisioningPage } from './provisioning-page';
export { ProvisioningProgress, ProvisioningProgressView } from './provisioning-progress';
export { provisioningSearch, type ProvisioningPath, type ProvisioningSearch } from './provisioning-search';
export { useLiveOperation, type LiveOperation } from './use-live-operation';
