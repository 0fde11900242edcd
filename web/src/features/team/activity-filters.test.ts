import { describe, expect, it } from 'vitest';
import { activityLabel, activityQuery, dateProblem, describeMetadata, EMPTY_FILTERS } from './activity-filters';

describe('activity filters', () => {
  it('sends trimmed text, lower-cased actions and whole UTC days, the end day included', () => {
    expect(activityQuery({ ...EMPTY_FILTERS, actor: '  alice ', action: ' Order ', fromDay: '2026-11-01', toDay: '2026-11-23' })).toEqual({
      actor: 'alice',
      action: 'order',
      organizationId: undefined,
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 24),
    });
    expect(activityQuery(EMPTY_FILTERS)).toEqual({ actor: undefined, action: undefined, organizationId: undefined, from: undefined, to: undefined });
    expect(activityQuery({ ...EMPTY_FILTERS, fromDay: 'yesterday' }).from).toBeUndefined();
  });

  it('accepts a single day and refuses an end before the start', () => {
    expect(dateProblem({ ...EMPTY_FILTERS, fromDay: '2026-11-23', toDay: '2026-11-23' })).toBeNull();
    expect(dateProblem({ ...EMPTY_FILTERS, fromDay: '2026-11-24', toDay: '2026-11-23' })).toBe('The start date must be on or before the end date.');
  });

  it('describes details in one line, skipping empty values', () => {
    expect(describeMetadata({ email: 'x@example.com', role: 'viewer', note: null, before: { maxClusters: 20 } })).toBe('email: x@example.com · role: viewer · before: {"maxClusters":20}');
    expect(describeMetadata(null)).toBe('');
    // Dates in local words, not ISO text or epoch milliseconds (issue 31).
    const day = (timestamp: number) => `day ${new Date(timestamp).getUTCDate()}`;
    expect(describeMetadata({ dueAt: Date.UTC(2026, 11, 6, 9), paidOn: '2026-12-07T10:00:00.000Z', count: 3 }, day)).toBe('dueAt: day 6 · paidOn: day 7 · count: 3');
  });

  it('names every action in words, and writes out one it does not know', () => {
    expect(activityLabel('auth.sign_in')).toBe('Signed in');
    expect(activityLabel('team.role_changed')).toBe('Changed a member’s role');
    expect(activityLabel('cluster.hibernate_started')).toBe('Cluster hibernate started');
    expect(activityLabel('cluster.operation.scale_pool')).toBe('Cluster scaling a node pool started');
  });
});
