import { describe, expect, it } from 'vitest';
import { operationFailure, stepDetail, stepNote, stepState } from './step-view';
import { testOperation, testStep } from '@kubemarket/shared/testing';

describe('stepState', () => {
  it('names each state, a running step tried before as retrying', () => {
    expect(stepState(testStep('a'))).toBe('waiting');
    expect(stepState(testStep('a', { status: 'running' }))).toBe('running');
    expect(stepState(testStep('a', { status: 'running', attempts: 1 }))).toBe('retrying');
    expect(stepState(testStep('a', { status: 'succeeded' }))).toBe('done');
    expect(stepState(testStep('a', { status: 'failed', attempts: 3 }))).toBe('failed');
  });
});

describe('stepNote', () => {
  it('says what a step is doing, how long it took, or why it failed', () => {
    expect(stepNote(testStep('a'))).toBeNull();
    expect(stepNote(testStep('pool', { status: 'running', detail: '2 of 3 nodes joined' }))).toBe('2 of 3 nodes joined');
    expect(stepNote(testStep('pool', { status: 'succeeded', detail: '3 of 3 nodes joined', startedAt: 0, finishedAt: 31_000 }))).toBe('3 of 3 nodes joined. Took 31 seconds');
    expect(stepNote(testStep('a', { status: 'succeeded', startedAt: 0, finishedAt: 4_000 }))).toBe('Took 4 seconds');
    expect(stepNote(testStep('a', { status: 'succeeded', startedAt: 0, finishedAt: 400 }))).toBe('Took less than a second');
    expect(stepNote(testStep('a', { status: 'failed', detail: 'old', error: 'No address is left in the region.' }))).toBe('No address is left in the region.');
  });
});

describe('stepDetail', () => {
  it('drops a detail that only repeats a state word, kept from the last check of a step now done', () => {
    expect(stepDetail({ detail: 'In progress' })).toBeNull();
    expect(stepDetail({ detail: 'in progress…' })).toBeNull();
    expect(stepDetail({ detail: '  ' })).toBeNull();
    expect(stepDetail({ detail: null })).toBeNull();
    expect(stepDetail({ detail: '1 of 2 nodes ready' })).toBe('1 of 2 nodes ready');
    expect(stepNote(testStep('cni', { status: 'succeeded', detail: 'In progress', startedAt: 0, finishedAt: 12_000 }))).toBe('Took 12 seconds');
  });
});

describe('operationFailure', () => {
  it('names the failed step, its reason and how often it was tried', () => {
    const failed = testOperation({
      status: 'failed',
      error: 'The region has no capacity left for this flavour.',
      steps: [testStep('validate', { status: 'succeeded' }), testStep('pool', { label: 'Node pool web: 2 nodes joining', status: 'failed', attempts: 3, error: 'The region has no capacity left for this flavour.' })],
    });
    expect(operationFailure(failed)).toEqual({
      step: 'Node pool web: 2 nodes joining',
      reason: 'The region has no capacity left for this flavour.',
      attempts: 'It was tried 3 times before giving up.',
    });
  });

  it("falls back to the operation's error, and is null unless it failed", () => {
    expect(operationFailure(testOperation({ status: 'failed', error: 'Stopped by an operator.' }))).toEqual({ step: null, reason: 'Stopped by an operator.', attempts: null });
    expect(operationFailure(testOperation())).toBeNull();
    expect(operationFailure(testOperation({ status: 'succeeded' }))).toBeNull();
  });
});
