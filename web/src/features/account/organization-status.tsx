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
