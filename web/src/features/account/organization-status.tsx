import { Badge } from '@mantine/core';
import type { OrganizationStatus } from './profile-query';

export const ORGANIZATION_STATUS: Record<OrganizationStatus, { label: string; color: string; description: string }> = {
  pending: {
    label: 'Pending approval',
    color: 'yellow',
    description:
      'Our team reviews every new organisation before it can place orders. Meanwhile you can explore the console, prepare cluster configurations and set up your account.',
  },
  active: {
    label: 'Active',
    color: 'teal',
    description: 'Your organisation is approved: you can order clusters, add-ons, middlewares and support plans.',
  },
  suspended: {
    label: 'Suspended',
    color: 'red',
    description:
      'Ordering is paused for your organisation and running services may be restricted. Contact our support team to restore it.',
  },
  rejected: {
    label: 'Not approved',
    color: 'gray',
    description:
      'Our team did not approve the registration of your organisation, so it cannot order. The owner received the reason by email; contact our support team if you think this is a mistake.',
  },
};

export function OrganizationStatusBadge({ status }: { status: OrganizationStatus }) {
  const { label, color } = ORGANIZATION_STATUS[status];
  return (
    <Badge color={color} variant="light" data-testid="organization-status">
      {label}
    </Badge>
  );
}

/** "about 40 minutes", "about 3 hours", "about 2 days": a typical wait, as a person reads it. */
export function typicalWaitText(minutes: number): string {
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `about ${hours} hours`;
  return `about ${Math.round(hours / 24)} days`;
}

/**
 * What a pending organisation can expect (issue 31): how long approvals took lately, measured
 * (the median over the last 90 days), or that the team reviews it without a figure to give.
 */
export function approvalExpectation(approval: { medianMinutes: number; approvals: number } | null): string {
  if (!approval) return 'Our team reviews new organisations on working days and emails the owner when it is done.';
  return `Approvals took ${typicalWaitText(approval.medianMinutes)} lately (the median of the last ${approval.approvals} ${approval.approvals === 1 ? 'approval' : 'approvals'}); we email the owner when it is done.`;
}
