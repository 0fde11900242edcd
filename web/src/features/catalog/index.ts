export { ClusterTiersSection } from './cluster-tiers-section';
export { clusterTiersQueryOptions } from './cluster-tiers-query';
export { useClusterTiers, type ClusterTier } from './use-cluster-tiers';
