import type { IncidentImpact, IncidentService, IncidentStatus, OpenIncidentStatus, PublicIncident } from './incident-types';

/** The indicator (docs/product/screens.md#dashboard-sidebar), word for word, while nothing is open. */
export const HEALTHY_STATUS = 'System Status: Healthy';

/** What the status indicator says of an open incident, by impact (status-page wording). */
export const IMPACT_LABELS: Record<IncidentImpact, string> = {
  none: 'Notice',
  minor: 'Degraded performance',
  major: 'Major outage',
  critical: 'Critical outage',
};

/** Mantine colours; 'none' is informational, not an alarm. */
export const IMPACT_COLORS: Record<IncidentImpact, string> = { none: 'blue', minor: 'yellow', major: 'orange', critical: 'red' };

export const IMPACT_OPTIONS: ReadonlyArray<{ value: IncidentImpact; label: string }> = (['none', 'minor', 'major', 'critical'] as const).map((value) => ({
  value,
  label: IMPACT_LABELS[value],
}));

export const STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

export const OPEN_STATUS_OPTIONS: ReadonlyArray<{ value: OpenIncidentStatus; label: string }> = (['investigating', 'identified', 'monitoring'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export const SERVICE_LABELS: Record<IncidentService, string> = {
  kubernetes_api: 'Kubernetes API',
  provisioning: 'Cluster provisioning',
  networking: 'Networking and load balancers',
  storage: 'Storage',
  console: 'Console',
  public_api: 'Public API',
  billing: 'Billing',
};

export const SERVICE_OPTIONS = (Object.keys(SERVICE_LABELS) as IncidentService[]).map((value) => ({ value, label: SERVICE_LABELS[value] }));

const IMPACT_RANK: Record<IncidentImpact, number> = { none: 0, minor: 1, major: 2, critical: 3 };

export interface SystemStatus {
  label: string;
  /** The open incident the indicator speaks of (the worst, then the newest); null when healthy. */
  incident: PublicIncident | null;
}

/** The sidebar indicator: healthy, or the impact of the worst open incident. */
export function systemStatusOf(active: readonly PublicIncident[] | undefined): SystemStatus {
  const open = (active ?? []).filter((incident) => incident.resolvedAt === null);
  if (open.length === 0) return { label: HEALTHY_STATUS, incident: null };
  const worst = [...open].sort((a, b) => IMPACT_RANK[b.impact] - IMPACT_RANK[a.impact] || b.startedAt - a.startedAt)[0]!;
  return { label: `System Status: ${IMPACT_LABELS[worst.impact]}`, incident: worst };
}

/** "fr-par-1, de-fra-1 · Kubernetes API" */
export function affectedSummary(incident: Pick<PublicIncident, 'affectedRegions' | 'affectedServices'>): string {
  const parts = [incident.affectedRegions.join(', '), incident.affectedServices.map((service) => SERVICE_LABELS[service]).join(', ')].filter(Boolean);
  return parts.join(' · ');
}

/** The anchor of an incident on the dashboard, where the indicator links. */
export function incidentAnchor(id: string): string {
  return `incident-${id}`;
}

/** Changes whenever a notification arrives (the list is refreshed by the socket and its poll). */
export function notificationsFingerprint(list: ReadonlyArray<{ id: string; timestamp: number }> | undefined): string {
  if (!list || list.length === 0) return '';
  const newest = list.reduce((best, item) => (item.timestamp > best.timestamp || (item.timestamp === best.timestamp && item.id > best.id) ? item : best));
  return `${newest.id}:${list.length}`;
}
