// The costs module's door: one cluster's quoted, actual and forecast cost per month (issue 34).
export { clusterCosts } from './service';
export { clusterCostsOutput, type ClusterCostsOutput } from './schemas';
