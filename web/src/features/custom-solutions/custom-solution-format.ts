import {
  CONTACT_PREFERENCE_LABELS,
  CUSTOM_SOLUTION_CATEGORY_LABELS,
  CUSTOM_SOLUTION_STATUS_LABELS,
  formatMoney,
  type ContactPreference,
  type CustomSolutionStatus,
} from '@kubemarket/shared';
import type { MantineColor } from '@mantine/core';
import type { Detail } from '../../components/details-list';
import { formatInteger } from '../../lib/format';
import type { CustomSolutionRequest } from './custom-solution-types';

export const STATUS_COLORS: Record<CustomSolutionStatus, MantineColor> = {
  submitted: 'blue',
  in_review: 'violet',
  proposal_sent: 'teal',
  declined: 'red',
  closed: 'gray',
};

// A calendar day is the same day everywhere: formatted in UTC, where it was written.
const calendarDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "2027-03-01" as "1 March 2027". */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return calendarDay.format(Date.UTC(year!, month! - 1, day!));
}

/** A monthly budget in EUR cents, as the customer gave it: "€5,000.00 a month". */
export function formatMonthlyBudget(cents: number): string {
  return `${formatMoney(cents / 100, 'EUR')} a month`;
}

function contactLabel(preference: ContactPreference, phone: string | null): string {
  return preference === 'phone' && phone ? `${CONTACT_PREFERENCE_LABELS.phone} (${phone})` : CONTACT_PREFERENCE_LABELS[preference];
}

/** What the customer told us besides the description, leaving out what they did not give. */
export function requestFacts(request: CustomSolutionRequest): Detail[] {
  const facts: Array<Detail | null> = [
    { label: 'Category', value: CUSTOM_SOLUTION_CATEGORY_LABELS[request.category] },
    request.expectedNodes !== null ? { label: 'Expected nodes', value: formatInteger(request.expectedNodes) } : null,
    request.monthlyBudgetCents !== null ? { label: 'Monthly budget', value: formatMonthlyBudget(request.monthlyBudgetCents) } : null,
    request.desiredDate ? { label: 'Needed by', value: formatCalendarDate(request.desiredDate) } : null,
    { label: 'Contact by', value: contactLabel(request.contactPreference, request.contactPhone) },
    request.scaleDetails ? { label: 'Environments and scale', value: request.scaleDetails } : null,
  ];
  return facts.filter((fact): fact is Detail => fact !== null);
}

export function statusLabel(status: CustomSolutionStatus): string {
  return CUSTOM_SOLUTION_STATUS_LABELS[status];
}

/** The count above a list of requests: "1 request", "12 requests, page 2 of 3"; none is "No request matches.". */
export function requestsRange(total: number, page: number, pageCount: number): string {
  if (total === 0) return 'No request matches.';
  return `${total === 1 ? '1 request' : `${total} requests`}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}`;
}
