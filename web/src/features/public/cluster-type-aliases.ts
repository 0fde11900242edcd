import type { ClusterType } from '@kubemarket/shared';

/**
 * The fixed alias paths and the cluster type each one shows (docs/product/screens.md#cluster-types). "Additional cluster"
 * is the general-purpose Standard tier; dev and test clusters are the Dev/Test (orange) tier.
 */
export const CLUSTER_TYPE_ALIASES = {
  '/sandbox-cluster': 'sandbox',
  '/sandbox-cluster-page': 'sandbox',
  '/blue-cluster': 'blue',
  '/blue-cluster-page': 'blue',
  '/red-cluster': 'red',
  '/red-cluster-page': 'red',
  '/green-cluster': 'green',
  '/green-cluster-page': 'green',
  '/data-cluster': 'data',
  '/data-cluster-page': 'data',
  '/ai-cluster': 'ai',
  '/ai-cluster-page': 'ai',
  '/additional-cluster': 'blue',
  '/dev-cluster': 'orange',
  '/test-cluster': 'orange',
  '/orange-cluster': 'orange',
} as const satisfies Record<string, ClusterType>;
