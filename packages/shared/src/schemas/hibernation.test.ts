import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/field-messages';
import { WEEKDAYS, type Weekday } from './cluster-spec';
import {
  HIBERNATION_PRESETS,
  canonicalTimeZone,
  describeDays,
  describeHibernationPeriod,
  fromGardenerSchedules,
  hibernationSettingsSchema,
  hibernationTransition,
  parseHibernationCron,
  toGardenerSchedules,
  zonedInstant,
  type HibernationPeriod,
} from './hibernation';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const { weeknights, weekends } = { weeknights: HIBERNATION_PRESETS.weeknights.period, weekends: HIBERNATION_PRESETS.weekends.period };

/** The first message of each field, as a form shows it. */
const messages = (input: unknown) => fieldMessages(hibernationSettingsSchema.safeParse(input));

describe('hibernationSettingsSchema', () => {
  it('takes a form as the UI sends it: days in week order without repeats, the zone spelled as IANA does', () => {
    const parsed = hibernationSettingsSchema.parse({
      timezone: ' europe/paris ',
      schedules: [{ days: ['friday', 'monday', 'friday'], sleepAt: '20:00', wakeAt: ' 07:00' }, weekends],
    });
    expect(parsed).toEqual({
      timezone: 'Europe/Paris',
      schedules: [
        { days: ['monday', 'friday'], sleepAt: '20:00', wakeAt: '07:00' },
        { days: ['friday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday' },
      ],
    });
    expect(hibernationSettingsSchema.parse({ timezone: 'UTC', schedules: [] })).toEqual({ timezone: 'UTC', schedules: [] });
  });

  it('says what is wrong, field by field', () => {
    expect(messages({ timezone: 'Europe/Paris', schedules: [{ days: [], sleepAt: '20:00', wakeAt: '07:00' }] })).toEqual({ 'schedules.0.days': 'A schedule needs at least one day.' });
    expect(messages({ timezone: 'Europe/Paris', schedules: [{ days: ['funday'], sleepAt: '7pm', wakeAt: '24:00' }] })).toEqual({
      'schedules.0.days.0': 'Days are monday, tuesday, wednesday, thursday, friday, saturday, sunday.',
      'schedules.0.sleepAt': 'Times are HH:MM, 24-hour.',
      'schedules.0.wakeAt': 'Times are HH:MM, 24-hour.',
    });
    expect(messages({ timezone: 'Europe/Paris', schedules: [{ days: ['monday'], sleepAt: '7:00', wakeAt: '08:60' }] })).toEqual({
      'schedules.0.sleepAt': 'Times are HH:MM, 24-hour.',
      'schedules.0.wakeAt': 'Times are HH:MM, 24-hour.',
    });
    expect(messages({ timezone: 'Mars/Olympus_Mons', schedules: [] })).toEqual({ timezone: '"Mars/Olympus_Mons" is not a time zone; use an IANA name such as Europe/Paris.' });
    // Intl takes UTC offsets; Gardener's location (a Go time zone) does not.
    expect(messages({ timezone: '+01:00', schedules: [] })).toEqual({ timezone: '"+01:00" is not a time zone; use an IANA name such as Europe/Paris.' });
    expect(messages({ timezone: '', schedules: [] })).toEqual({ timezone: 'The time zone is required.' });
    expect(messages({ timezone: 'UTC', schedules: [{ days: ['monday'], sleepAt: '20:00', wakeAt: '20:00' }] })).toEqual({
      'schedules.0.wakeAt': 'The cluster would wake up when it goes to sleep; choose two different times.',
    });
    expect(messages({ timezone: 'UTC', schedules: Array.from({ length: 8 }, () => weeknights) })).toEqual({ schedules: 'A cluster has at most 7 hibernation schedules.' });
    expect(messages({ timezone: 'UTC', schedules: [{ days: [...WEEKDAYS], sleepAt: '20:00', wakeAt: '08:00' }, { days: [...WEEKDAYS], sleepAt: '08:00', wakeAt: '20:00' }] })).toEqual({
      schedules: 'These schedules keep the cluster asleep all week; hibernate it now instead.',
    });
    expect(messages({ timezone: 'UTC' })).toEqual({ schedules: 'schedules must be a list.' });
  });

  it('takes a week-long sleep that ends on its own weekday, and a same-time wake on another day', () => {
    expect(hibernationSettingsSchema.safeParse({ timezone: 'UTC', schedules: [{ days: ['monday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday' }] }).success).toBe(true);
    expect(hibernationSettingsSchema.safeParse({ timezone: 'UTC', schedules: [{ days: ['friday'], sleepAt: '20:00', wakeAt: '20:00', wakeDay: 'sunday' }] }).success).toBe(true);
  });
});

describe('canonicalTimeZone', () => {
  // IANA names, in their canonical case; null for the rest.
  it.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['utc', 'UTC'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['Paris', null],
    ['-05:00', null],
  ])('reads %s as %s', (name, canonical) => {
    expect(canonicalTimeZone(name)).toBe(canonical);
  });

  it('puts a miscapitalised name in the right case, whatever the runtime calls it', () => {
    expect(canonicalTimeZone('asia/kolkata')).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(canonicalTimeZone('us/eastern')).toMatch(/^(US\/Eastern|America\/New_York)$/);
  });
});

describe('toGardenerSchedules', () => {
  it('writes the presets as Gardener crons: start on the sleep days, end on the days it wakes', () => {
    expect(toGardenerSchedules({ schedules: [weeknights] })).toEqual([{ start: '00 20 * * 1,2,3,4,5', end: '00 07 * * 2,3,4,5,6' }]);
    expect(toGardenerSchedules({ schedules: [weekends] })).toEqual([{ start: '00 20 * * 5', end: '00 07 * * 1' }]);
  });

  it('merges weeknights and weekends so that no wake-up lands inside the weekend', () => {
    expect(toGardenerSchedules({ schedules: [weeknights, weekends] })).toEqual([
      { start: '00 20 * * 1,2,3,4', end: '00 07 * * 2,3,4,5' },
      { start: '00 20 * * 5', end: '00 07 * * 1' },
    ]);
  });

  it('crosses midnight and the end of the week', () => {
    expect(toGardenerSchedules({ schedules: [{ days: ['sunday'], sleepAt: '22:30', wakeAt: '06:15' }] })).toEqual([{ start: '30 22 * * 0', end: '15 06 * * 1' }]);
    expect(toGardenerSchedules({ schedules: [{ days: ['saturday', 'sunday'], sleepAt: '00:00', wakeAt: '23:59' }] })).toEqual([{ start: '00 00 * * 0,6', end: '59 23 * * 0,6' }]);
    // A sleep whose wake-up time is later in the day than its start, but days later.
    expect(toGardenerSchedules({ schedules: [{ days: ['friday'], sleepAt: '18:00', wakeAt: '19:00', wakeDay: 'sunday' }] })).toEqual([{ start: '00 18 * * 5', end: '00 19 * * 0' }]);
  });

  it('joins periods that touch: a wake-up and a sleep in the same minute is no wake-up', () => {
    expect(
      toGardenerSchedules({
        schedules: [
          { days: ['monday'], sleepAt: '20:00', wakeAt: '07:00' },
          { days: ['tuesday'], sleepAt: '07:00', wakeAt: '09:00' },
        ],
      }),
    ).toEqual([{ start: '00 20 * * 1', end: '00 09 * * 2' }]);
  });

  it('refuses periods that never let the cluster wake', () => {
    expect(() => toGardenerSchedules({ schedules: [{ days: [...WEEKDAYS], sleepAt: '00:00', wakeAt: '00:00', wakeDay: 'monday' }] })).toThrow(/never let the cluster wake/);
  });
});

describe('fromGardenerSchedules', () => {
  it('round-trips the presets and their combination (merged)', () => {
    expect(fromGardenerSchedules(toGardenerSchedules({ schedules: [weeknights] }))).toEqual([weeknights]);
    expect(fromGardenerSchedules(toGardenerSchedules({ schedules: [weekends] }))).toEqual([weekends]);
    expect(fromGardenerSchedules(toGardenerSchedules({ schedules: [weeknights, weekends] }))).toEqual([
      { days: ['monday', 'tuesday', 'wednesday', 'thursday'], sleepAt: '20:00', wakeAt: '07:00' },
      weekends,
    ]);
    expect(fromGardenerSchedules([])).toEqual([]);
  });

  it("reads Gardener's own example (start and end on weekdays) as weeknights plus the weekend", () => {
    const expected = [
      { days: ['monday', 'tuesday', 'wednesday', 'thursday'], sleepAt: '17:00', wakeAt: '08:00' },
      { days: ['friday'], sleepAt: '17:00', wakeAt: '08:00', wakeDay: 'monday' },
    ];
    expect(fromGardenerSchedules([{ start: '00 17 * * 1,2,3,4,5', end: '00 08 * * 1,2,3,4,5' }])).toEqual(expected);
    expect(fromGardenerSchedules([{ start: '0 17 * * MON-FRI', end: '0 8 * * 1-5' }])).toEqual(expected);
  });

  it('leaves out what never wakes and what it cannot read', () => {
    expect(fromGardenerSchedules([{ start: '00 20 * * 1', end: null }])).toEqual([]);
    expect(fromGardenerSchedules([{ start: '00 20 1 * 1', end: '00 07 * * 2' }])).toEqual([]);
    expect(fromGardenerSchedules([{ start: '00 20 * * 1', end: '00 07 * * 2' }, { start: 'every evening', end: 'x' }])).toEqual([
      { days: ['monday'], sleepAt: '20:00', wakeAt: '07:00' },
    ]);
  });
});

describe('parseHibernationCron', () => {
  it('reads lists, ranges, steps, names and 7 as Sunday', () => {
    expect(parseHibernationCron('0,30 8-10/2 * * SAT,7')).toEqual({ minutes: [0, 30], hours: [8, 10], days: new Set([6, 0]) });
    expect(parseHibernationCron('15 23 * * *')?.days).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    for (const bad of ['60 20 * * 1', '00 24 * * 1', '00 20 * 1 1', '00 20 * * 8', '00 20 * *', '00 20 * * 5-1', '00 20 * * 1-2-3', '0/5/2 20 * * 1', '*/0 20 * * 1', null, '']) {
      expect(parseHibernationCron(bad)).toBeNull();
    }
  });
});

describe('zonedInstant', () => {
  it('maps wall-clock times to instants across DST in Europe/Paris', () => {
    expect(new Date(zonedInstant('Europe/Paris', 2026, 3, 27, 20, 0)).toISOString()).toBe('2026-03-27T19:00:00.000Z');
    expect(new Date(zonedInstant('Europe/Paris', 2026, 4, 3, 20, 0)).toISOString()).toBe('2026-04-03T18:00:00.000Z');
    // 02:30 does not exist on 29 March 2026: it is taken as 03:30 summer time.
    expect(new Date(zonedInstant('Europe/Paris', 2026, 3, 29, 2, 30)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: the first one (summer time).
    expect(new Date(zonedInstant('Europe/Paris', 2026, 10, 25, 2, 30)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(zonedInstant('Asia/Kathmandu', 2026, 1, 1, 0, 0)).toISOString()).toBe('2025-12-31T18:15:00.000Z');
  });
});

describe('hibernationTransition', () => {
  const weeknightCrons = toGardenerSchedules({ schedules: [weeknights] });

  it('finds the sleep at 20:00 Paris time in a five-minute window, and nothing just after', () => {
    // Monday 23 November 2026: Paris is UTC+1.
    expect(hibernationTransition(weeknightCrons, 'Europe/Paris', at('2026-11-23T18:55:00Z'), at('2026-11-23T19:00:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-11-23T19:00:00Z') });
    expect(hibernationTransition(weeknightCrons, 'Europe/Paris', at('2026-11-23T19:00:00Z'), at('2026-11-23T19:05:00Z'))).toBeNull();
    expect(hibernationTransition(weeknightCrons, 'Europe/Paris', at('2026-11-24T05:58:00Z'), at('2026-11-24T06:03:00Z'))).toEqual({ kind: 'wake', at: at('2026-11-24T06:00:00Z') });
    // The same crons read in UTC fire an hour later.
    expect(hibernationTransition(weeknightCrons, 'UTC', at('2026-11-23T18:55:00Z'), at('2026-11-23T19:05:00Z'))).toBeNull();
    expect(hibernationTransition(weeknightCrons, 'UTC', at('2026-11-23T19:55:00Z'), at('2026-11-23T20:05:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-11-23T20:00:00Z') });
  });

  it('keeps wall-clock times across the DST changes of Europe/Paris', () => {
    const saturdayNights = toGardenerSchedules({ schedules: [{ days: ['saturday'], sleepAt: '23:00', wakeAt: '09:00' }] });
    // Saturday 28 March 2026, 23:00 winter time; Sunday 29 March, 09:00 summer time: a 9-hour night.
    expect(hibernationTransition(saturdayNights, 'Europe/Paris', at('2026-03-28T21:00:00Z'), at('2026-03-28T23:00:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-03-28T22:00:00Z') });
    expect(hibernationTransition(saturdayNights, 'Europe/Paris', at('2026-03-29T06:00:00Z'), at('2026-03-29T08:00:00Z'))).toEqual({ kind: 'wake', at: at('2026-03-29T07:00:00Z') });
    // Saturday 24 October, 23:00 summer time; Sunday 25 October, 09:00 winter time: an 11-hour night.
    expect(hibernationTransition(saturdayNights, 'Europe/Paris', at('2026-10-24T20:00:00Z'), at('2026-10-24T22:00:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-10-24T21:00:00Z') });
    expect(hibernationTransition(saturdayNights, 'Europe/Paris', at('2026-10-25T07:00:00Z'), at('2026-10-25T09:00:00Z'))).toEqual({ kind: 'wake', at: at('2026-10-25T08:00:00Z') });

    const skipped = [{ start: '30 02 * * 0', end: '00 05 * * 0' }];
    expect(hibernationTransition(skipped, 'Europe/Paris', at('2026-03-29T01:00:00Z'), at('2026-03-29T01:35:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-03-29T01:30:00Z') });
    expect(hibernationTransition(skipped, 'Europe/Paris', at('2026-10-25T00:00:00Z'), at('2026-10-25T02:00:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-10-25T00:30:00Z') });
  });

  it('reads the days of the week in the zone, far from UTC', () => {
    const weekendCrons = toGardenerSchedules({ schedules: [weekends] });
    // Kiritimati is UTC+14: its Monday 07:00 is Sunday 17:00 UTC, and its Friday 20:00 is Friday 06:00 UTC.
    expect(hibernationTransition(weekendCrons, 'Pacific/Kiritimati', at('2026-11-22T16:55:00Z'), at('2026-11-22T17:00:00Z'))).toEqual({ kind: 'wake', at: at('2026-11-22T17:00:00Z') });
    expect(hibernationTransition(weekendCrons, 'Pacific/Kiritimati', at('2026-11-20T05:55:00Z'), at('2026-11-20T06:00:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-11-20T06:00:00Z') });
    // Pago Pago is UTC−11: its Monday 07:00 is Monday 18:00 UTC.
    expect(hibernationTransition(weekendCrons, 'Pacific/Pago_Pago', at('2026-11-22T16:00:00Z'), at('2026-11-22T18:00:00Z'))).toBeNull();
    expect(hibernationTransition(weekendCrons, 'Pacific/Pago_Pago', at('2026-11-23T17:55:00Z'), at('2026-11-23T18:00:00Z'))).toEqual({ kind: 'wake', at: at('2026-11-23T18:00:00Z') });
  });

  it('answers the last transition of a window that spans midnight, and of a long one', () => {
    const lateNight = toGardenerSchedules({ schedules: [{ days: ['sunday'], sleepAt: '23:30', wakeAt: '00:30' }] });
    // Tokyo is UTC+9: Sunday 23:30 is 14:30 UTC, Monday 00:30 is 15:30 UTC.
    expect(hibernationTransition(lateNight, 'Asia/Tokyo', at('2026-11-22T14:25:00Z'), at('2026-11-22T14:35:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-11-22T14:30:00Z') });
    expect(hibernationTransition(lateNight, 'Asia/Tokyo', at('2026-11-22T14:25:00Z'), at('2026-11-22T15:35:00Z'))).toEqual({ kind: 'wake', at: at('2026-11-22T15:30:00Z') });
    expect(hibernationTransition(weeknightCrons, 'Europe/Paris', at('2026-01-01T00:00:00Z'), at('2026-11-28T12:00:00Z'))).toEqual({ kind: 'wake', at: at('2026-11-28T06:00:00Z') });
  });

  it('counts a start and an end in the same minute as a start, and answers null when nothing is due', () => {
    const tie = [{ start: '00 20 * * 1', end: '00 07 * * 2' }, { start: null, end: '00 20 * * 1' }];
    expect(hibernationTransition(tie, 'UTC', at('2026-11-23T19:55:00Z'), at('2026-11-23T20:05:00Z'))).toEqual({ kind: 'hibernate', at: at('2026-11-23T20:00:00Z') });
    expect(hibernationTransition([], 'UTC', 0, at('2026-11-23T20:05:00Z'))).toBeNull();
    expect(hibernationTransition(weeknightCrons, 'UTC', at('2026-11-23T20:05:00Z'), at('2026-11-23T20:05:00Z'))).toBeNull();
    expect(hibernationTransition([{ start: 'nonsense', end: null }], 'UTC', 0, at('2026-11-23T20:05:00Z'))).toBeNull();
  });
});

describe('periods, crons and transitions agree', () => {
  const time = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.constantFrom(0, 15, 30, 45) }).map(({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const period: fc.Arbitrary<HibernationPeriod> = fc
    .record({
      days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
      sleepAt: time,
      wakeAt: time,
      wakeDay: fc.option(fc.constantFrom(...WEEKDAYS), { nil: undefined }),
    })
    .filter((p) => p.wakeDay !== undefined || p.sleepAt !== p.wakeAt)
    .map(({ wakeDay, ...rest }) => (wakeDay ? { ...rest, wakeDay } : rest));

  /**
   * Whether the cluster sleeps at minute `m` of the week (Monday 00:00 = 0), straight from the
   * definition: some period put it to sleep before m and the first matching wake-up after that
   * sleep has not come yet.
   */
  function asleepByDefinition(periods: HibernationPeriod[], m: number): boolean {
    const week = 7 * 1440;
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    return periods.some((p) =>
      p.days.some((day) => {
        const sleep = WEEKDAYS.indexOf(day) * 1440 + minutes(p.sleepAt);
        const elapsed = (m - sleep + week) % week;
        for (let t = 1; t <= elapsed; t += 1) {
          const instant = sleep + t;
          const isWakeTime = instant % 1440 === minutes(p.wakeAt);
          const onDay = p.wakeDay === undefined || WEEKDAYS[Math.floor(instant / 1440) % 7] === p.wakeDay;
          if (isWakeTime && onDay) return false;
        }
        return true;
      }),
    );
  }

  it('toGardenerSchedules keeps the sleep; fromGardenerSchedules gives it back', () => {
    // Monday 2 November 2026 00:00 UTC.
    const monday = at('2026-11-02T00:00:00Z');
    fc.assert(
      fc.property(fc.array(period, { minLength: 1, maxLength: 3 }), fc.array(fc.integer({ min: 0, max: 7 * 1440 - 1 }), { minLength: 12, maxLength: 12 }), (periods, samples) => {
        const parsed = hibernationSettingsSchema.safeParse({ timezone: 'UTC', schedules: periods });
        fc.pre(parsed.success);
        const crons = toGardenerSchedules({ schedules: periods });
        const back = fromGardenerSchedules(crons);
        expect(toGardenerSchedules({ schedules: back })).toEqual(crons);
        for (const m of samples) {
          const instant = monday + 7 * 1440 * MINUTE + m * MINUTE;
          const last = hibernationTransition(crons, 'UTC', instant - 8 * 1440 * MINUTE, instant);
          expect((last?.kind ?? 'wake') === 'hibernate', `minute ${m} of ${JSON.stringify(periods)}`).toBe(asleepByDefinition(periods, m));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('sentences', () => {
  it('names days and periods as people say them', () => {
    expect(describeDays(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toBe('Monday to Friday');
    expect(describeDays(['monday', 'wednesday', 'friday'])).toBe('Monday, Wednesday and Friday');
    expect(describeDays(['saturday', 'sunday'])).toBe('Saturday and Sunday');
    expect(describeDays([...WEEKDAYS] as Weekday[])).toBe('every day');
    expect(describeHibernationPeriod(weeknights)).toBe('sleeps Monday to Friday at 20:00 and wakes the next day at 07:00');
    expect(describeHibernationPeriod(weekends)).toBe('sleeps Friday at 20:00 and wakes on Monday at 07:00');
    expect(describeHibernationPeriod({ days: ['sunday'], sleepAt: '12:00', wakeAt: '14:00' })).toBe('sleeps Sunday at 12:00 and wakes the same day at 14:00');
  });
});
