import { Badge } from '@mantine/core';
import type { CustomSolutionStatus } from '@kubemarket/shared';
import { STATUS_COLORS, statusLabel } from './custom-solution-format';

export function StatusBadge({ status }: { status: CustomSolutionStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="custom-solution-status" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
