// The clusters feature's door: /my-clusters, a cluster's page (/clusters/{id}, /cluster-detail/{id})
// and its live topology (/clusters/{id}/topology, loaded lazily).
export { ClusterDetailPage } from './cluster-detail-page';
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
