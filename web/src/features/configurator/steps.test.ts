import { describe, expect, it } from 'vitest';
import { STEP_COUNT, stepAt, stepNumber, STEPS } from './steps';

describe('steps', () => {
  it('are the eight steps of a managed Kubernetes console, numbered from 1', () => {
    expect(STEPS.map((step) => step.label)).toEqual(['Tier', 'Region', 'Version', 'Node pools', 'Networking', 'Add-ons', 'Maintenance', 'Review']);
    expect(STEP_COUNT).toBe(8);
    expect(stepNumber('pools')).toBe(4);
  });

  it('reads the address step, clamped into range', () => {
    expect(stepAt(3).id).toBe('version');
    expect(stepAt(undefined).id).toBe('tier');
    expect(stepAt(0).id).toBe('tier');
    expect(stepAt(99).id).toBe('review');
    expect(stepAt(2.5).id).toBe('tier');
  });
});
