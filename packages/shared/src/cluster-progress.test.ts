import { describe, expect, it } from 'vitest';
import { applyClusterProgress, applyProgressToPage, followedOperation, isNewerOperation, operationBegan, operationEnded } from './cluster-progress';
import type { LiveCluster } from './cluster-progress';
import { testOperation, testStep } from './testing';

function cluster(overrides: Partial<LiveCluster> = {}): LiveCluster & { name: string } {
  const operation = testOperation();
  return {
    name: 'alpha',
    status: 'provisioning',
    readyNodes: 0,
    operation: { id: operation.id, type: operation.type, progressPercent: 0 },
    currentOperation: operation,
    lastOperation: operation,
    ...overrides,
  };
}

describe('isNewerOperation', () => {
  it('compares revisions of one operation and request times of two', () => {
    const known = testOperation({ revision: 4 });
    expect(isNewerOperation(testOperation({ revision: 5 }), known)).toBe(true);
    expect(isNewerOperation(testOperation({ revision: 4 }), known)).toBe(false);
    expect(isNewerOperation(testOperation({ revision: 3 }), known)).toBe(false);
    expect(isNewerOperation(testOperation({ id: 'cop_2', revision: 1, createdAt: known.createdAt + 1 }), known)).toBe(true);
    expect(isNewerOperation(testOperation({ id: 'cop_0', revision: 9, createdAt: known.createdAt - 1 }), known)).toBe(false);
    expect(isNewerOperation(known, null)).toBe(true);
  });
});

describe('applyClusterProgress', () => {
  it('takes the steps, status and ready nodes of a newer revision and keeps the rest of the cluster', () => {
    const before = cluster();
    const steps = [testStep('validate', { status: 'succeeded', startedAt: 1_000_000, finishedAt: 1_004_000 }), testStep('network', { status: 'running', startedAt: 1_004_000, detail: '1 of 2 subnets' }), testStep('ready')];
    const operation = testOperation({ revision: 2, steps, currentStep: 1, progressPercent: 33 });
    const after = applyClusterProgress(before, { clusterStatus: 'provisioning', readyNodes: 1, operation });
    expect(after).not.toBe(before);
    expect(after.name).toBe('alpha');
    expect(after.readyNodes).toBe(1);
    expect(after.currentOperation?.steps[1]?.detail).toBe('1 of 2 subnets');
    expect(after.lastOperation).toBe(operation);
    expect(after.operation).toEqual({ id: 'cop_1', type: 'provision', progressPercent: 33 });
  });

  it('returns the same object for a revision it already holds or an older one', () => {
    const before = cluster({ lastOperation: testOperation({ revision: 7 }), currentOperation: testOperation({ revision: 7 }) });
    expect(applyClusterProgress(before, { clusterStatus: 'provisioning', readyNodes: 3, operation: testOperation({ revision: 7 }) })).toBe(before);
    expect(applyClusterProgress(before, { clusterStatus: 'provisioning', readyNodes: 3, operation: testOperation({ revision: 6 }) })).toBe(before);
  });

  it('clears the running operation when the message ends it, and keeps it as the last one', () => {
    const done = testOperation({ revision: 9, status: 'succeeded', progressPercent: 100, finishedAt: 1_030_000 });
    const after = applyClusterProgress(cluster(), { clusterStatus: 'running', readyNodes: 3, operation: done });
    expect(after.status).toBe('running');
    expect(after.currentOperation).toBeNull();
    expect(after.operation).toBeNull();
    expect(after.lastOperation).toBe(done);
    expect(followedOperation(after)).toBe(done);
  });

  it('follows a later operation of the cluster and ignores an earlier one', () => {
    const ended = testOperation({ status: 'succeeded', revision: 12 });
    const before = cluster({ status: 'running', currentOperation: null, lastOperation: ended, operation: null });
    const scale = testOperation({ id: 'cop_2', type: 'scale_pool', revision: 1, createdAt: ended.createdAt + 60_000 });
    const after = applyClusterProgress(before, { clusterStatus: 'updating', readyNodes: 3, operation: scale });
    expect(after.currentOperation).toBe(scale);
    expect(applyClusterProgress(after, { clusterStatus: 'running', readyNodes: 3, operation: testOperation({ revision: 13, status: 'succeeded' }) })).toBe(after);
  });
});

