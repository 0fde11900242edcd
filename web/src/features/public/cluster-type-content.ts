import { CLUSTER_TYPES } from '@kubemarket/shared';
import type { ClusterType } from '@kubemarket/shared';
import { CLUSTER_TYPE_LABELS } from './cluster-type-labels';
import COPY from './content/cluster-types.json';

/** A cluster type's page copy, written in content/cluster-types.json (one record per type). */
interface ClusterTypeCopy {
  /** Mantine colour of the type's accents. */
  color: string;
  headline: string;
  summary: string;
  useCases: ReadonlyArray<{ title: string; description: string }>;
  included: readonly string[];
  /** Where a workload outgrows this type, and what to pick then. */
  notFor: string;
}

export interface ClusterTypeContent extends ClusterTypeCopy {
  type: ClusterType;
  label: string;
}

const COPY_BY_TYPE: Record<ClusterType, ClusterTypeCopy> = COPY;

export const CLUSTER_TYPE_CONTENT = Object.fromEntries(
  CLUSTER_TYPES.map((type) => [type, { type, label: CLUSTER_TYPE_LABELS[type], ...COPY_BY_TYPE[type] }]),
) as Record<ClusterType, ClusterTypeContent>;

export { CLUSTER_TYPE_ALIASES } from './cluster-type-aliases';
