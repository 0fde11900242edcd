import { describe, expect, it } from 'vitest';

// The one reducer of cluster_progress messages (@kubemarket/shared) on the console's shapes of a
// cluster's page (clusters.get) and of the list (clusters.list).
import type { ClusterPage } from './cluster-types';
import { applyProgressToCluster, applyProgressToPage, currentStepOf, failedStepOf, isStale } from '@kubemarket/shared';
import { clusterDetail, NOW, operation, progress } from './test-fixtures';

const page = (): ClusterPage => {
  const { id, name, status, tier, region, kubernetesVersion, nodeCount, readyNodes, monthlyCents, createdAt, deletedAt, operation: running } = clusterDetail();
  return {
    items: [
      { id: 'clu_other', name: 'other', status: 'running', tier, region, kubernetesVersion, nodeCount: 3, readyNodes: 3, monthlyCents: 9_000, createdAt, deletedAt, operation: null },
      { id, name, status, tier, region, kubernetesVersion, nodeCount, readyNodes, monthlyCents, createdAt, deletedAt, operation: running },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  };
};

describe('applyProgressToPage', () => {
  it("updates the cluster's row with its status, ready nodes and the running operation's progress", () => {
    const before = page();
    const { page: next, ended } = applyProgressToPage(before, progress({ clusterStatus: 'updating', readyNodes: 2 }));
    expect(ended).toBe(false);
    expect(next.items[1]).toMatchObject({ status: 'updating', readyNodes: 2, operation: { id: 'cop_scale1', type: 'scale_pool', progressPercent: 33 } });
    expect(next.items[0]).toBe(before.items[0]);
    expect(before.items[1]?.status).toBe('running');
  });

  it('clears the operation when it ends and says so, so the page is read again', () => {
    const done = operation({ status: 'succeeded', progressPercent: 100, finishedAt: NOW });
    const { page: next, ended } = applyProgressToPage(page(), progress({ clusterStatus: 'running', readyNodes: 3, operation: done as never }));
    expect(ended).toBe(true);
    expect(next.items[1]).toMatchObject({ status: 'running', readyNodes: 3, operation: null });
  });

  it('leaves a page without the cluster as it is', () => {
    const before = page();
    const update = applyProgressToPage(before, progress({ clusterId: 'clu_elsewhere' }));
    expect(update.page).toBe(before);
    expect(update.ended).toBe(false);
  });
});

describe('applyProgressToCluster', () => {
  it('writes the running operation into the detail without reading it again', () => {
    const { cluster: detail, refetch } = applyProgressToCluster(clusterDetail(), progress());
    expect(refetch).toBe(false);
    expect(detail).toMatchObject({ status: 'updating', currentOperation: { id: 'cop_scale1', revision: 3 }, lastOperation: { id: 'cop_scale1' }, operation: { progressPercent: 33 } });
  });

  it('reads the cluster again once when the operation ends, not for a repeated end', () => {
    const running = applyProgressToCluster(clusterDetail(), progress()).cluster;
    const end = progress({ clusterStatus: 'running', operation: operation({ status: 'succeeded', revision: 9, progressPercent: 100 }) as never });
    const first = applyProgressToCluster(running, end);
    expect(first.refetch).toBe(true);
    expect(first.cluster).toMatchObject({ status: 'running', currentOperation: null, operation: null, lastOperation: { status: 'succeeded' } });
    expect(applyProgressToCluster(first.cluster, end).refetch).toBe(false);
  });

  it('reads the cluster again when nodes joined or left, which the message counts but does not list', () => {
    expect(applyProgressToCluster(clusterDetail(), progress({ readyNodes: 3 })).refetch).toBe(true);
  });

  it('ignores a message older than what it holds, and messages of other clusters', () => {
    const held = applyProgressToCluster(clusterDetail(), progress({ operation: operation({ revision: 5, progressPercent: 60 }) as never })).cluster;
    const late = applyProgressToCluster(held, progress({ operation: operation({ revision: 4, progressPercent: 40 }) as never }));
    expect(late.cluster).toBe(held);
    const other = clusterDetail();
    expect(applyProgressToCluster(other, progress({ clusterId: 'clu_other' })).cluster).toBe(other);
  });
});

describe('isStale', () => {
  it('compares revisions of one operation and creation times of two', () => {
    const held = { id: 'cop_a', revision: 4, createdAt: 100 };
    expect(isStale(null, held)).toBe(false);
    expect(isStale(held, { id: 'cop_a', revision: 3, createdAt: 100 })).toBe(true);
    expect(isStale(held, { id: 'cop_a', revision: 4, createdAt: 100 })).toBe(false);
    expect(isStale(held, { id: 'cop_b', revision: 0, createdAt: 99 })).toBe(true);
    expect(isStale(held, { id: 'cop_b', revision: 0, createdAt: 101 })).toBe(false);
  });
});

describe('steps', () => {
  it('names the step running now and the step that failed', () => {
    expect(currentStepOf(operation())).toMatchObject({ number: 2, of: 3, step: { label: 'Adding nodes to default' } });
    const failed = operation({
      status: 'failed',
      steps: operation().steps.map((step, index) => (index === 1 ? { ...step, status: 'failed' as const, error: 'The nodes could not join.' } : step)),
    });
    expect(failedStepOf(failed)?.error).toBe('The nodes could not join.');
    expect(failedStepOf(operation())).toBeNull();
  });
});
