/** What the activity filters hold as typed; dates are whole UTC days (the log's times are UTC). */
export interface ActivityFilterValues {
  actor: string;
  action: string;
  organizationId: string;
  /** YYYY-MM-DD, from the date input; empty: no bound. */
  fromDay: string;
  toDay: string;
}

export const EMPTY_FILTERS: ActivityFilterValues = { actor: '', action: '', organizationId: '', fromDay: '', toDay: '' };

const DAY_MS = 86_400_000;

function dayStart(day: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : time;
}

/** The server's filter: "to" includes the whole day typed, so it is the next day's start. */
export function activityQuery(values: ActivityFilterValues) {
  const from = dayStart(values.fromDay);
  const toStart = dayStart(values.toDay);
  return {
    actor: values.actor.trim() || undefined,
    action: values.action.trim().toLowerCase() || undefined,
    organizationId: values.organizationId.trim() || undefined,
    from,
    to: toStart === undefined ? undefined : toStart + DAY_MS,
  };
}

/** Why the dates cannot be searched, or null. */
export function dateProblem(values: ActivityFilterValues): string | null {
  const { from, to } = activityQuery(values);
  return from !== undefined && to !== undefined && from >= to ? 'The start date must be on or before the end date.' : null;
}

/** The entry's details as one short line: `email: x@example.com · role: viewer`. */
export function describeMetadata(metadata: Record<string, unknown> | null): string {
  if (!metadata) return '';
  return Object.entries(metadata)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}
