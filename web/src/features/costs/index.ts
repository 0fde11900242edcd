// The costs feature's door (API module `costs`, issue 34): a cluster's quoted, actual and forecast
// cost per month on its page, the same per cluster on /usage, and the forecast's formula in words.
export { ClusterCostCard } from './cluster-cost-card';
export { ForecastFormula } from './forecast-formula';
export { UsageClusterCosts } from './usage-cluster-costs';
