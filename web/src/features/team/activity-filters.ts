import { CLUSTER_OPERATION_PHRASES } from '@kubemarket/shared';

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
export function describeMetadata(metadata: Record<string, unknown> | null, formatDate: (timestamp: number) => string = (timestamp) => new Date(timestamp).toISOString()): string {
  if (!metadata) return '';
  return Object.entries(metadata)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${metadataValue(key, value, formatDate)}`)
    .join(' · ');
}

/**
 * What an audited action means, in words (issue 31: customers read "auth.sign_in"). Actions not
 * listed are written out from their code ("ticket.updated" → "Ticket updated").
 */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'account.email_change_requested': 'Asked to change the email address',
  'account.email_changed': 'Changed the email address',
  'account.email_verified': 'Verified the email address',
  'account.password_changed': 'Changed the password',
  'account.password_reset': 'Reset the password',
  'admin.user_role_changed': 'Platform role changed',
  'admin.user_sessions_ended': 'Sessions ended by our team',
  'auth.mfa_enrollment_required': 'Asked to set up two-factor authentication',
  'auth.mfa_failed': 'Wrong two-factor code',
  'auth.mfa_locked': 'Two-factor step locked after wrong codes',
  'auth.register': 'Registered the organisation',
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in refused (wrong password)',
  'auth.sign_out': 'Signed out',
  'billing.credit_approved': 'Credit approved',
  'billing.credit_granted': 'Credit granted',
  'billing.credit_rejected': 'Credit refused',
  'billing.credit_requested': 'Credit requested',
  'billing.payment_method_added': 'Added a payment method',
  'billing.payment_method_default': 'Chose the default payment method',
  'billing.payment_method_removed': 'Removed a payment method',
  'billing.plan_switch_cancelled': 'Cancelled a support plan change',
  'billing.plan_switch_scheduled': 'Scheduled a support plan change',
  'cluster.credentials.revoke': 'Revoked the cluster credentials',
  'cluster.delete': 'Deleted a cluster',
  'cluster.kubeconfig': 'Downloaded a kubeconfig',
  'cluster.operation_retried': 'Retried a cluster operation',
  'custom_solution.submitted': 'Asked for a custom solution',
  'custom_solution.updated': 'Custom solution request updated',
  'invoice.credit_note_issued': 'Credit note issued',
  'invoice.credit_note_rejected': 'Credit note refused',
  'invoice.credit_note_requested': 'Credit note requested',
  'order.cancelled': 'Cancelled an order',
  'order.extra_payment': 'Extra payment received',
  'order.payment_attempted': 'Tried to pay an order',
  'order.payment_refunded': 'Payment refunded',
  'order.placed': 'Placed an order',
  'organization.billing_country_changed': 'Billing country changed',
  'organization.suspended': 'Organisation suspended',
  'organization.reinstated': 'Organisation reinstated',
  'organization.region_policy_changed': 'Changed the regions clusters may run in (EU-only access)',
  'organization.settings_changed': 'Organisation settings changed',
  'provider_connection.created': 'Connected a cloud account',
  'provider_connection.credentials_replaced': 'Replaced cloud account credentials',
  'provider_connection.deleted': 'Removed a cloud account',
  'security.forbidden': 'Refused: not allowed',
  'security.mfa_disabled': 'Turned two-factor authentication off',
  'security.mfa_enabled': 'Turned two-factor authentication on',
  'security.mfa_setup_started': 'Started setting up two-factor authentication',
  'security.other_sessions_revoked': 'Signed out of every other session',
  'security.rate_limited': 'Refused: too many attempts',
  'security.reauth_failed': 'Wrong current password',
  'security.recovery_codes_regenerated': 'Made new recovery codes',
  'security.session_revoked': 'Ended a session',
  'staff.registration_approved': 'Organisation approved by our team',
  'staff.registration_rejected': 'Organisation not approved by our team',
  'team.invitation_revoked': 'Withdrew an invitation',
  'team.member_invited': 'Invited a member',
  'team.member_joined': 'Joined the organisation',
  'team.member_left': 'Left the organisation',
  'team.member_removed': 'Removed a member',
  'team.ownership_transferred': 'Handed over the ownership',
  'team.role_changed': 'Changed a member’s role',
  'ticket.assigned': 'Ticket assigned',
  'ticket.merged': 'Tickets merged',
  'ticket.updated': 'Ticket updated',
  'token.created': 'Created an API token',
  'token.rate_limited': 'API token refused: too many requests',
  'token.revoked': 'Revoked an API token',
  'token.used': 'Used an API token',
};

export function activityLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  // Every cluster operation is audited as cluster.operation.<type>.
  const operation = /^cluster\.operation\.(\w+)$/.exec(action)?.[1];
  if (operation && operation in CLUSTER_OPERATION_PHRASES) {
    const phrase = CLUSTER_OPERATION_PHRASES[operation as keyof typeof CLUSTER_OPERATION_PHRASES];
    return `Cluster ${phrase} started`;
  }
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TIMESTAMP_KEY = /(At|Until|From|Date)$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A metadata value as a person reads it: dates (ISO text, or epoch ms under a date-like key) in local time. */
export function metadataValue(key: string, value: unknown, formatDate: (timestamp: number) => string): string {
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) return formatDate(Date.parse(value));
  if (typeof value === 'number' && TIMESTAMP_KEY.test(key) && value > 946_684_800_000) return formatDate(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
