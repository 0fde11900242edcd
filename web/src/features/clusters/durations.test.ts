import { describe, expect, it } from 'vitest';
import { formatElapsed, formatHours, formatRemaining } from './durations';

describe('durations', () => {
  it('rounds an estimate as people say it', () => {
    expect(formatRemaining(0)).toBe('less than a minute');
    expect(formatRemaining(20_000)).toBe('less than a minute');
    expect(formatRemaining(60_000)).toBe('about 1 minute');
    expect(formatRemaining(4 * 60_000 + 10_000)).toBe('about 4 minutes');
    expect(formatRemaining(3 * 3_600_000)).toBe('about 3 hours');
  });

  it('writes an elapsed time in seconds, minutes and hours', () => {
    expect(formatElapsed(12_400)).toBe('12 s');
    expect(formatElapsed(45 * 60_000)).toBe('45 min');
    expect(formatElapsed(2 * 3_600_000)).toBe('2 h');
    expect(formatElapsed(3 * 3_600_000 + 20 * 60_000)).toBe('3 h 20 min');
  });

  it('writes hours with at most one decimal', () => {
    expect(formatHours(0)).toBe('0 hours');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(12.25)).toBe('12.3 hours');
  });
});
