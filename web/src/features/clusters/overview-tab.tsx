import { failedStepOf } from '@kubemarket/shared';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconLifebuoy, IconRefresh } from '@tabler/icons-react';
import { DetailsList } from '../../components/details-list';
import { ErrorAlert } from '../../components/error-alert';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { ClusterCostCard } from '../costs';
import { useDisplayPrice } from '../currency';
import { ClusterFootprint } from '../usage';
import { useClusterMutation } from './cluster-queries';
import { ClusterStatusBadge } from './cluster-status-badge';
import { OPERATION_LABELS } from './cluster-types';
import type { ClusterDetail } from './cluster-types';
import { DangerZone } from './delete-cluster';
import { OperationProgress } from './operation-progress';

interface OverviewTabProps {
  cluster: ClusterDetail;
  mayWrite: boolean;
}

export function OverviewTab({ cluster, mayWrite }: OverviewTabProps) {
  const { format, ready } = useDisplayPrice();
  const money = (cents: number) => (ready ? format(cents) : '…');
  const failed = cluster.currentOperation === null && cluster.lastOperation?.status === 'failed' ? cluster.lastOperation : null;
  const { networking } = cluster;

  return (
    <Stack gap="lg">
      {cluster.currentOperation ? (
        <SectionCard id="running-operation" title="Under way" description="Updated live, step by step, as the work goes on.">
          <OperationProgress operation={cluster.currentOperation} />
        </SectionCard>
      ) : null}
      {failed ? <FailedOperation cluster={cluster} operation={failed} mayWrite={mayWrite} /> : null}
      {cluster.status === 'deleted' && cluster.lastOperation?.type === 'delete' ? (
        <SectionCard id="deletion" title="Deleted" description={cluster.deletedAt ? `Deleted ${formatDateTime(cluster.deletedAt)}; billing stopped then.` : undefined}>
          <OperationProgress operation={cluster.lastOperation} />
        </SectionCard>
      ) : null}

      <SectionCard id="details" title="Cluster">
        <DetailsList
          details={[
            { label: 'Status', value: <ClusterStatusBadge status={cluster.status} />, testId: 'overview-status' },
            { label: 'API endpoint', value: <Endpoint endpoint={cluster.endpoint} />, testId: 'overview-endpoint' },
            // A simulated cluster answers kubectl only through the local API gateway (ADR 32): say where, or that nothing does.
            ...(cluster.provisioner === 'simulator' && cluster.endpoint && cluster.status !== 'deleted'
              ? [
                  {
                    label: 'API server',
                    value: cluster.apiServer ? (
                      <>
                        Answers read-only on this machine at <Code>{cluster.apiServer.url}</Code>, where its kubeconfigs point
                      </>
                    ) : (
                      'None: a simulated cluster has no API server, so kubectl cannot reach it'
                    ),
                    testId: 'overview-api-server',
                  },
                ]
              : []),
            { label: 'Kubernetes', value: cluster.kubernetesVersion, testId: 'overview-version' },
            { label: 'Region and zones', value: `${cluster.region.name} (${cluster.region.id}); ${cluster.zones.length > 0 ? `zones ${cluster.zones.join(', ')}` : 'every zone of the region'}` },
            { label: 'Tier', value: cluster.tier.name, testId: 'overview-tier' },
            { label: 'Control plane', value: cluster.highAvailability ? 'Highly available: three replicas over the zones' : 'Single replica' },
            {
              label: 'Networking',
              value: `${networking.cni === 'cilium' ? 'Cilium' : 'Calico'}; pods ${networking.podCidr}; services ${networking.serviceCidr}; API server reachable from ${networking.apiAllowList.length > 0 ? networking.apiAllowList.join(', ') : 'anywhere'}`,
            },
            { label: 'Nodes ready', value: `${cluster.readyNodes} of ${cluster.nodeCount}` },
            { label: 'Created', value: formatDateTime(cluster.createdAt) },
            { label: 'Runs on', value: cluster.provisioner === 'gardener' ? 'Gardener' : 'The KubeMarket simulator (test environment)' },
          ]}
        />
      </SectionCard>

      <SectionCard id="costs" title="Costs" description="VAT excluded. Hibernated node hours are not billed.">
        <DetailsList
          details={
            // A deleted cluster costs nothing any more: it shows what it cost until its deletion (issue 31).
            cluster.deletedAt !== null
              ? [
                  { label: 'Deleted', value: formatDateTime(cluster.deletedAt), testId: 'overview-deleted-at' },
                  { label: 'Cost this month until deletion', value: money(cluster.costSoFarCents), testId: 'overview-cost-so-far' },
                ]
              : [
                  { label: 'Monthly cost', value: money(cluster.monthlyCents), testId: 'overview-monthly-cost' },
                  { label: 'Cost so far this month', value: money(cluster.costSoFarCents), testId: 'overview-cost-so-far' },
                ]
          }
        />
      </SectionCard>

      <ClusterCostCard clusterId={cluster.id} clusterName={cluster.name} />

      <ClusterFootprint clusterId={cluster.id} regionId={cluster.region.id} deleted={cluster.deletedAt !== null} />

      {mayWrite && cluster.status !== 'deleted' ? <DangerZone cluster={cluster} /> : null}
    </Stack>
  );
}

function Endpoint({ endpoint }: { endpoint: string | null }) {
  if (!endpoint) return <>Not available yet</>;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Code style={{ wordBreak: 'break-all' }}>{endpoint}</Code>
      <CopyButton value={endpoint} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the API endpoint'} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? 'API endpoint copied' : 'Copy the API endpoint'} data-testid="copy-endpoint">
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function FailedOperation({ cluster, operation, mayWrite }: { cluster: ClusterDetail; operation: NonNullable<ClusterDetail['lastOperation']>; mayWrite: boolean }) {
  const client = useTRPCClient();
  const step = failedStepOf(operation);
  const retry = useClusterMutation(
    cluster.id,
    () => client.clusters.retry.mutate({ id: cluster.id, operationId: operation.id }),
    () => toast({ title: 'Retrying', description: `${OPERATION_LABELS[operation.type]} of ${cluster.name} resumes from the step that failed.`, variant: 'info' }),
  );
  const reason = operation.error ?? step?.error ?? 'The operation stopped without a reason.';
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={`${OPERATION_LABELS[operation.type]} failed`} data-testid="operation-failure">
      <Stack gap="sm">
        <Text size="sm" data-testid="operation-failure-reason">
          {reason}
        </Text>
        {step ? (
          <Text size="sm">
            It stopped at “{step.label}”{step.attempts > 1 ? ` after ${step.attempts} attempts` : ''}
            {operation.finishedAt ? `, ${formatDateTime(operation.finishedAt)}` : ''}.
          </Text>
        ) : null}
        <ErrorAlert>{retry.error?.message}</ErrorAlert>
        <Group gap="sm">
          {mayWrite ? (
            <Button color="red" leftSection={<IconRefresh size={16} aria-hidden />} loading={retry.isPending} onClick={() => retry.mutate(undefined)} data-testid="operation-retry">
              Retry
            </Button>
          ) : null}
          <ButtonLink to="/support" variant="default" leftSection={<IconLifebuoy size={16} aria-hidden />} data-testid="contact-support">
            Contact support
          </ButtonLink>
        </Group>
      </Stack>
    </Alert>
  );
}
