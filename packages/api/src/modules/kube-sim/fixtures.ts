import type { SimulatedCluster } from './objects';

/** For tests: a simulated cluster "shop" of one pool, created three days before `now`, with what a test changes. */
export function simulatedClusterAt(now: number, overrides: Partial<SimulatedCluster> = {}): SimulatedCluster {
  const day = 24 * 3_600_000;
  return {
    id: 'clu_objects',
    name: 'shop',
    region: 'fr-par-1',
    kubernetesVersion: '1.36.4',
    networking: { cni: 'calico', podCidr: '10.244.0.0/16' },
    createdAt: now - 3 * day,
    updatedAt: now - day / 24,
    pools: [{ id: 'npl_1', name: 'workers', flavorId: 'gp-4-16', count: 1, labels: { tier: 'web' }, taints: [] }],
    nodes: [],
    addons: [],
    ...overrides,
  };
}
