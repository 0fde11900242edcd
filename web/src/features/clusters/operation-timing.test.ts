import { describe, expect, it } from 'vitest';
import { activeStep, describeDuration, formatClock, formatTimeLeft, isoDuration, operationTiming } from './operation-timing';
import { testOperation, testStep } from '@kubemarket/shared/testing';

const T0 = 1_000_000;

describe('operationTiming', () => {
  it('advances the running step with the clock, up to its estimate', () => {
    const operation = testOperation({
      steps: [testStep('a', { status: 'succeeded', startedAt: T0, finishedAt: T0 + 10_000 }), testStep('b', { status: 'running', startedAt: T0 + 10_000 }), testStep('c')],
      progressPercent: 33,
      remainingMs: 20_000,
    });
    expect(operationTiming(operation, T0 + 15_000)).toEqual({ elapsedMs: 15_000, remainingMs: 15_000, percent: 50 });
    // Past its estimate the step counts as done and only the waiting step is left.
    expect(operationTiming(operation, T0 + 45_000)).toEqual({ elapsedMs: 45_000, remainingMs: 10_000, percent: 66 });
  });

  it("never shows less than the server's progress nor more time left, whatever the browser's clock", () => {
    const operation = testOperation({ steps: [testStep('a', { status: 'running', startedAt: T0 }), testStep('b')], progressPercent: 40, remainingMs: 12_000 });
    // A browser clock behind the server's: elapsed is not negative, progress and time left come from the server.
    expect(operationTiming(operation, T0 - 5_000)).toEqual({ elapsedMs: 0, remainingMs: 12_000, percent: 40 });
  });

  it('is 100 % with nothing left once succeeded, and stops the clock when the operation ended', () => {
    const done = testOperation({ status: 'succeeded', finishedAt: T0 + 31_000, steps: [testStep('a', { status: 'succeeded' })], progressPercent: 100, remainingMs: 0 });
    expect(operationTiming(done, T0 + 500_000)).toEqual({ elapsedMs: 31_000, remainingMs: 0, percent: 100 });
    const failed = testOperation({
      status: 'failed',
      finishedAt: T0 + 20_000,
      steps: [testStep('a', { status: 'succeeded' }), testStep('b', { status: 'failed', startedAt: T0 + 10_000 }), testStep('c')],
      progressPercent: 33,
      remainingMs: 0,
    });
    expect(operationTiming(failed, T0 + 500_000)).toEqual({ elapsedMs: 20_000, remainingMs: 0, percent: 33 });
  });

  it('counts nothing of a step waiting for its retry (its start is in the future)', () => {
    const operation = testOperation({ steps: [testStep('a', { status: 'running', attempts: 1, startedAt: T0 + 5_000 }), testStep('b')], progressPercent: 0, remainingMs: 20_000 });
    expect(operationTiming(operation, T0 + 2_000)).toMatchObject({ remainingMs: 20_000, percent: 0 });
  });
});

describe('activeStep', () => {
  it('is the running or failed step, none once succeeded', () => {
    const running = testOperation();
    expect(activeStep(running)?.key).toBe('validate');
    expect(activeStep(testOperation({ status: 'failed', steps: [testStep('a', { status: 'succeeded' }), testStep('b', { status: 'failed' })] }))?.key).toBe('b');
    expect(activeStep(testOperation({ status: 'succeeded', steps: [testStep('a', { status: 'succeeded' })] }))).toBeNull();
  });
});

describe('durations', () => {
  it('reads elapsed time as a clock, in words and as ISO 8601', () => {
    expect(formatClock(7_400)).toBe('0:07');
    expect(formatClock(125_000)).toBe('2:05');
    expect(formatClock(3_729_000)).toBe('1:02:09');
    expect(formatClock(-50)).toBe('0:00');
    expect(describeDuration(125_000)).toBe('2 minutes, 5 seconds');
    expect(describeDuration(60_000)).toBe('1 minute');
    expect(describeDuration(400)).toBe('0 seconds');
    expect(describeDuration(3_601_000)).toBe('1 hour, 1 second');
    expect(isoDuration(125_000)).toBe('PT2M5S');
    expect(isoDuration(3_600_000)).toBe('PT1H0S');
  });

  it('says the time left as a person would', () => {
    expect(formatTimeLeft(0)).toBe('Finishing');
    expect(formatTimeLeft(1_200)).toBe('About 5 seconds left');
    expect(formatTimeLeft(21_000)).toBe('About 25 seconds left');
    expect(formatTimeLeft(58_000)).toBe('About 1 minute left');
    expect(formatTimeLeft(61_000)).toBe('About 2 minutes left');
    expect(formatTimeLeft(100 * 60_000)).toBe('About 1 hour, 40 minutes left');
    expect(formatTimeLeft(120 * 60_000)).toBe('About 2 hours left');
  });
});
