import { currentStepOf } from '@kubemarket/shared';
import { Alert, Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconLoader2, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/date-format';
import { OPERATION_LABELS } from './cluster-types';
import type { ClusterOperation, OperationStep } from './cluster-types';
import { formatElapsed, formatRemaining } from './durations';

const STEP_STATE: Record<OperationStep['status'], { icon: ReactNode; color: string; label: string }> = {
  pending: { icon: <IconCircleDashed size={14} aria-hidden />, color: 'gray', label: 'To do' },
  running: { icon: <IconLoader2 size={14} aria-hidden />, color: 'blue', label: 'In progress' },
  succeeded: { icon: <IconCheck size={14} aria-hidden />, color: 'teal', label: 'Done' },
  failed: { icon: <IconX size={14} aria-hidden />, color: 'red', label: 'Failed' },
};

interface OperationProgressProps {
  operation: ClusterOperation;
  /** Lists every step with its state (the running operation of the overview); else only the current one. */
  withSteps?: boolean;
}

/** An operation as it goes: a progress bar, the step running now, the time left, and optionally every step. */
export function OperationProgress({ operation, withSteps = true }: OperationProgressProps) {
  const current = currentStepOf(operation);
  const label = OPERATION_LABELS[operation.type];
  const running = operation.status === 'running';
  return (
    <Stack gap="sm" data-testid="operation-progress" data-operation-id={operation.id} data-operation-status={operation.status} data-percent={operation.progressPercent}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="dimmed">
          {operation.progressPercent}%{running && operation.remainingMs > 0 ? `, ${formatRemaining(operation.remainingMs)} left` : ''}
        </Text>
      </Group>
      <Progress value={operation.progressPercent} size="lg" radius="sm" animated={running} aria-label={`${label}: progress`} />
      {/* Announced politely as the steps change, without repeating the whole list. */}
      <Text size="sm" role="status" aria-live="polite" data-testid="operation-current-step">
        {current
          ? running
            ? `Step ${current.number} of ${current.of}: ${current.step.label}${current.step.detail ? ` (${current.step.detail})` : ''}`
            : operation.status === 'failed'
              ? `Stopped at step ${current.number} of ${current.of}: ${current.step.label}`
              : `Finished ${operation.finishedAt ? formatDateTime(operation.finishedAt) : ''}`.trim()
          : null}
      </Text>
      {withSteps ? (
        <List spacing={6} size="sm" center listStyleType="none" aria-label={`Steps of ${label.toLowerCase()}`} data-testid="operation-steps">
          {operation.steps.map((step) => {
            const state = STEP_STATE[step.status];
            const took = step.startedAt !== null && step.finishedAt !== null ? formatElapsed(step.finishedAt - step.startedAt) : null;
            return (
              <List.Item
                key={step.key}
                data-testid="operation-step"
                data-status={step.status}
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light" color={state.color}>
                    {state.icon}
                  </ThemeIcon>
                }
              >
                <Text size="sm" span fw={step.status === 'running' ? 600 : 400}>
                  {step.label}
                </Text>
                <Text size="xs" c="dimmed" span>
                  {' '}
                  — {state.label}
                  {step.detail ? `, ${step.detail}` : ''}
                  {took ? ` (${took})` : ''}
                  {step.attempts > 1 ? `, attempt ${step.attempts}` : ''}
                </Text>
                {step.error ? (
                  <Group gap={4} mt={2} wrap="nowrap" align="flex-start">
                    <IconAlertTriangle size={14} aria-hidden color="var(--mantine-color-error)" />
                    <Text size="xs" c="var(--mantine-color-error)">
                      {step.error}
                    </Text>
                  </Group>
                ) : null}
              </List.Item>
            );
          })}
        </List>
      ) : null}
      {operation.status === 'failed' && operation.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="operation-error">
          {operation.error}
        </Alert>
      ) : null}
    </Stack>
  );
}
