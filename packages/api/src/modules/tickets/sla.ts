/**
 * Support SLA (issue 14): when a response or an update is due, and whether it is late. Pure: every
 * time is passed in (the injected clock's), so tests control it.
 */
import type { SupportHours, TicketSeverity } from '@kubemarket/db';

export interface SlaTargets {
  planId: string;
  planName: string;
  hours: SupportHours;
  /** Minutes to the first response per severity (counted within `hours`); null: not offered. */
  response: Record<TicketSeverity, number | null>;
  /** Minutes between updates once answered, per severity. */
  update: Record<TicketSeverity, number>;
}

/** Update cadence of a plan that sets none: twice the response target, at least a business day. */
const DEFAULT_UPDATE_MINUTES: Record<TicketSeverity, number> = { P1: 480, P2: 1_440, P3: 2_880, P4: 5_760 };

/**
 * Organisations without a support plan get Basic's targets (what the catalogue says is included
 * with every organisation); this copy applies only when the catalogue row is missing.
 */
export const DEFAULT_TARGETS: SlaTargets = {
  planId: 'support_basic',
  planName: 'Basic',
  hours: 'business',
  response: { P1: 240, P2: 480, P3: 1_440, P4: 2_880 },
  update: DEFAULT_UPDATE_MINUTES,
};

export interface PlanTargetsRow {
  id: string;
  name: string;
  hours: SupportHours;
  p1ResponseMinutes: number | null;
  p2ResponseMinutes: number | null;
  p3ResponseMinutes: number | null;
  p4ResponseMinutes: number | null;
  p1UpdateMinutes: number | null;
  p2UpdateMinutes: number | null;
  p3UpdateMinutes: number | null;
  p4UpdateMinutes: number | null;
}

export function targetsOf(plan: PlanTargetsRow): SlaTargets {
  return {
    planId: plan.id,
    planName: plan.name,
    hours: plan.hours,
    response: { P1: plan.p1ResponseMinutes, P2: plan.p2ResponseMinutes, P3: plan.p3ResponseMinutes, P4: plan.p4ResponseMinutes },
    update: {
      P1: plan.p1UpdateMinutes ?? DEFAULT_UPDATE_MINUTES.P1,
      P2: plan.p2UpdateMinutes ?? DEFAULT_UPDATE_MINUTES.P2,
      P3: plan.p3UpdateMinutes ?? DEFAULT_UPDATE_MINUTES.P3,
      P4: plan.p4UpdateMinutes ?? DEFAULT_UPDATE_MINUTES.P4,
    },
  };
}

/** A severity the plan has no response target for falls back to the next lower one it has. */
export function responseMinutes(targets: SlaTargets, severity: TicketSeverity): number {
  const order: TicketSeverity[] = ['P1', 'P2', 'P3', 'P4'];
  for (const candidate of order.slice(order.indexOf(severity))) {
    const minutes = targets.response[candidate];
    if (minutes !== null) return minutes;
  }
  return DEFAULT_TARGETS.response.P4!;
}

export function offersP1(targets: SlaTargets): boolean {
  return targets.response.P1 !== null;
}

// ---------------------------------------------------------------------------------------------
// Business hours: Monday to Friday, 08:00 to 18:00 Paris time, without French public holidays
// (support-plans.ts).

const OPEN_HOUR = 8;
const CLOSE_HOUR = 18;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Paris wall-clock time of an instant, as if it were UTC (so date arithmetic stays simple). */
function parisWallClock(instant: number): number {
  const parts = Object.fromEntries(parisParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) + (instant % 1000);
}

/** The instant of a Paris wall-clock time; business hours never fall in a DST gap (02:00-03:00). */
function instantOfParis(wall: number): number {
  const guess = wall - (parisWallClock(wall) - wall);
  return guess - (parisWallClock(guess) - wall);
}

/** Easter Sunday (Gregorian, anonymous algorithm) as a UTC midnight. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

const holidayCache = new Map<number, Set<number>>();

/** French public holidays of a year, as UTC midnights of their Paris dates. */
export function frenchHolidays(year: number): Set<number> {
  let days = holidayCache.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([
      Date.UTC(year, 0, 1),
      easter + DAY_MS, // Easter Monday
      Date.UTC(year, 4, 1),
      Date.UTC(year, 4, 8),
      easter + 39 * DAY_MS, // Ascension
      easter + 50 * DAY_MS, // Whit Monday
      Date.UTC(year, 6, 14),
      Date.UTC(year, 7, 15),
      Date.UTC(year, 10, 1),
      Date.UTC(year, 10, 11),
      Date.UTC(year, 11, 25),
    ]);
    holidayCache.set(year, days);
  }
  return days;
}

function isBusinessDay(wallMidnight: number): boolean {
  const weekday = new Date(wallMidnight).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !frenchHolidays(new Date(wallMidnight).getUTCFullYear()).has(wallMidnight);
}

/** `minutes` of support time after `start`: plain time for 24x7, business hours otherwise. */
export function addSupportMinutes(start: number, minutes: number, hours: SupportHours): number {
  if (hours === '24x7') return start + minutes * MINUTE_MS;
  let wall = parisWallClock(start);
  let remaining = minutes * MINUTE_MS;
  for (;;) {
    const midnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
    const opens = midnight + OPEN_HOUR * 60 * MINUTE_MS;
    const closes = midnight + CLOSE_HOUR * 60 * MINUTE_MS;
    if (!isBusinessDay(midnight) || wall >= closes) {
      wall = midnight + DAY_MS + OPEN_HOUR * 60 * MINUTE_MS;
      continue;
    }
    if (wall < opens) wall = opens;
    const available = closes - wall;
    if (remaining <= available) return instantOfParis(wall + remaining);
    remaining -= available;
    wall = midnight + DAY_MS + OPEN_HOUR * 60 * MINUTE_MS;
  }
}

// ---------------------------------------------------------------------------------------------
// A ticket's timers

export interface SlaState {
  firstResponseDueAt: number;
  firstRespondedAt: number | null;
  nextUpdateDueAt: number | null;
  status: 'open' | 'awaiting_customer' | 'awaiting_support' | 'resolved' | 'closed';
}

export interface SlaView {
  /** What staff owe next: the first response, then an update; null when nothing is owed. */
  dueKind: 'first_response' | 'update' | null;
  dueAt: number | null;
  breached: boolean;
  /** The first response came (or has not yet come) within its target. */
  firstResponseMet: boolean | null;
}

export function dueOf(state: SlaState): { kind: SlaView['dueKind']; at: number | null } {
  if (state.status === 'resolved' || state.status === 'closed') return { kind: null, at: null };
  if (state.firstRespondedAt === null) return { kind: 'first_response', at: state.firstResponseDueAt };
  if (state.status === 'awaiting_customer' || state.nextUpdateDueAt === null) return { kind: null, at: null };
  return { kind: 'update', at: state.nextUpdateDueAt };
}

/** Breach: now is past what is due and the response or update has not come. */
export function slaView(state: SlaState, now: number): SlaView {
  const due = dueOf(state);
  const firstResponseMet =
    state.firstRespondedAt !== null ? state.firstRespondedAt <= state.firstResponseDueAt : now > state.firstResponseDueAt ? false : null;
  return { dueKind: due.kind, dueAt: due.at, breached: due.at !== null && now > due.at, firstResponseMet };
}
