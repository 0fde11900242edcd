import { z } from 'zod';
import { WEEKDAYS, type Weekday } from './cluster-spec';

/**
 * Hibernation schedules of Dev/Test and Sandbox clusters (issue 12).
 *
 * People edit periods (the form's `schedules`): "sleep at 20:00 on Monday to Friday, wake at
 * 07:00". Gardener stores cron pairs read in an IANA time zone, `{ start: "00 20 * * 1,2,3,4,5",
 * end: "00 07 * * 2,3,4,5,6" }`, and fires every start (hibernate) and every end (wake) on its own. This module converts between
 * the two through the week's sleep intervals, and says which transition falls in a time window.
 *
 * How days map to start and end: `days` are the days the cluster goes to sleep, at `sleepAt`.
 * It wakes at the first `wakeAt` after that — the same day when `wakeAt` is later than `sleepAt`,
 * else the next morning — or, when `wakeDay` is given, at the first `wakeAt` on that weekday (so
 * "sleep Friday 20:00, wake Monday 07:00" is `{ days: ['friday'], sleepAt: '20:00', wakeAt: '07:00',
 * wakeDay: 'monday' }`). The end cron's days are therefore the start's days shifted by the nights
 * slept: Monday to Friday at 20:00 → 07:00 wakes Tuesday to Saturday.
 *
 * Overlapping or touching periods are merged before they become crons: Gardener fires crons
 * independently, so "weeknights" and "weekends" stored as they are typed would wake the cluster on
 * Saturday at 07:00 in the middle of the weekend. Merged, the weekend sleep is one interval and the
 * stored crons never contradict each other.
 */

export const MAX_HIBERNATION_SCHEDULES = 7;

/** A period as the form edits it (and scripts send it). */
export interface HibernationPeriod {
  /** Days it goes to sleep, in week order. */
  days: Weekday[];
  /** "HH:MM", 24-hour, in the schedule's time zone. */
  sleepAt: string;
  wakeAt: string;
  /** The weekday it wakes on, when not the first `wakeAt` after it went to sleep. */
  wakeDay?: Weekday;
}

export interface HibernationSettings {
  timezone: string;
  schedules: HibernationPeriod[];
}

/** Gardener's form (the `clusters.hibernation` column): cron expressions "MM HH * * DOW". */
export interface GardenerHibernationSchedule {
  start: string | null;
  end: string | null;
}

export type HibernationTransitionKind = 'hibernate' | 'wake';

export interface HibernationTransition {
  kind: HibernationTransitionKind;
  /** UTC epoch ms. */
  at: number;
}

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const DAY_MS = DAY_MINUTES * 60_000;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const HIBERNATION_TIME_MESSAGE = 'Times are HH:MM, 24-hour.';
/** IANA names only: Intl also takes offsets such as "+01:00", which Gardener's Go time zones do not. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

// ---------------------------------------------------------------------------------------------
// Time zones and wall clocks

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Every part capitalised, as IANA spells its names (Go reads them case-sensitively). */
const CAPITALISED_ZONE = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

/**
 * The IANA zone spelled so that Gardener's Go runtime finds it ("europe/paris" → "Europe/Paris"),
 * or null if unknown. ICU resolves some current names to older aliases (Asia/Kolkata to
 * Asia/Calcutta); a name typed with IANA's capitals is kept as typed, since both are valid.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!ZONE_NAME.test(zone)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!ZONE_NAME.test(resolved)) return null;
  if (resolved.toLowerCase() === zone.toLowerCase()) return resolved;
  return CAPITALISED_ZONE.test(zone) ? zone : resolved;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock on the wall in `timeZone` shows at `instant`. */
export function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `instant`, ms (Paris in summer: +7 200 000). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a wall clock in `timeZone` shows this date and time. Across DST it behaves like
 * Temporal's "compatible" disambiguation: a time the clocks skip (02:30 on the spring-forward night)
 * is taken as that much later (03:30), and a time shown twice (02:30 on the fall-back night) is its
 * first occurrence. A schedule set in the skipped hour therefore still fires that night.
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Zones change offset at most once in two days, so the offsets a day either side are the candidates.
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const shows = (instant: number) => {
    const wall = wallClock(instant, timeZone);
    return wall.year === year && wall.month === month && wall.day === day && wall.hour === hour && wall.minute === minute;
  };
  const candidates = [...new Set([asUtc - before, asUtc - after])].filter(shows).sort((a, b) => a - b);
  return candidates[0] ?? asUtc - before;
}

