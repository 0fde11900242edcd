import { Badge } from '@mantine/core';
import { INSTANCE_STATUS_COLORS, INSTANCE_STATUS_LABELS } from './middleware-types';
import type { InstanceStatus } from './middleware-types';

/** An instance's status as a badge: on its page and in the lists of /dashboard and a cluster's page, which should not load the page's code. */
export function InstanceStatusBadge({ status }: { status: InstanceStatus }) {
  return (
    <Badge color={INSTANCE_STATUS_COLORS[status]} variant="filled" data-testid="middleware-status" data-status={status}>
      {INSTANCE_STATUS_LABELS[status]}
    </Badge>
  );
}
