import { describe, expect, it } from 'vitest';
import { affectedSummary, HEALTHY_STATUS, notificationsFingerprint, systemStatusOf } from './incident-display';
import type { PublicIncident } from './incident-types';

function incident(overrides: Partial<PublicIncident>): PublicIncident {
  return {
    id: 'inc_1',
    title: 'Slow API',
    impact: 'minor',
    status: 'investigating',
    affectedRegions: ['fr-par-1'],
    affectedServices: [],
    startedAt: 1_000,
    resolvedAt: null,
    updates: [],
    ...overrides,
  };
}

describe('systemStatusOf', () => {
  it('says exactly what the sidebar says while nothing is open (docs/product/screens.md#dashboard-sidebar)', () => {
    expect(systemStatusOf(undefined)).toEqual({ label: 'System Status: Healthy', incident: null });
    expect(systemStatusOf([])).toEqual({ label: HEALTHY_STATUS, incident: null });
    expect(systemStatusOf([incident({ resolvedAt: 2_000, status: 'resolved' })]).label).toBe('System Status: Healthy');
  });

  it('shows the worst open impact, the newest among equals', () => {
    const minor = incident({ id: 'inc_minor', impact: 'minor', startedAt: 3_000 });
    const majorOld = incident({ id: 'inc_major_old', impact: 'major', startedAt: 1_000 });
    const majorNew = incident({ id: 'inc_major_new', impact: 'major', startedAt: 2_000 });
    const status = systemStatusOf([minor, majorOld, majorNew]);
    expect(status.label).toBe('System Status: Major outage');
    expect(status.incident?.id).toBe('inc_major_new');
    expect(systemStatusOf([incident({ impact: 'critical' })]).label).toBe('System Status: Critical outage');
    expect(systemStatusOf([incident({ impact: 'minor' })]).label).toBe('System Status: Degraded performance');
    expect(systemStatusOf([incident({ impact: 'none' })]).label).toBe('System Status: Notice');
  });
});

describe('affectedSummary', () => {
  it('names regions, then services by label', () => {
    expect(affectedSummary({ affectedRegions: ['fr-par-1', 'de-fra-1'], affectedServices: ['kubernetes_api', 'storage'] })).toBe('fr-par-1, de-fra-1 · Kubernetes API, Storage');
    expect(affectedSummary({ affectedRegions: [], affectedServices: ['console'] })).toBe('Console');
  });
});

describe('notificationsFingerprint', () => {
  it('changes when a notification arrives, whatever the list order, and not otherwise', () => {
    const before = [
      { id: 'ntf_a', timestamp: 10 },
      { id: 'ntf_b', timestamp: 20 },
    ];
    expect(notificationsFingerprint(undefined)).toBe('');
    expect(notificationsFingerprint(before)).toBe(notificationsFingerprint([...before].reverse()));
    expect(notificationsFingerprint([...before, { id: 'ntf_c', timestamp: 20 }])).not.toBe(notificationsFingerprint(before));
    expect(notificationsFingerprint([{ id: 'ntf_d', timestamp: 30 }, ...before])).toBe('ntf_d:3');
  });
});
