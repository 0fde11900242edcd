import { describe, expect, it } from 'vitest';
import { addSupportMinutes, DEFAULT_TARGETS, frenchHolidays, offersP1, responseMinutes, slaView, targetsOf } from './sla';

const HOUR_MS = 60 * 60_000;

describe('support time', () => {
  it('counts business hours in Paris: the rest of the day, then from 08:00 the next business day', () => {
    // Monday 23 November 2026, 17:00 in Paris (UTC+1): one hour today, three on Tuesday.
    expect(addSupportMinutes(Date.UTC(2026, 10, 23, 16), 240, 'business')).toBe(Date.UTC(2026, 10, 24, 10));
    // Before opening, the clock starts at 08:00.
    expect(addSupportMinutes(Date.UTC(2026, 10, 23, 5), 60, 'business')).toBe(Date.UTC(2026, 10, 23, 8));
  });

  it('skips weekends and French public holidays', () => {
    // Friday 27 November 17:00 Paris + 2 h: one on Friday, one on Monday from 08:00.
    expect(addSupportMinutes(Date.UTC(2026, 10, 27, 16), 120, 'business')).toBe(Date.UTC(2026, 10, 30, 8));
    // Tuesday 10 November 17:30 Paris + 1 h: Wednesday 11 November is Armistice Day.
    expect(addSupportMinutes(Date.UTC(2026, 10, 10, 16, 30), 60, 'business')).toBe(Date.UTC(2026, 10, 12, 7, 30));
    const holidays = frenchHolidays(2026);
    for (const day of [Date.UTC(2026, 3, 6), Date.UTC(2026, 4, 14), Date.UTC(2026, 4, 25), Date.UTC(2026, 6, 14)]) expect(holidays.has(day)).toBe(true);
  });

  it('follows the change to summer time', () => {
    // Friday 27 March 2026 17:00 CET + 2 h: Monday 30 March 09:00 CEST (UTC+2).
    expect(addSupportMinutes(Date.UTC(2026, 2, 27, 16), 120, 'business')).toBe(Date.UTC(2026, 2, 30, 7));
  });

  it('counts plain time around the clock', () => {
    expect(addSupportMinutes(Date.UTC(2026, 10, 28, 23), 30, '24x7')).toBe(Date.UTC(2026, 10, 28, 23, 30));
  });
});

describe('targets', () => {
  const plan = {
    id: 'support_x',
    name: 'X',
    hours: '24x7' as const,
    p1ResponseMinutes: null,
    p2ResponseMinutes: 120,
    p3ResponseMinutes: 480,
    p4ResponseMinutes: null,
    p1UpdateMinutes: null,
    p2UpdateMinutes: 240,
    p3UpdateMinutes: null,
    p4UpdateMinutes: null,
  };

  it('knows whether a plan offers P1, and falls back to defaults for missing update cadences', () => {
    const targets = targetsOf(plan);
    expect(offersP1(targets)).toBe(false);
    expect(offersP1(DEFAULT_TARGETS)).toBe(true);
    expect(targets.update).toEqual({ P1: 480, P2: 240, P3: 2_880, P4: 5_760 });
    // A severity without its own target uses the next lower one the plan has.
    expect(responseMinutes(targets, 'P1')).toBe(120);
    expect(responseMinutes(targets, 'P4')).toBe(DEFAULT_TARGETS.response.P4);
  });
});

describe('breaches, with a controlled clock', () => {
  const due = Date.UTC(2026, 10, 23, 13);
  const open = { firstResponseDueAt: due, firstRespondedAt: null, nextUpdateDueAt: null, status: 'open' as const };

  it('is not breached until the due time has passed without a response', () => {
    expect(slaView(open, due - HOUR_MS)).toEqual({ dueKind: 'first_response', dueAt: due, breached: false, firstResponseMet: null });
    expect(slaView(open, due)).toMatchObject({ breached: false });
    expect(slaView(open, due + 60_000)).toEqual({ dueKind: 'first_response', dueAt: due, breached: true, firstResponseMet: false });
  });

  it('tracks the update owed once answered, and nothing while the customer holds the ticket', () => {
    const answered = { ...open, firstRespondedAt: due - HOUR_MS, status: 'awaiting_support' as const, nextUpdateDueAt: due + 4 * HOUR_MS };
    expect(slaView(answered, due + 5 * HOUR_MS)).toEqual({ dueKind: 'update', dueAt: due + 4 * HOUR_MS, breached: true, firstResponseMet: true });
    expect(slaView({ ...answered, status: 'awaiting_customer', nextUpdateDueAt: null }, due + 50 * HOUR_MS)).toMatchObject({ dueKind: null, breached: false, firstResponseMet: true });
    expect(slaView({ ...answered, status: 'resolved' }, due + 50 * HOUR_MS)).toMatchObject({ dueKind: null, breached: false });
  });
});
