import { Alert, Button, Code, Container, CopyButton, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/list-kit';
import { IconAlertCircle, IconCheck, IconClock, IconCopy, IconDatabaseExport, IconEye, IconKey, IconResize, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmByNameModal } from '../../components/confirm-by-name-modal';
import { DangerZoneCard } from '../../components/danger-zone';
import { DetailsList } from '../../components/details-list';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { BackLink } from '../../components/back-link';
import { AnchorLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { euros } from '../checkout';
import { subscribeClusterProgress, subscribeReconnect } from '../notifications';
import { ProvisioningProgressView } from '../clusters';
import { roleCan } from '@kubemarket/shared';
import { InstanceStatusBadge } from './instance-status-badge';
import { planFacts, softwareLabel } from './middleware-types';
import type { InstanceStatus, MiddlewareInstance } from './middleware-types';

/** Statuses an operation is under way in: the page follows it over the socket. */
const BUSY: readonly InstanceStatus[] = ['provisioning', 'updating', 'restoring', 'deleting'];

/**
 * The instance, live: read once, then every progress message of its cluster's operation for this
 * instance is applied to the cached answer, and the instance is read again when that operation
 * begins or ends (or the socket reconnects).
 */
function useLiveInstance(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.middlewares.get.queryOptions({ id }));
  const clusterId = query.data?.cluster.id;
  useEffect(() => {
    if (!clusterId) return;
    const queryKey = trpc.middlewares.get.queryKey({ id });
    const stop = subscribeClusterProgress((message) => {
      if (message.clusterId !== clusterId) return;
      const current = queryClient.getQueryData(queryKey);
      if (!current) return;
      const ours = current.operation?.id === message.operation.id;
      if (ours && message.operation.revision > (current.operation?.revision ?? -1)) {
        queryClient.setQueryData(queryKey, { ...current, operation: message.operation });
      }
      // A new operation of this instance, or the end of the one shown: read the instance again.
      if ((!ours && message.operation.status === 'running') || (ours && message.operation.status !== 'running')) void queryClient.invalidateQueries({ queryKey, exact: true });
    });
    const stopReconnect = subscribeReconnect(() => void queryClient.invalidateQueries({ queryKey, exact: true }));
    return () => {
      stop();
      stopReconnect();
    };
  }, [clusterId, id, queryClient, trpc]);
  return query;
}

/** /middlewares/{id}: a managed middleware the organisation runs. */
export function MiddlewareInstancePage({ instanceId }: { instanceId: string }) {
  const query = useLiveInstance(instanceId);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <BackLink to="/orders/products">
          All middlewares
        </BackLink>
        {query.isPending ? <Skeleton height={320} radius="md" aria-label="Loading the middleware" /> : null}
        {query.error ? (
          query.error.data?.httpStatus === 404 ? (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="middleware-missing">
              Your organisation has no middleware <code>{instanceId}</code>.
            </Alert>
          ) : (
            <QueryErrorAlert title="The middleware could not be loaded" query={query} />
          )
        ) : null}
        {query.data ? <InstanceView instance={query.data} /> : null}
      </Stack>
    </Container>
  );
}