// ---------------------------------------------------------------------------------------------
// Cron expressions "MM HH * * DOW"

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function parseField(field: string, min: number, max: number, names: string[] = []): number[] | null {
  const values = new Set<number>();
  const value = (text: string) => {
    const named = names.indexOf(text.toUpperCase());
    if (named !== -1) return named;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  };
  for (const item of field.split(',')) {
    if (item.split('/').length > 2 || item.split('-').length > 2) return null;
    const [range = '', stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return null;
    let first: number;
    let last: number;
    if (range === '*') [first, last] = [min, max];
    else if (range.includes('-')) [first, last] = range.split('-').map(value) as [number, number];
    else [first, last] = [value(range), stepText === undefined ? value(range) : max];
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < min || last > max || first > last) return null;
    for (let current = first; current <= last; current += step) values.add(current);
  }
  return [...values].sort((a, b) => a - b);
}

interface CronTimes {
  minutes: number[];
  hours: number[];
  /** 0 = Sunday … 6 = Saturday. */
  days: Set<number>;
}

/**
 * Minutes, hours and days of week of "MM HH * * DOW" (lists, ranges, steps, names, 7 = Sunday);
 * null for anything else, which this module never writes (a day of month, a month).
 */
export function parseHibernationCron(expression: string | null): CronTimes | null {
  if (!expression) return null;
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || fields[2] !== '*' || fields[3] !== '*') return null;
  const minutes = parseField(fields[0]!, 0, 59);
  const hours = parseField(fields[1]!, 0, 23);
  const days = parseField(fields[4]!, 0, 7, DAY_NAMES);
  if (!minutes || !hours || !days) return null;
  return { minutes, hours, days: new Set(days.map((day) => day % 7)) };
}

