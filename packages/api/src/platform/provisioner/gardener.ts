/**
 * The production provisioner (ADR 7) along its seams (issue 32): the parts of the Gardener API it
 * speaks (gardener-api.ts), a cluster as a Shoot (gardener-shoot.ts), reading the Shoot back
 * (gardener-status.ts), the HTTP client (gardener-client.ts), kubeconfigs (gardener-kubeconfig.ts)
 * and the adapter that runs each step with them (gardener-adapter.ts). The kubeconfig and leftover
 * readers (X.509 and YAML) are imported by the adapter on first use, not here (ADR 50).
 */
export * from './gardener-common';
export * from './gardener-api';
export * from './gardener-status';
export * from './gardener-shoot';
export * from './gardener-client';
export * from './gardener-adapter';
