import type { OrganizationStatus } from './staff-organizations-types';

export const ORGANIZATION_STATUS_LABELS: Record<OrganizationStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal.9' },
  pending: { label: 'Awaiting approval', color: 'yellow.4' },
  suspended: { label: 'Suspended', color: 'red.9' },
  rejected: { label: 'Registration rejected', color: 'gray.7' },
};

/**
 * Filled badge colours, the palette the customer's cluster and order badges use (their contrast
 * with the automatic text colour meets WCAG AA); the label always says the status.
 */
export const OVERDUE_COLOR = 'yellow.4';

// The customer's cluster and order badges' colours (WCAG AA with the automatic text colour), one copy each.
export { CLUSTER_STATUS_COLORS } from '../clusters';
export { ORDER_STATUS_COLORS } from '../orders';

/** "provisioning" → "Provisioning". */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Integer EUR cents as staff read them: always euros, whatever the display currency. */
export { euros } from '@kubemarket/shared';


/** The server's rule for reasons: at least 5 characters once trimmed, at most 1000. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length === 0) return 'Give a reason: the organisation and the audit log read it.';
  if (text.length < 5) return 'Give a reason of at least 5 characters.';
  if (text.length > 1_000) return 'Keep the reason under 1000 characters.';
  return null;
}

/** A whole number typed in a quota field, or the problem with it. */
export function quotaProblem(value: number | string, label: string, max: number): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${label} must be a whole number.`;
  if (value < 0) return `${label} cannot be negative.`;
  if (value > max) return `${label} must be at most ${max}.`;
  return null;
}

/** The most a credit limit may be, in euros (the server's cap: 1 000 000 000 cents). */
export const MAX_CREDIT_LIMIT_EUROS = 10_000_000;

/** A credit limit typed in euros: empty is no limit, else cents from 0 to €10,000,000. */
export function creditLimitCentsOf(value: number | string): number | null {
  return value === '' ? null : Math.round(Number(value) * 100);
}

/** The problem with a credit limit typed in euros, or null (empty means no limit). */
export function creditLimitProblem(value: number | string): string | null {
  if (value === '') return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Credit limit must be an amount in euros, or empty for no limit.';
  if (value < 0) return 'Credit limit cannot be negative.';
  if (value > MAX_CREDIT_LIMIT_EUROS) return 'Credit limit must be at most €10,000,000.';
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return 'Credit limit takes at most two decimals (cents).';
  return null;
}

/** The server's rule for a bank's transfer reference: 1 to 64 characters once trimmed. */
export function transferReferenceProblem(reference: string): string | null {
  const text = reference.trim();
  if (text.length === 0) return 'Enter the bank’s reference of the transfer, as on the bank statement.';
  if (text.length > 64) return 'The transfer reference must be at most 64 characters.';
  return null;
}

/** A day as a date field holds it, YYYY-MM-DD, in the reader's calendar. */
export function localDay(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * The problem with the day a transfer was received (YYYY-MM-DD; empty is today): not after today,
 * not before the order was confirmed for payment by bank transfer.
 */
export function receivedOnProblem(day: string, today: string, confirmedOn: string): string | null {
  if (day === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'Date received must be a date written YYYY-MM-DD.';
  if (day > today) return 'The date received cannot be in the future.';
  if (day < confirmedOn) return `The date received cannot be before the order was confirmed for payment by bank transfer, on ${confirmedOn}.`;
  return null;
}
