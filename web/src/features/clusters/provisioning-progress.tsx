import { Alert, Button, Group, Progress, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { roleCan } from '@kubemarket/shared';
import { IconAlertCircle, IconCircleCheck, IconCircleDashed, IconCircleX, IconClock, IconHourglass, IconLifebuoy, IconLoader2, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { httpStatusOf } from '../../lib/api-errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { activeStep, describeDuration, formatClock, formatTimeLeft, isoDuration, operationTiming } from './operation-timing';
import type { ClusterOperation as Operation, OperationStep } from './cluster-types';
import { OPERATION_TITLES, operationFailure, STEP_STATE_LABELS, stepDetail, stepNote, stepState } from './step-view';
import type { StepState } from './step-view';
import { useLiveOperation } from './use-live-operation';
import { useNow } from '../../lib/use-now';
import classes from './provisioning.module.css';

const STATE_COLORS: Record<StepState, string> = { waiting: 'gray', running: 'blue', retrying: 'orange', done: 'teal', failed: 'red' };

function StepIcon({ state }: { state: StepState }) {
  const icon =
    state === 'done' ? (
      <IconCircleCheck size={18} aria-hidden />
    ) : state === 'failed' ? (
      <IconCircleX size={18} aria-hidden />
    ) : state === 'waiting' ? (
      <IconCircleDashed size={18} aria-hidden />
    ) : state === 'retrying' ? (
      <IconRefresh size={18} aria-hidden />
    ) : (
      <IconLoader2 size={18} className={classes.spin} aria-hidden />
    );
  return (
    <ThemeIcon size={28} radius="xl" variant="light" color={STATE_COLORS[state]} aria-hidden>
      {icon}
    </ThemeIcon>
  );
}

function StepItem({ step, current }: { step: OperationStep; current: boolean }) {
  const state = stepState(step);
  const note = stepNote(step);
  return (
    <li className={classes.step} data-testid="provisioning-step" data-step={step.key} data-status={step.status} aria-current={current ? 'step' : undefined}>
      <StepIcon state={state} />
      <div>
        <Text size="sm" fw={current ? 700 : 500} c={state === 'waiting' ? 'dimmed' : undefined}>
          {step.label}
        </Text>
        <Text size="xs" c={state === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
          <span data-testid="step-state">{STEP_STATE_LABELS[state]}</span>
          {note ? <span data-testid="step-note">{` · ${note}`}</span> : null}
        </Text>
      </div>
    </li>
  );
}

const OVERALL: Record<Operation['status'], { label: string; color: string }> = {
  running: { label: 'In progress', color: 'blue' },
  succeeded: { label: 'Finished', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

function OverallStatus({ status }: { status: Operation['status'] }) {
  const { label, color } = OVERALL[status];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon size={24} radius="xl" variant="light" color={color} aria-hidden>
        {status === 'succeeded' ? <IconCircleCheck size={16} /> : status === 'failed' ? <IconCircleX size={16} /> : <IconLoader2 size={16} className={classes.spin} />}
      </ThemeIcon>
      <Text size="sm" fw={600} data-testid="operation-status">
        {label}
      </Text>
    </Group>
  );
}

function FailurePanel({ clusterId, operation, title }: { clusterId: string; operation: Operation; title: string }) {
  const user = useSessionUser();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const mayRetry = roleCan(user.organizationRole, 'clusters:write');
  const failure = operationFailure(operation);
  const retry = useMutation({
    mutationFn: () => client.clusters.retry.mutate({ id: clusterId, operationId: operation.id }),
    // The operator resumes the failed step and the socket brings its steps; one read shows the cluster back under way.
    onSettled: () => void queryClient.invalidateQueries(trpc.clusters.get.queryFilter({ id: clusterId })),
  });
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={`${title} stopped`} role="alert" data-testid="provisioning-failure">
      <Stack gap="sm">
        <Text size="sm" data-testid="failure-reason">
          {failure.step ? `${failure.step}: ` : ''}
          {failure.reason}
        </Text>
        {failure.attempts ? <Text size="sm">{failure.attempts}</Text> : null}
        <Text size="sm">
          {mayRetry
            ? 'Retry starts again from the step that failed; what was built so far is kept. If it fails again, contact support.'
            : 'An owner, administrator or member of your organisation can retry it, or contact support.'}
        </Text>
        <ErrorAlert>{retry.error?.message}</ErrorAlert>
        <Group gap="sm">
          {mayRetry ? (
            <Button onClick={() => retry.mutate()} loading={retry.isPending} leftSection={<IconRefresh size={16} aria-hidden />} data-testid="provisioning-retry">
              Retry
            </Button>
          ) : null}
          <ButtonLink to="/support" variant="default" leftSection={<IconLifebuoy size={16} aria-hidden />} data-testid="provisioning-support">
            Contact support
          </ButtonLink>
        </Group>
      </Stack>
    </Alert>
  );
}

interface ProvisioningProgressViewProps {
  clusterId: string;
  operation: Operation;
}

/**
 * One operation of a cluster as it goes: its steps with their state, the step under way and what it
 * is doing, the progress bar, the time elapsed and left, and why it stopped with Retry and Contact
 * support when it failed. Fed by useLiveOperation; renders what it is given.
 */
export function ProvisioningProgressView({ clusterId, operation }: ProvisioningProgressViewProps) {
  const running = operation.status === 'running';
  const now = useNow(1000, running);
  const timing = operationTiming(operation, now);
  const current = activeStep(operation);
  const title = OPERATION_TITLES[operation.type];
  const labelId = useId();

  return (
    <Stack gap="md" data-testid="provisioning-progress" data-operation-id={operation.id} data-operation-type={operation.type} data-status={operation.status} data-revision={operation.revision}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <OverallStatus status={operation.status} />
        <Group gap="lg" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm">
              {running ? 'Elapsed' : 'Took'}{' '}
              <time dateTime={isoDuration(timing.elapsedMs)} title={describeDuration(timing.elapsedMs)} data-testid="provisioning-elapsed">
                {formatClock(timing.elapsedMs)}
              </time>
            </Text>
          </Group>
          {running ? (
            <Group gap={4} wrap="nowrap">
              <IconHourglass size={16} aria-hidden />
              <Text size="sm" data-testid="provisioning-remaining">
                {formatTimeLeft(timing.remainingMs)}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Group>

      <Stack gap={4}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600} id={labelId}>
            {title}
          </Text>
          <Text size="sm" fw={600} data-testid="provisioning-percent">
            {timing.percent}%
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={timing.percent}
            color={operation.status === 'failed' ? 'red' : operation.status === 'succeeded' ? 'teal' : 'blue'}
            aria-labelledby={labelId}
            data-testid="provisioning-bar"
          />
        </Progress.Root>
      </Stack>

      {/* One polite live region for the step under way, so each step and node joining is announced once. */}
      <Text size="sm" role="status" aria-live="polite" data-testid="provisioning-current">
        {running && current ? `${current.label}${stepDetail(current) ? `: ${stepDetail(current)}` : ''}` : ''}
      </Text>

      {operation.status === 'failed' ? <FailurePanel clusterId={clusterId} operation={operation} title={title} /> : null}

      <ol className={classes.steps} aria-label={`Steps of ${title.toLowerCase()}`} data-testid="provisioning-steps">
        {operation.steps.map((step) => (
          <StepItem key={step.key} step={step} current={step === current} />
        ))}
      </ol>
    </Stack>
  );
}

/** ProvisioningProgressView for a cluster by id, with its own live read: for pages that show nothing else of the cluster. */
export function ProvisioningProgress({ clusterId }: { clusterId: string }) {
  const { cluster, operation } = useLiveOperation(clusterId);
  if (cluster.isPending) return <Skeleton height={240} radius="md" aria-label="Loading the cluster's progress" />;
  if (cluster.error) {
    if (httpStatusOf(cluster.error) === 404) {
      return (
        <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="provisioning-cluster-missing">
          Your organisation has no cluster <code>{clusterId}</code>.
        </Alert>
      );
    }
    return <QueryErrorAlert title="The cluster's progress could not be loaded" query={cluster} />;
  }
  if (!operation) {
    return (
      <Text size="sm" c="dimmed" data-testid="provisioning-none">
        Nothing has run on this cluster yet.
      </Text>
    );
  }
  return <ProvisioningProgressView clusterId={clusterId} operation={operation} />;
}