function cronOf(minuteOfDay: number, cronDays: number[]): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(minuteOfDay % 60)} ${pad(Math.floor(minuteOfDay / 60))} * * ${[...new Set(cronDays)].sort((a, b) => a - b).join(',')}`;
}

// ---------------------------------------------------------------------------------------------
// Periods ⇄ weekly sleep intervals ⇄ crons

/** A sleep within the week: minutes from Monday 00:00 (wall clock), and its length. */
interface Interval {
  start: number;
  length: number;
}

const minutesOf = (time: string) => {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function intervalsOf(period: HibernationPeriod): Interval[] {
  const sleep = minutesOf(period.sleepAt);
  const wake = minutesOf(period.wakeAt);
  return period.days.map((day) => {
    const dayIndex = WEEKDAYS.indexOf(day);
    let nights: number;
    if (period.wakeDay) {
      nights = (WEEKDAYS.indexOf(period.wakeDay) - dayIndex + 7) % 7;
      if (nights === 0 && wake <= sleep) nights = 7;
    } else {
      nights = wake > sleep ? 0 : 1;
    }
    return { start: dayIndex * DAY_MINUTES + sleep, length: nights * DAY_MINUTES + wake - sleep };
  });
}

/**
 * One interval per uninterrupted sleep: overlapping or touching ones (waking and sleeping in the
 * same minute) become one, across the end of the week too. Null when the cluster would never wake.
 */
function mergeIntervals(intervals: Interval[]): Interval[] | null {
  const sorted = intervals.filter((interval) => interval.length > 0).sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    const end = interval.start + interval.length;
    if (last && interval.start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start: interval.start, end });
  }
  // The last sleep may run past Sunday night into the first ones of the next week.
  while (merged.length > 1 && merged.at(-1)!.end >= merged[0]!.start + WEEK_MINUTES) {
    const first = merged.shift()!;
    merged.at(-1)!.end = Math.max(merged.at(-1)!.end, first.end + WEEK_MINUTES);
  }
  if (merged.some((interval) => interval.end - interval.start >= WEEK_MINUTES)) return null;
  return merged.map((interval) => ({ start: interval.start, length: interval.end - interval.start }));
}

interface IntervalGroup {
  sleep: number;
  wake: number;
  wakeDay: Weekday | undefined;
  intervals: Interval[];
}

/** Intervals that read as one period: same times, and the default wake day or the same weekday. */
function groupIntervals(intervals: Interval[]): IntervalGroup[] {
  const groups = new Map<string, IntervalGroup>();
  for (const interval of [...intervals].sort((a, b) => a.start - b.start)) {
    const sleepDay = Math.floor(interval.start / DAY_MINUTES);
    const end = interval.start + interval.length;
    const sleep = interval.start % DAY_MINUTES;
    const wake = end % DAY_MINUTES;
    const nights = Math.floor(end / DAY_MINUTES) - sleepDay;
    const usual = wake > sleep ? 0 : 1;
    const wakeDay = nights === usual ? undefined : WEEKDAYS[Math.floor(end / DAY_MINUTES) % 7]!;
    const key = `${sleep}|${wake}|${wakeDay ?? ''}`;
    const group = groups.get(key) ?? { sleep, wake, wakeDay, intervals: [] };
    group.intervals.push(interval);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function periodOf(group: IntervalGroup): HibernationPeriod {
  const days = group.intervals.map((interval) => WEEKDAYS[Math.floor(interval.start / DAY_MINUTES)]!);
  return {
    days: WEEKDAYS.filter((day) => days.includes(day)),
    sleepAt: timeOf(group.sleep),
    wakeAt: timeOf(group.wake),
    ...(group.wakeDay ? { wakeDay: group.wakeDay } : {}),
  };
}

/** The week's sleep as merged intervals; null when the periods never let the cluster wake. */
function sleepIntervals(periods: HibernationPeriod[]): Interval[] | null {
  return mergeIntervals(periods.flatMap(intervalsOf));
}

/**
 * Gardener's cron pairs for these periods, in the same time zone (Gardener's `location`). Each
 * pair's start days are the days it sleeps, its end days the days it wakes.
 */
export function toGardenerSchedules(settings: Pick<HibernationSettings, 'schedules'>): GardenerHibernationSchedule[] {
  const intervals = sleepIntervals(settings.schedules);
  if (!intervals) throw new RangeError('These hibernation periods never let the cluster wake up.');
  return groupIntervals(intervals).map((group) => ({
    start: cronOf(group.sleep, group.intervals.map((interval) => (Math.floor(interval.start / DAY_MINUTES) + 1) % 7)),
    end: cronOf(group.wake, group.intervals.map((interval) => (Math.floor((interval.start + interval.length) / DAY_MINUTES) + 1) % 7)),
  }));
}

/**
 * The periods stored crons mean, for the edit form: toGardenerSchedules' inverse (periods that
 * overlapped come back merged). Crons are read as Gardener fires them, so a stored form written
 * elsewhere reads too (starts and ends on the same days: the nights between, and the weekend);
 * a minute with both a start and an end counts as a start, and a cluster that is put to sleep but
 * never woken by the crons has no period to show.
 */
export function fromGardenerSchedules(schedules: readonly GardenerHibernationSchedule[]): HibernationPeriod[] {
  const events = new Map<number, HibernationTransitionKind>();
  const add = (expression: string | null, kind: HibernationTransitionKind) => {
    const cron = parseHibernationCron(expression);
    if (!cron) return;
    for (const day of cron.days) {
      for (const hour of cron.hours) {
        for (const minute of cron.minutes) {
          const at = ((day + 6) % 7) * DAY_MINUTES + hour * 60 + minute;
          if (kind === 'hibernate' || !events.has(at)) events.set(at, kind);
        }
      }
    }
  };
  for (const schedule of schedules) {
    add(schedule.end, 'wake');
    add(schedule.start, 'hibernate');
  }
  const timeline = [...events.entries()].sort((a, b) => a[0] - b[0]);
  if (!timeline.some(([, kind]) => kind === 'wake')) return [];
  const intervals: Interval[] = [];
  timeline.forEach(([at, kind], index) => {
    const previous = timeline[(index - 1 + timeline.length) % timeline.length]!;
    if (kind !== 'hibernate' || previous[1] === 'hibernate') return;
    for (let step = 1; step <= timeline.length; step += 1) {
      const [wakeAt, next] = timeline[(index + step) % timeline.length]!;
      if (next !== 'wake') continue;
      intervals.push({ start: at, length: (wakeAt - at + WEEK_MINUTES) % WEEK_MINUTES });
      return;
    }
  });
  return groupIntervals(intervals).map(periodOf);
}

// ---------------------------------------------------------------------------------------------
// Transitions in a time window

/**
 * The last scheduled transition in (from, to]: what the cluster should have done most recently,
 * with its instant. Wall-clock times are read in `timeZone` on each local date of the window (so
 * 20:00 stays 20:00 across DST); a start and an end in the same minute count as a start.
 */
export function hibernationTransition(schedules: readonly GardenerHibernationSchedule[], timeZone: string, from: number, to: number): HibernationTransition | null {
  if (!(to > from) || schedules.length === 0) return null;
  // Schedules repeat weekly: a longer window's last transition is within its last eight days.
  const since = Math.max(from, to - 8 * DAY_MS);
  const crons = schedules.flatMap((schedule) => [
    { kind: 'wake' as const, cron: parseHibernationCron(schedule.end) },
    { kind: 'hibernate' as const, cron: parseHibernationCron(schedule.start) },
  ]);
  const first = wallClock(since, timeZone);
  const last = wallClock(to, timeZone);
  const lastDate = Date.UTC(last.year, last.month - 1, last.day);
  let best: HibernationTransition | null = null;
  for (let date = Date.UTC(first.year, first.month - 1, first.day); date <= lastDate; date += DAY_MS) {
    const day = new Date(date);
    const weekday = day.getUTCDay();
    for (const { kind, cron } of crons) {
      if (!cron?.days.has(weekday)) continue;
      for (const hour of cron.hours) {
        for (const minute of cron.minutes) {
          const at = zonedInstant(timeZone, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, minute);
          if (at <= since || at > to) continue;
          if (!best || at > best.at || (at === best.at && kind === 'hibernate')) best = { kind, at };
        }
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Presets and sentences

export type HibernationPresetId = 'weeknights' | 'weekends';

/** One click in the form; both together sleep every night and the whole weekend. */
export const HIBERNATION_PRESETS: Readonly<Record<HibernationPresetId, { label: string; period: HibernationPeriod }>> = {
  weeknights: { label: 'Weeknights', period: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], sleepAt: '20:00', wakeAt: '07:00' } },
  weekends: { label: 'Weekends', period: { days: ['friday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday' } },
};

const dayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** "Monday to Friday", "Monday, Wednesday and Friday", "every day". */
export function describeDays(days: readonly Weekday[]): string {
  const indexes = WEEKDAYS.map((day, index) => (days.includes(day) ? index : -1)).filter((index) => index !== -1);
  if (indexes.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const index of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  const names = runs.flatMap((run) =>
    run.length >= 3 ? [`${dayName(WEEKDAYS[run[0]!]!)} to ${dayName(WEEKDAYS[run.at(-1)!]!)}`] : run.map((index) => dayName(WEEKDAYS[index]!)),
  );
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "sleeps Monday to Friday at 20:00 and wakes the next day at 07:00". */
export function describeHibernationPeriod(period: HibernationPeriod): string {
  const sleep = minutesOf(period.sleepAt);
  const wake = minutesOf(period.wakeAt);
  const when = period.wakeDay ? `on ${dayName(period.wakeDay)}` : wake > sleep ? 'the same day' : 'the next day';
  return `sleeps ${describeDays(period.days)} at ${period.sleepAt} and wakes ${when} at ${period.wakeAt}`;
}

// ---------------------------------------------------------------------------------------------
// Schemas

const timeSchema = (what: string) =>
  z
    .string({ error: `${what} is required (${HIBERNATION_TIME_MESSAGE})` })
    .trim()
    .regex(TIME_PATTERN, HIBERNATION_TIME_MESSAGE)
    .describe(`${what}, "HH:MM" 24-hour, in the schedule's time zone.`);

