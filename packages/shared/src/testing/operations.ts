import type { OperationStep, OperationView as Operation } from '../realtime';

/** A step of a test operation; only what a test names differs from a pending 10-second step. */
export function testStep(key: string, overrides: Partial<OperationStep> = {}): OperationStep {
  return { key, label: `Step ${key}`, status: 'pending', detail: null, estimateMs: 10_000, startedAt: null, finishedAt: null, attempts: 0, error: null, ...overrides };
}

/** A running provisioning operation of three steps requested at t=1,000,000, the first one running since then. */
export function testOperation(overrides: Partial<Operation> = {}): Operation {
  return {
    id: 'cop_1',
    clusterId: 'clu_1',
    type: 'provision',
    status: 'running',
    steps: [testStep('validate', { status: 'running', startedAt: 1_000_000 }), testStep('network'), testStep('ready')],
    currentStep: 0,
    error: null,
    orderId: 'ord_1',
    requestedBy: null,
    revision: 1,
    progressPercent: 0,
    remainingMs: 30_000,
    createdAt: 1_000_000,
    updatedAt: 1_000_000,
    finishedAt: null,
    ...overrides,
  };
}
