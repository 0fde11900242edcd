import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type RouterOutputs = inferRouterOutputs<AppRouter>;

export type MiddlewareInstance = RouterOutputs['middlewares']['get'];
export type MiddlewareSummary = RouterOutputs['middlewares']['list']['items'][number];
export type InstanceStatus = MiddlewareSummary['status'];

export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = {
  pending: 'Waiting for its cluster',
  provisioning: 'Being created',
  running: 'Running',
  updating: 'Resizing',
  restoring: 'Restoring',
  failed: 'Creation failed',
  deleting: 'Deleting',
  deleted: 'Deleted',
};

/** Colours meeting WCAG AA with white text (Mantine's filled badges), as the cluster statuses. */
export const INSTANCE_STATUS_COLORS: Record<InstanceStatus, string> = {
  pending: 'gray.7',
  provisioning: 'blue.8',
  running: 'green.9',
  updating: 'blue.8',
  restoring: 'blue.8',
  failed: 'red.9',
  deleting: 'yellow.4',
  deleted: 'gray.7',
};

/** "2 × 4 vCPU, 16 GB RAM, 320 GB, high availability" */
export function planFacts(plan: Pick<MiddlewareSummary['plan'], 'nodes' | 'vcpu' | 'memoryGb' | 'storageGb' | 'highAvailability'>): string {
  const machines = plan.nodes !== null && plan.vcpu !== null && plan.memoryGb !== null ? `${plan.nodes} × ${plan.vcpu} vCPU, ${plan.memoryGb} GB RAM, ` : '';
  return `${machines}${plan.storageGb} GB storage${plan.highAvailability ? ', automatic failover' : ''}`;
}

/** "PostgreSQL 17" or "Object storage" */
export function softwareLabel(instance: Pick<MiddlewareSummary, 'middleware' | 'version'>): string {
  return instance.version ? `${instance.middleware.name} ${instance.version}` : instance.middleware.name;
}
