import { CATEGORY_LABELS, STATUS_LABELS, TICKET_CATEGORIES, TICKET_SEVERITIES, TICKET_STATUSES } from './ticket-types';

export const ALL = 'all';
export const STATUS_FILTER = [{ value: ALL, label: 'Every status' }, ...TICKET_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))];
export const SEVERITY_FILTER = [{ value: ALL, label: 'Every severity' }, ...TICKET_SEVERITIES.map((value) => ({ value, label: value }))];
export const CATEGORY_FILTER = [{ value: ALL, label: 'Every category' }, ...TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))];

/** A filter's value for the query: undefined when every value is wanted. */
export function filterValue<T extends string>(value: string): T | undefined {
  return value === ALL ? undefined : (value as T);
}

/** "Tickets 21–40 of 57", or "No tickets" when the list is empty. */
export function pageRange(total: number, page: number, pageSize: number): string {
  if (total === 0) return 'No tickets';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Tickets ${first}–${last} of ${total}`;
}
