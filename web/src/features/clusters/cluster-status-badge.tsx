import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { CLUSTER_STATUS_COLORS, CLUSTER_STATUS_LABELS, OPERATION_LABELS } from './cluster-types';
import type { ClusterStatus, ClusterSummary } from './cluster-types';

interface ClusterStatusBadgeProps {
  status: ClusterStatus;
  size?: 'sm' | 'md' | 'lg';
}

/** The status in words (the colour only helps). */
export function ClusterStatusBadge({ status, size = 'sm' }: ClusterStatusBadgeProps) {
  return (
    <Badge color={CLUSTER_STATUS_COLORS[status]} variant="filled" size={size} data-testid="cluster-status" data-status={status}>
      {CLUSTER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The status with the running operation's progress under it, for a row of the list. */
export function ClusterStatusCell({ cluster }: { cluster: Pick<ClusterSummary, 'name' | 'status' | 'operation'> }) {
  const { operation } = cluster;
  return (
    <Stack gap={4} miw={140}>
      <Group gap={6}>
        <ClusterStatusBadge status={cluster.status} />
      </Group>
      {operation ? (
        <Stack gap={2} data-testid="cluster-row-progress" data-percent={operation.progressPercent}>
          <Progress
            value={operation.progressPercent}
            size="sm"
            aria-label={`${OPERATION_LABELS[operation.type]} ${cluster.name}`}
          />
          <Text size="xs" c="dimmed">
            {OPERATION_LABELS[operation.type]}, {operation.progressPercent}%
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