const weekdaySchema = z.enum(WEEKDAYS, { error: `Days are ${WEEKDAYS.join(', ')}.` });

export const hibernationTimeZoneSchema = z
  .string({ error: 'The time zone is required.' })
  .trim()
  .min(1, 'The time zone is required.')
  .max(64, 'The time zone is at most 64 characters.')
  .transform((zone, context) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: `"${zone}" is not a time zone; use an IANA name such as Europe/Paris.` });
    return z.NEVER;
  })
  .describe('IANA time zone the times are read in, e.g. Europe/Paris.');

export const hibernationPeriodSchema = z
  .object(
    {
      days: z
        .array(weekdaySchema, { error: 'days must be a list of weekdays.' })
        .min(1, 'A schedule needs at least one day.')
        .max(7, 'A week has 7 days.')
        .transform((days) => WEEKDAYS.filter((day) => days.includes(day)))
        .describe('Days it goes to sleep.'),
      sleepAt: timeSchema('The time it goes to sleep'),
      wakeAt: timeSchema('The time it wakes up'),
      wakeDay: weekdaySchema
        .optional()
        .describe('The weekday it wakes up on (e.g. monday after a weekend); by default the first wakeAt after it went to sleep: the same day if later, else the next day.'),
    },
    { error: 'A schedule has days, sleepAt and wakeAt.' },
  )
  .superRefine((period, context) => {
    if (period.wakeDay === undefined && period.sleepAt === period.wakeAt) {
      context.addIssue({ code: 'custom', path: ['wakeAt'], message: 'The cluster would wake up when it goes to sleep; choose two different times.' });
    }
  });

export const hibernationSettingsSchema = z.object({
  timezone: hibernationTimeZoneSchema,
  schedules: z
    .array(hibernationPeriodSchema, { error: 'schedules must be a list.' })
    .max(MAX_HIBERNATION_SCHEDULES, `A cluster has at most ${MAX_HIBERNATION_SCHEDULES} hibernation schedules.`)
    .superRefine((periods, context) => {
      const readable = periods.every((period) => TIME_PATTERN.test(period.sleepAt) && TIME_PATTERN.test(period.wakeAt) && period.days.length > 0);
      if (readable && sleepIntervals(periods) === null) {
        context.addIssue({ code: 'custom', message: 'These schedules keep the cluster asleep all week; hibernate it now instead.' });
      }
    })
    .describe('Sleep periods; an empty list turns scheduled hibernation off.'),
});
export type HibernationSettingsInput = z.input<typeof hibernationSettingsSchema>;
