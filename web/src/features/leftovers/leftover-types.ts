import type { AppRouter } from '@kubemarket/api';
import { LEFTOVER_KIND_LABELS } from '@kubemarket/shared';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type KeptLeftover = Outputs['leftovers']['list']['items'][number];
export type Leftover = Outputs['clusters']['leftovers']['items'][number];

/** "Volume", "Load balancer"…, and the size where there is one: "Volume, 40 GB". */
export function describeKind(leftover: Pick<Leftover, 'kind' | 'sizeGb'>): string {
  return `${LEFTOVER_KIND_LABELS[leftover.kind]}${leftover.sizeGb === null ? '' : `, ${leftover.sizeGb} GB`}`;
}
