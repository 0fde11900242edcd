import type { ClusterLineInput } from '../quote/types';

/**
 * A cluster line of a quote or an order, in the seeded catalogue's ids: a Standard cluster in
 * Paris, Kubernetes 1.37, with the HA control plane, one pool of three 4 vCPU/16 GB nodes and no
 * add-on. A test names only what it changes.
 */
export function clusterLine(overrides: Partial<Omit<ClusterLineInput, 'kind'>> = {}): ClusterLineInput {
  return {
    kind: 'cluster',
    tierId: 'tier_standard',
    regionId: 'fr-par-1',
    kubernetesVersion: '1.37',
    highAvailability: true,
    nodePools: [{ name: 'pool-1', flavorId: 'gp-4-16', count: 3, autoscale: null }],
    addonIds: [],
    ...overrides,
  };
}
