/**
 * The production provisioner (ADR 7) along its seams (issue 32): the parts of the Gardener API it
 * speaks (gardener-api.ts), a cluster as a Shoot (gardener-shoot.ts), reading the Shoot back
 * (gardener-status.ts), the HTTP client (gardener-client.ts), kubeconfigs (gardener-kubeconfig.ts)
 * and the adapter that runs each step with them (gardener-adapter.ts).
 */
export * from './gardener-common';
export * from './gardener-api';
export * from './gardener-status';
export * from './gardener-shoot';
export * from './gardener-client';
export * from './gardener-kubeconfig';
export * from './gardener-adapter';
export * from './gardener-leftovers';
