/**
 * The clusters a customer operates (issue 10): reads (lists, detail, events), node pools with the
 * price and quota of each change, the lifecycle (upgrades, maintenance, hibernation, deletion,
 * retries) and credentials (kubeconfigs, rotation), one file each; what they share is in
 * service-common.ts. Every change is an operation of the cluster operator (engine.ts).
 */
export * from './service-common';
export * from './reads';
export * from './pools';
export * from './lifecycle';
export * from './credentials';
