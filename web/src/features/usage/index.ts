export { UsagePage } from './usage-page';
// A cluster's region and estimated footprint, on its page (issue 34).
export { ClusterFootprint } from './cluster-footprint';
