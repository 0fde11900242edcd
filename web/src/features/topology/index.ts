// The topology feature's door: the reference architecture page, and the model, layout and view
// that a running cluster's live topology reuses.
export { ClusterTopologyPage, type ClusterTopologySearch } from './cluster-topology-page';
export {
  DEFAULT_NETWORK,
  referenceTopology,
  subnetOf,
  type ComponentStatus,
  type TopologyComponent,
  type TopologyConnection,
  type TopologyModel,
  type TopologyNetwork,
  type TopologyZone,
} from './topology-model';
export { TopologyView } from './topology-view';