function InstanceView({ instance }: { instance: MiddlewareInstance }) {
  const user = useSessionUser();
  const mayChange = roleCan(user.organizationRole, 'clusters:write');
  const deleted = instance.status === 'deleted';
  return (
    <Stack gap="lg" data-testid="middleware-page" data-instance-id={instance.id}>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} data-testid="page-title" style={{ overflowWrap: 'anywhere' }}>
            {instance.name}
          </Title>
          <InstanceStatusBadge status={instance.status} />
        </Group>
        <Text c="dimmed">
          {softwareLabel(instance)} · {instance.plan.name} · in{' '}
          <AnchorLink to="/clusters/$id" params={{ id: instance.cluster.id }}>
            {instance.cluster.name}
          </AnchorLink>
          , {instance.region.name}
        </Text>
      </Stack>
      {instance.waitingFor ? (
        <Alert color="blue" variant="light" icon={<IconClock size={18} />} data-testid="middleware-waiting">
          {instance.waitingFor}
        </Alert>
      ) : null}
      {instance.statusReason ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The last change did not go through" data-testid="middleware-status-reason">
          {instance.statusReason}
        </Alert>
      ) : null}
      {instance.operation && (instance.operation.status !== 'succeeded' || BUSY.includes(instance.status)) ? (
        <SectionCard id="middleware-operation" title="Progress">
          <ProvisioningProgressView clusterId={instance.cluster.id} operation={instance.operation} />
        </SectionCard>
      ) : null}
      <SectionCard id="middleware-overview" title="Overview">
        <DetailsList
          details={[
            { label: 'Software', value: softwareLabel(instance) },
            { label: 'Plan', value: `${instance.plan.name}: ${planFacts(instance.plan)}`, testId: 'middleware-plan' },
            { label: 'Cluster', value: instance.cluster.name },
            { label: 'Region', value: instance.region.name },
            deleted
              ? { label: 'Cost until deletion', value: `${euros(instance.costUntilDeletionCents ?? 0)} before VAT`, testId: 'middleware-cost' }
              : { label: 'Price', value: `${euros(instance.plan.monthlyCents)} a month before VAT (${instance.cycle === 'yearly' ? 'yearly commitment' : 'monthly'})`, testId: 'middleware-cost' },
            { label: deleted ? 'Deleted' : 'Running since', value: deleted ? formatDateTime(instance.deletedAt ?? 0) : instance.readyAt ? formatDateTime(instance.readyAt) : 'Not yet' },
            {
              label: 'Order',
              value: (
                <AnchorLink to="/order-status/$id" params={{ id: instance.orderId }}>
                  The order that bought it
                </AnchorLink>
              ),
            },
          ]}
        />
      </SectionCard>
      {deleted ? null : <ConnectionCard instance={instance} mayChange={mayChange} />}
      {deleted ? null : <BackupsCard instance={instance} mayChange={mayChange} />}
      {deleted || !mayChange ? null : <ResizeCard instance={instance} />}
      {deleted || !mayChange ? null : <DeleteCard instance={instance} />}
    </Stack>
  );
}

/** Runs a change of the instance and reads it again (its page, the list). */
function useInstanceChange<TInput, TResult>(instance: MiddlewareInstance, run: (input: TInput) => Promise<TResult>, onDone?: (result: TResult) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      onDone?.(result);
      await Promise.all([
        queryClient.invalidateQueries(trpc.middlewares.get.queryFilter({ id: instance.id })),
        queryClient.invalidateQueries(trpc.middlewares.list.queryFilter()),
      ]);
    },
  });
}

function ConnectionCard({ instance, mayChange }: { instance: MiddlewareInstance; mayChange: boolean }) {
  const client = useTRPCClient();
  const [revealed, setRevealed] = useState<{ password: string; connectionString: string } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const reveal = useMutation({ mutationFn: () => client.middlewares.credentials.mutate({ id: instance.id }), onSuccess: setRevealed });
  const rotate = useInstanceChange(instance, () => client.middlewares.rotatePassword.mutate({ id: instance.id }), (next) => {
    setRevealed(next);
    setConfirmRotate(false);
    toast({ title: 'Password changed', description: `The old password of ${instance.name} no longer works; update your applications' secret.`, variant: 'success' });
  });
  const ready = instance.status !== 'pending' && instance.status !== 'provisioning' && instance.status !== 'failed';
  const connection = revealed?.connectionString ?? instance.endpoint.connectionString;
  return (
    <SectionCard
      id="middleware-connection"
      title="Connection"
      description={`Reachable from the workloads of ${instance.cluster.name} at its in-cluster address; nothing is exposed to the internet.`}
    >
      <DetailsList
        details={[
          { label: 'Host', value: <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{instance.endpoint.host}</Code>, testId: 'middleware-host' },
          { label: 'Port', value: String(instance.endpoint.port) },
          ...(instance.endpoint.databaseName ? [{ label: 'Database', value: instance.endpoint.databaseName }] : []),
          { label: 'User', value: instance.endpoint.username },
          { label: 'Password last changed', value: instance.passwordRotatedAt ? formatDateTime(instance.passwordRotatedAt) : 'Not created yet' },
        ]}
      />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="connection-string-label">
          Connection string
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-labelledby="connection-string-label" data-testid="connection-string">
            {connection}
          </Code>
          {revealed ? (
            <CopyButton value={revealed.connectionString}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          ) : null}
        </Group>
      </Stack>
      {mayChange && ready ? (
        <Group gap="sm">
          {revealed ? null : (
            <Button variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => reveal.mutate()} loading={reveal.isPending} data-testid="reveal-credentials">
              Reveal the password
            </Button>
          )}
          <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setConfirmRotate(true)} data-testid="rotate-password">
            Change the password
          </Button>
        </Group>
      ) : null}
      <ErrorAlert>{reveal.error?.message}</ErrorAlert>
      <ConfirmModal
        opened={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title={`Change the password of ${instance.name}?`}
        error={rotate.error?.message}
        pending={rotate.isPending}
        keepLabel="Keep the current one"
        confirmLabel="Change the password"
        confirmColor="orange"
        onConfirm={() => rotate.mutate(undefined)}
        testIds={{ confirm: 'rotate-confirm' }}
      >
        <Text size="sm">A new password is made and the current one stops working at once: applications using it lose their connection until they get the new one.</Text>
      </ConfirmModal>
    </SectionCard>
  );
}

