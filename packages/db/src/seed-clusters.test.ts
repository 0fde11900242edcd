import { describe, expect, it } from 'vitest';
import { scheduledSleep, WEEKNIGHTS_HIBERNATION } from './seed-clusters';

const HOUR = 60 * 60_000;
const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString().slice(0, 16));

describe('scheduledSleep', () => {
  it('sleeps weeknights from 20:00 to 07:00 Paris time, Friday until Monday, across the change to winter time', () => {
    // Monday 19 October 2026, noon UTC, to Tuesday 27 October, noon UTC; Paris leaves summer time on Sunday the 25th.
    const periods = scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 9, 19, 12), Date.UTC(2026, 9, 27, 12));
    expect(periods.map((period) => [iso(period.start), iso(period.end)])).toEqual([
      ['2026-10-19T18:00', '2026-10-20T05:00'],
      ['2026-10-20T18:00', '2026-10-21T05:00'],
      ['2026-10-21T18:00', '2026-10-22T05:00'],
      ['2026-10-22T18:00', '2026-10-23T05:00'],
      // Saturday has no wake-up: Friday's night lasts until Monday, which is on winter time (UTC+1).
      ['2026-10-23T18:00', '2026-10-26T06:00'],
      ['2026-10-26T19:00', '2026-10-27T06:00'],
    ]);
  });

  it('leaves the night under way open, and ignores a wake-up before the first hibernation', () => {
    // From Tuesday 06:00 Paris (before its 07:00 wake-up) to Wednesday 23:00 Paris.
    const periods = scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 10, 24, 5), Date.UTC(2026, 10, 25, 22));
    expect(periods.map((period) => [iso(period.start), iso(period.end)])).toEqual([
      ['2026-11-24T19:00', '2026-11-25T06:00'],
      ['2026-11-25T19:00', null],
    ]);
    expect(scheduledSleep(WEEKNIGHTS_HIBERNATION, Date.UTC(2026, 10, 24, 8), Date.UTC(2026, 10, 24, 8) + HOUR)).toEqual([]);
  });

  it('refuses a schedule in a form it cannot read', () => {
    const schedule = { schedules: [{ start: '0 20 * * MON-FRI', end: null }], timezone: 'Europe/Paris' };
    expect(() => scheduledSleep(schedule, 0, 7 * 24 * HOUR)).toThrow('"MM HH * * DOW"');
  });
});
