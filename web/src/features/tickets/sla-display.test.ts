import { describe, expect, it } from 'vitest';
import { formatDuration, reopenState, slaLines } from './sla-display';
import type { TicketSla } from './ticket-types';

const NOW = Date.UTC(2026, 10, 24, 10, 0);
const HOUR = 3_600_000;
const base: TicketSla = { planId: 'basic', firstResponseDueAt: NOW + 2 * HOUR, firstRespondedAt: null, firstResponseMet: null, dueKind: 'first_response', dueAt: NOW + 2 * HOUR, breached: false };

describe('slaLines', () => {
  it('counts down to a first response that is not yet due', () => {
    expect(slaLines(base, NOW)).toEqual([{ tone: 'due', label: 'First response due in 2 h' }]);
  });

  it('says once how late a first response still owed is', () => {
    const sla = { ...base, firstResponseDueAt: NOW - 90 * 60_000, dueAt: NOW - 90 * 60_000, firstResponseMet: false, breached: true };
    expect(slaLines(sla, NOW)).toEqual([{ tone: 'breached', label: 'First response overdue by 1 h 30 min' }]);
  });

  it('shows a met first response, then the next update owed', () => {
    const sla = { ...base, firstRespondedAt: NOW - HOUR, firstResponseMet: true, dueKind: 'update' as const, dueAt: NOW + 26 * HOUR };
    expect(slaLines(sla, NOW)).toEqual([
      { tone: 'met', label: 'First response met' },
      { tone: 'due', label: 'Update due in 1 d 2 h' },
    ]);
  });

  it('keeps a missed first response visible after it was answered, and flags a late update', () => {
    const sla = { ...base, firstRespondedAt: NOW - 5 * HOUR, firstResponseMet: false, dueKind: 'update' as const, dueAt: NOW - 10 * 60_000, breached: true };
    expect(slaLines(sla, NOW)).toEqual([
      { tone: 'breached', label: 'First response missed' },
      { tone: 'breached', label: 'Update overdue by 10 min' },
    ]);
  });

  it('says nothing is owed when support is waiting on the customer', () => {
    expect(slaLines({ ...base, dueKind: null, dueAt: null }, NOW)).toEqual([{ tone: 'none', label: 'Nothing owed by support' }]);
    expect(slaLines({ ...base, dueKind: null, dueAt: null, firstResponseMet: true }, NOW)).toEqual([{ tone: 'met', label: 'First response met' }]);
  });

  it('trusts the server when it says breached before the local clock does', () => {
    expect(slaLines({ ...base, breached: true, firstResponseMet: false }, NOW)[0]?.tone).toBe('breached');
  });
});

describe('formatDuration', () => {
  it('words minutes, hours and days', () => {
    expect(formatDuration(30_000)).toBe('1 min');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
    expect(formatDuration(3 * HOUR)).toBe('3 h');
    expect(formatDuration(49 * HOUR)).toBe('2 d 1 h');
  });
});

describe('reopenState', () => {
  it('allows reopening a resolved or closed ticket until the date only', () => {
    expect(reopenState({ status: 'closed', reopenableUntil: NOW + 1 }, NOW)).toEqual({ canReopen: true, until: NOW + 1 });
    expect(reopenState({ status: 'resolved', reopenableUntil: NOW }, NOW)).toEqual({ canReopen: false, until: NOW });
    expect(reopenState({ status: 'open', reopenableUntil: null }, NOW)).toEqual({ canReopen: false, until: null });
  });
});