function megabytes(sizeMb: number): string {
  return sizeMb >= 1024 ? `${(sizeMb / 1024).toFixed(1)} GB` : `${sizeMb} MB`;
}

function BackupsCard({ instance, mayChange }: { instance: MiddlewareInstance; mayChange: boolean }) {
  const client = useTRPCClient();
  const [restoring, setRestoring] = useState<MiddlewareInstance['backups'][number] | null>(null);
  const backup = useInstanceChange(instance, () => client.middlewares.backup.mutate({ id: instance.id }), () =>
    toast({ title: 'Backup taken', description: `A backup of ${instance.name} is kept for 7 days.`, variant: 'success' }),
  );
  const restore = useInstanceChange(instance, (backupId: string) => client.middlewares.restore.mutate({ id: instance.id, backupId }), () => {
    setRestoring(null);
    toast({ title: 'Restoring', description: `${instance.name} is being restored; follow each step on this page.`, variant: 'warning' });
  });
  const running = instance.status === 'running';
  return (
    <SectionCard
      id="middleware-backups"
      title="Backups"
      description="A backup a day, kept 7 days; take one yourself before a risky change."
      aside={
        mayChange && running ? (
          <Button size="xs" variant="light" leftSection={<IconDatabaseExport size={14} aria-hidden />} onClick={() => backup.mutate(undefined)} loading={backup.isPending} data-testid="backup-now">
            Back up now
          </Button>
        ) : null
      }
    >
      <ErrorAlert>{backup.error?.message}</ErrorAlert>
      {instance.backups.length === 0 ? (
        <Text size="sm" c="dimmed">
          The first backup is taken once it runs.
        </Text>
      ) : (
        <DataTable
          rows={instance.backups}
          rowKey={(item) => item.id}
          rowProps={() => ({ 'data-testid': 'middleware-backup' })}
          caption={`Backups of ${instance.name}, newest first`}
          minWidth={520}
          verticalSpacing="xs"
          striped
          withTableBorder
          testId="middleware-backups"
          columns={[
            { header: 'Taken', cell: (item) => formatDateTime(item.createdAt) },
            { header: 'How', cell: (item) => (item.kind === 'manual' ? 'Taken by hand' : 'Daily') },
            { header: 'Size', cell: (item) => megabytes(item.sizeMb) },
            { header: 'Kept until', cell: (item) => formatDateTime(item.expiresAt) },
            mayChange && {
              header: 'Restore',
              cell: (item) => (
                <Button size="compact-xs" variant="default" leftSection={<IconRestore size={12} aria-hidden />} disabled={!running} onClick={() => setRestoring(item)} aria-label={`Restore the backup of ${formatDateTime(item.createdAt)}`}>
                  Restore
                </Button>
              ),
            },
          ]}
        />
      )}
      <ConfirmModal
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={`Restore ${instance.name}?`}
        error={restore.error?.message}
        pending={restore.isPending}
        confirmLabel="Restore this backup"
        confirmColor="orange"
        onConfirm={() => restoring && restore.mutate(restoring.id)}
        testIds={{ confirm: 'restore-confirm' }}
      >
        <Text size="sm">
          The data of {instance.name} goes back to {restoring ? formatDateTime(restoring.createdAt) : ''}: everything written since is lost. It does not answer while it is restored.
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}

function ResizeCard({ instance }: { instance: MiddlewareInstance }) {
  const client = useTRPCClient();
  const [planId, setPlanId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = instance.resizeOptions.find((plan) => plan.id === planId) ?? null;
  const resize = useInstanceChange(instance, (id: string) => client.middlewares.resize.mutate({ id: instance.id, planId: id }), () => {
    setConfirming(false);
    setPlanId(null);
    toast({ title: 'Resizing', description: `${instance.name} moves to its new plan one replica at a time; follow each step on this page.`, variant: 'info' });
  });
  if (instance.resizeOptions.length === 0) return null;
  const difference = chosen ? chosen.monthlyCents - instance.plan.monthlyCents : 0;
  return (
    <SectionCard id="middleware-resize" title="Resize" description={`Now on ${instance.plan.name}, ${euros(instance.plan.monthlyCents)} a month before VAT. Another plan is billed by the hour from the change.`}>
      <Radio.Group value={planId} onChange={setPlanId} label="Move to" name="resize-plan">
        <Stack gap="xs" mt="xs">
          {instance.resizeOptions.map((plan) => (
            <Radio
              key={plan.id}
              value={plan.id}
              disabled={!plan.allowed}
              label={`${plan.name}: ${euros(plan.monthlyCents)} a month`}
              description={plan.allowed ? planFacts(plan) : plan.reason}
              data-testid="resize-option"
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button leftSection={<IconResize size={16} aria-hidden />} disabled={!chosen || instance.status !== 'running'} onClick={() => setConfirming(true)} data-testid="resize">
          Review the change
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming && chosen !== null}
        onClose={() => setConfirming(false)}
        title={`Move ${instance.name} to ${chosen?.name ?? ''}?`}
        error={resize.error?.message}
        pending={resize.isPending}
        confirmLabel="Resize"
        onConfirm={() => chosen && resize.mutate(chosen.id)}
        testIds={{ confirm: 'resize-confirm' }}
      >
        <Text size="sm" data-testid="resize-price">
          {euros(chosen?.monthlyCents ?? 0)} a month before VAT instead of {euros(instance.plan.monthlyCents)} ({difference >= 0 ? '+' : '−'}
          {euros(Math.abs(difference))}), billed by the hour from the change. Its replicas restart one at a time; with a single replica it does not answer for about a minute.
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}

function DeleteCard({ instance }: { instance: MiddlewareInstance }) {
  const client = useTRPCClient();
  const [opened, setOpened] = useState(false);
  const remove = useInstanceChange(instance, (confirmName: string) => client.middlewares.delete.mutate({ id: instance.id, confirmName }), () => {
    setOpened(false);
    toast({ title: 'Deleting', description: `${instance.name} is being deleted; billing stops once it is gone.`, variant: 'warning' });
  });
  const deletable = instance.status === 'running' || instance.status === 'failed' || instance.status === 'pending';
  return (
    <DangerZoneCard
      titleId="middleware-danger-title"
      deleteLabel={`Delete ${instance.name}`}
      deleteDisabled={!deletable}
      deleteTestId="delete-middleware"
      onDelete={() => setOpened(true)}
      modal={
        <ConfirmByNameModal
          opened={opened}
          onClose={() => setOpened(false)}
          name={instance.name}
          label="Middleware name"
          consequences="Its data and every backup are deleted."
          keepLabel="Keep it"
          deletion={remove}
          testIds={{ name: 'delete-middleware-name', confirm: 'delete-middleware-confirm' }}
        />
      }
    >
      <Text size="sm">Deleting {instance.name} removes its data, its volumes and its backups. Billing stops once it is deleted. This cannot be undone.</Text>
    </DangerZoneCard>
  );
}
