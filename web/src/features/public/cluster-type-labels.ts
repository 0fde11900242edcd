import type { ClusterType } from '@kubemarket/shared';

/** The cluster types' names, apart from their pages' copy: the home page's gallery needs only these. */
export const CLUSTER_TYPE_LABELS: Record<ClusterType, string> = {
  blue: 'Standard (Blue)',
  red: 'Enterprise (Red)',
  green: 'Economy (Green)',
  data: 'Data Analytics',
  ai: 'AI/ML (Violet)',
  orange: 'Dev/Test (Orange)',
  sandbox: 'Sandbox (Gray)',
};