describe('operationEnded', () => {
  it('is true once, when a running operation the screen held ends', () => {
    const running = cluster();
    const ended = applyClusterProgress(running, { clusterStatus: 'running', readyNodes: 3, operation: testOperation({ revision: 2, status: 'succeeded' }) });
    expect(operationEnded(running, ended)).toBe(true);
    const again = applyClusterProgress(ended, { clusterStatus: 'running', readyNodes: 3, operation: testOperation({ revision: 3, status: 'succeeded' }) });
    expect(operationEnded(ended, again)).toBe(false);
  });

  it('is false while the operation runs, and true for a failure or an operation seen only once ended', () => {
    const running = cluster();
    expect(operationEnded(running, applyClusterProgress(running, { clusterStatus: 'provisioning', readyNodes: 0, operation: testOperation({ revision: 2 }) }))).toBe(false);
    expect(operationEnded(running, applyClusterProgress(running, { clusterStatus: 'failed', readyNodes: 0, operation: testOperation({ revision: 2, status: 'failed' }) }))).toBe(true);
    const idle = cluster({ status: 'running', currentOperation: null, operation: null, lastOperation: testOperation({ status: 'succeeded' }) });
    const quick = testOperation({ id: 'cop_2', status: 'succeeded', createdAt: 2_000_000 });
    expect(operationEnded(idle, applyClusterProgress(idle, { clusterStatus: 'running', readyNodes: 3, operation: quick }))).toBe(true);
  });
});

describe('applyProgressToPage', () => {
  const item = (id: string, progressPercent: number) => ({ id, status: 'provisioning' as const, readyNodes: 0, operation: { id: `cop_${id}`, type: 'provision' as const, progressPercent } });

  it('moves the progress of a listed cluster and keeps the page when nothing changed', () => {
    const page = { items: [item('a', 10), item('b', 40)], total: 2 };
    const update = { clusterId: 'b', clusterStatus: 'provisioning' as const, readyNodes: 1, operation: testOperation({ id: 'cop_b', progressPercent: 55 }) };
    const result = applyProgressToPage(page, update, 'provisioning');
    expect(result.stale).toBe(false);
    expect(result.page.items[1]).toMatchObject({ readyNodes: 1, operation: { progressPercent: 55 } });
    expect(result.page.items[0]).toBe(page.items[0]);
    expect(result.page.total).toBe(2);
    expect(applyProgressToPage(result.page, update, 'provisioning').page).toBe(result.page);
    expect(applyProgressToPage(result.page, { ...update, operation: testOperation({ id: 'cop_b', progressPercent: 50 }) }, 'provisioning').page).toBe(result.page);
  });

  it('asks for a new read when a cluster leaves the list or an unlisted one starts', () => {
    const page = { items: [item('a', 90)] };
    const ready = applyProgressToPage(page, { clusterId: 'a', clusterStatus: 'running', readyNodes: 3, operation: testOperation({ id: 'cop_a', status: 'succeeded', progressPercent: 100 }) }, 'provisioning');
    expect(ready.stale).toBe(true);
    expect(ready.page.items[0]).toMatchObject({ status: 'running', operation: null });
    expect(applyProgressToPage(page, { clusterId: 'z', clusterStatus: 'provisioning', readyNodes: 0, operation: testOperation({ id: 'cop_z' }) }, 'provisioning')).toEqual({ page, ended: false, stale: true });
    expect(applyProgressToPage(page, { clusterId: 'z', clusterStatus: 'updating', readyNodes: 0, operation: testOperation({ id: 'cop_z', type: 'scale_pool' }) }, 'provisioning')).toEqual({ page, ended: false, stale: false });
  });
});

describe('operationBegan', () => {
  it('is true when another operation than the one held arrives, not for a new revision of it', () => {
    const idle = cluster({ status: 'running', currentOperation: null, operation: null, lastOperation: testOperation({ status: 'succeeded', revision: 12 }) });
    const scale = applyClusterProgress(idle, { clusterStatus: 'updating', readyNodes: 2, operation: testOperation({ id: 'cop_2', type: 'scale_pool', createdAt: 2_000_000 }) });
    expect(operationBegan(idle, scale)).toBe(true);
    const step = applyClusterProgress(scale, { clusterStatus: 'updating', readyNodes: 3, operation: testOperation({ id: 'cop_2', type: 'scale_pool', createdAt: 2_000_000, revision: 2 }) });
    expect(operationBegan(scale, step)).toBe(false);
    expect(operationBegan(cluster({ lastOperation: null, currentOperation: null }), scale)).toBe(false);
  });
});

describe('operationEnded after a retry', () => {
  it('is true when an operation held as failed is seen succeeded (retried in between, unseen)', () => {
    const failed = cluster({ status: 'failed', currentOperation: null, operation: null, lastOperation: testOperation({ status: 'failed', revision: 4 }) });
    const succeeded = applyClusterProgress(failed, { clusterStatus: 'running', readyNodes: 3, operation: testOperation({ status: 'succeeded', revision: 9 }) });
    expect(operationEnded(failed, succeeded)).toBe(true);
  });
});
