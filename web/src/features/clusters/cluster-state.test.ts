import { describe, expect, it } from 'vitest';
import { changeBlockedReason, kubeconfigBlockedReason } from './cluster-state';
import { clusterDetail, operation } from './test-fixtures';

describe('changeBlockedReason', () => {
  it('lets a running cluster without an operation change', () => {
    expect(changeBlockedReason(clusterDetail())).toBeNull();
  });

  it('names the operation under way: one runs at a time', () => {
    expect(changeBlockedReason(clusterDetail({ status: 'updating', currentOperation: operation() }))).toBe(
      'Scaling a node pool is under way; one operation runs at a time, so wait until it ends.',
    );
  });

  it('says what to do for a hibernated, failed or provisioning cluster, unless the change accepts that status', () => {
    expect(changeBlockedReason(clusterDetail({ status: 'hibernated' }))).toBe('The cluster staging is hibernated; wake it up first.');
    expect(changeBlockedReason(clusterDetail({ status: 'hibernated' }), ['hibernated'])).toBeNull();
    expect(changeBlockedReason(clusterDetail({ status: 'failed' }))).toMatch(/failed to provision; retry/);
    expect(changeBlockedReason(clusterDetail({ status: 'failed' }), ['running', 'failed', 'hibernated'])).toBeNull();
    expect(changeBlockedReason(clusterDetail({ status: 'provisioning' }))).toBe('The cluster staging is still being provisioned.');
  });

  it('refuses everything on a deleted or deleting cluster', () => {
    expect(changeBlockedReason(clusterDetail({ status: 'deleted' }), ['deleted'])).toBe('The cluster staging is deleted.');
    expect(changeBlockedReason(clusterDetail({ status: 'deleting' }), ['deleting'])).toBe('The cluster staging is being deleted.');
  });
});

describe('kubeconfigBlockedReason', () => {
  it('needs an endpoint and a running API server', () => {
    expect(kubeconfigBlockedReason(clusterDetail())).toBeNull();
    expect(kubeconfigBlockedReason(clusterDetail({ status: 'upgrading' }))).toBeNull();
    expect(kubeconfigBlockedReason(clusterDetail({ status: 'hibernated' }))).toMatch(/no reachable API server/);
    expect(kubeconfigBlockedReason(clusterDetail({ endpoint: null, status: 'provisioning' }))).toMatch(/no reachable API server/);
  });
});
