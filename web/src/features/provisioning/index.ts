// The provisioning feature's door: a cluster's operation followed live over the socket (the steps,
// progress, time elapsed and left, Retry), and /cluster-provisioning and /clusters/provisioning.
export { ProvisioningPage } from './provisioning-page';
export { ProvisioningProgress, ProvisioningProgressView } from './provisioning-progress';
export { provisioningSearch, type ProvisioningPath, type ProvisioningSearch } from './provisioning-search';
export { useLiveOperation, type LiveOperation } from './use-live-operation';
