import { OPERATION_LABELS } from './cluster-types';
import type { ClusterDetail, ClusterStatus } from './cluster-types';

/**
 * Why the cluster cannot take a change now, in the server's terms (clusters service,
 * changeableState), so that the screen says it before the server refuses; null when it can.
 * `allowed` are the statuses the change accepts: most changes need a running cluster.
 */
export function changeBlockedReason(detail: Pick<ClusterDetail, 'name' | 'status' | 'currentOperation'>, allowed: readonly ClusterStatus[] = ['running']): string | null {
  const { name, status, currentOperation } = detail;
  if (status === 'deleted') return `The cluster ${name} is deleted.`;
  if (status === 'deleting') return `The cluster ${name} is being deleted.`;
  if (currentOperation) return `${OPERATION_LABELS[currentOperation.type]} is under way; one operation runs at a time, so wait until it ends.`;
  if (allowed.includes(status)) return null;
  switch (status) {
    case 'hibernated':
      return `The cluster ${name} is hibernated; wake it up first.`;
    case 'failed':
      return `The cluster ${name} failed to provision; retry its provisioning or delete it.`;
    case 'provisioning':
      return `The cluster ${name} is still being provisioned.`;
    default:
      return `The cluster ${name} cannot take this change while it is ${status}.`;
  }
}

/** A kubeconfig is issued only while the API server is reachable (clusters service, issueKubeconfig). */
export function kubeconfigBlockedReason(detail: Pick<ClusterDetail, 'name' | 'status' | 'endpoint'>): string | null {
  if (detail.endpoint && ['running', 'updating', 'upgrading'].includes(detail.status)) return null;
  return `The cluster ${detail.name} has no reachable API server right now; a kubeconfig is available once it runs.`;
}
