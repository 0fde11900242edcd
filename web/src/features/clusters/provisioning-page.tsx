import { applyProgressToPage } from '@kubemarket/shared';
import { Alert, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconKey, IconListDetails, IconPlus, IconServer } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { SuccessHeading } from '../../components/success-heading';
import { httpStatusOf } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { subscribeClusterProgress, subscribeReconnect } from '../notifications';
import { ProvisioningProgressView } from './provisioning-progress';
import type { ProvisioningPath, ProvisioningSearch } from './provisioning-search';
import type { ClusterDetail, ClusterStatus, ClusterSummary } from './cluster-types';
import { OPERATION_TITLES } from './step-view';
import { ClusterStatusBadge } from './cluster-status-badge';
import { useLiveOperation } from './use-live-operation';

/** Statuses of a cluster that was built and is there to use (possibly changing, or asleep). */
const BUILT: ReadonlySet<ClusterStatus> = new Set(['running', 'updating', 'upgrading', 'hibernating', 'hibernated', 'waking']);

/** The most clusters listed at once: an organisation rarely builds more in parallel. */
const LIST_SIZE = 50;

interface ProvisioningPageProps {
  search: ProvisioningSearch;
  /** The address the page was opened at, so its own links stay there. */
  path: ProvisioningPath;
}

/**
 * /cluster-provisioning and /clusters/provisioning: one cluster being built, live (by clusterId, or by
 * the cluster order that created it), or the organisation's clusters being built to pick from.
 */
export function ProvisioningPage({ search, path }: ProvisioningPageProps) {
  return (
    <PageLayout
      title="Cluster Provisioning"
      description="Every step of building a cluster, live: the control plane, the network, then each node joining its pool."
      size="lg"
    >
      {search.clusterId ? (
        <ClusterProvisioning clusterId={search.clusterId} path={path} />
      ) : search.orderId ? (
        <OrderProvisioning orderId={search.orderId} path={path} />
      ) : (
        <ProvisioningList path={path} />
      )}
    </PageLayout>
  );
}

function Notice({ children, testId, actions }: { children: ReactNode; testId: string; actions?: ReactNode }) {
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid={testId}>
        {children}
      </Alert>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Stack>
  );
}

function OrderProvisioning({ orderId, path }: { orderId: string; path: ProvisioningPath }) {
  const trpc = useTRPC();
  const order = useQuery(trpc.orders.get.queryOptions({ id: orderId }));
  if (order.isPending) return <Skeleton height={280} radius="md" aria-label="Loading the order" />;
  if (order.error) {
    if (httpStatusOf(order.error) === 404) {
      return (
        <Notice testId="provisioning-order-missing" actions={<OrdersLink />}>
          Your organisation has no order <code>{orderId}</code>. Check the link, or find the order among your cluster orders.
        </Notice>
      );
    }
    return <QueryErrorAlert title="The order could not be loaded" query={order} />;
  }
  const data = order.data;
  if (data.createdClusterId) return <ClusterProvisioning clusterId={data.createdClusterId} path={path} />;
  const toOrder = (
    <ButtonLink to="/order-status/$id" params={{ id: data.id }} variant="default" leftSection={<IconListDetails size={16} aria-hidden />}>
      The order
    </ButtonLink>
  );
  if (data.kind !== 'cluster') {
    return (
      <Notice testId="provisioning-not-cluster-order" actions={toOrder}>
        {data.summary} is not a cluster order: there is nothing to provision. Its status is on the order&apos;s page.
      </Notice>
    );
  }
  if (data.status === 'pending') {
    return (
      <Notice testId="provisioning-order-unpaid" actions={toOrder}>
        {data.summary} awaits payment: the cluster is built once it is paid.
      </Notice>
    );
  }
  return (
    <Notice testId="provisioning-order-no-cluster" actions={toOrder}>
      {data.status === 'cancelled' ? `${data.summary} was cancelled: no cluster was built.` : `No cluster was created for ${data.summary}. The order's page says where it stands.`}
    </Notice>
  );
}

function OrdersLink() {
  return (
    <ButtonLink to="/orders/clusters" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      Cluster orders
    </ButtonLink>
  );
}

function ClusterProvisioning({ clusterId, path }: { clusterId: string; path: ProvisioningPath }) {
  const { cluster, operation } = useLiveOperation(clusterId);
  if (cluster.isPending) return <Skeleton height={360} radius="md" aria-label="Loading the cluster" />;
  if (cluster.error) {
    if (httpStatusOf(cluster.error) === 404) {
      return (
        <Notice
          testId="provisioning-cluster-missing"
          actions={
            <ButtonLink to={path} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Clusters being provisioned
            </ButtonLink>
          }
        >
          Your organisation has no cluster <code>{clusterId}</code>. Check the link, or pick the cluster among those being provisioned.
        </Notice>
      );
    }
    return <QueryErrorAlert title="The cluster could not be loaded" query={cluster} />;
  }
  const data = cluster.data;
  const built = BUILT.has(data.status);
  return (
    <Stack gap="lg" data-testid="cluster-provisioning" data-cluster-id={data.id}>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3" data-testid="cluster-name">
              {data.name}
            </Title>
            <Text size="sm" c="dimmed">
              {data.tier.name}, {data.region.name}, Kubernetes {data.kubernetesVersion}. Ordered {formatDateTime(data.createdAt)}.
            </Text>
            <Text size="sm" data-testid="cluster-nodes">
              {data.readyNodes} of {data.nodeCount} {data.nodeCount === 1 ? 'node' : 'nodes'} ready
            </Text>
          </Stack>
          <div role="status" aria-live="polite">
            <ClusterStatusBadge size="lg" status={data.status} />
          </div>
        </Group>
      </Card>

      {built ? <ReadyPanel cluster={data} /> : null}
      {data.status === 'deleting' || data.status === 'deleted' ? (
        <Notice testId="provisioning-cluster-deleted">{data.status === 'deleting' ? `${data.name} is being deleted.` : `${data.name} was deleted.`}</Notice>
      ) : null}

      {operation ? (
        <SectionCard
          id="progress"
          title={operation.type === 'provision' ? 'Provisioning steps' : OPERATION_TITLES[operation.type]}
          description={operation.status === 'running' ? 'Updated live as each step changes; no need to reload.' : undefined}
        >
          <ProvisioningProgressView clusterId={data.id} operation={operation} />
        </SectionCard>
      ) : (
        <Text size="sm" c="dimmed" data-testid="provisioning-none">
          Nothing has run on this cluster yet.
        </Text>
      )}

      <Group gap="sm">
        <ButtonLink to="/configure-cluster" variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
          Configure another cluster
        </ButtonLink>
        {data.orderId ? (
          <ButtonLink to="/order-status/$id" params={{ id: data.orderId }} variant="default" leftSection={<IconListDetails size={16} aria-hidden />}>
            The order
          </ButtonLink>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Shown once the cluster is built: where to go from here. */
function ReadyPanel({ cluster }: { cluster: ClusterDetail }) {
  return (
    <Card withBorder radius="md" padding="lg" role="status" data-testid="provisioning-ready">
      <Stack gap="md">
        <SuccessHeading level="panel" title={`${cluster.name} is ready`}>
          <Text size="sm" c="dimmed">
            {cluster.apiServer && cluster.provisioner === 'simulator' ? (
              // A simulated cluster, served read-only by the local API gateway (ADR 32).
              <>
                It is a simulated cluster: its read-only API server answers on this machine at <code data-testid="cluster-endpoint">{cluster.apiServer.url}</code>.
                Download a kubeconfig to reach it with kubectl.
              </>
            ) : cluster.apiServer ? (
              <>
                Its API server answers at <code data-testid="cluster-endpoint">{cluster.apiServer.url}</code>. Download a kubeconfig to reach it with kubectl.
              </>
            ) : cluster.endpoint ? (
              // The simulator builds no API server of its own: the page does not claim one answers (issue 31).
              <>
                Its API address is <code data-testid="cluster-endpoint">{cluster.endpoint}</code>. It is a simulated cluster (the test environment) and has no
                API server, so kubectl cannot reach it; its kubeconfig, nodes and operations work as a real cluster&apos;s.
              </>
            ) : (
              'Its control plane and nodes are up.'
            )}
          </Text>
        </SuccessHeading>
        <Group gap="sm">
          <ButtonLink to="/clusters/$id" params={{ id: cluster.id }} leftSection={<IconServer size={16} aria-hidden />} data-testid="ready-open-cluster">
            Open the cluster
          </ButtonLink>
          <ButtonLink to="/clusters/$id" params={{ id: cluster.id }} search={{ tab: 'access' }} variant="light" leftSection={<IconKey size={16} aria-hidden />} data-testid="ready-kubeconfig">
            Get a kubeconfig
          </ButtonLink>
          <ButtonLink to="/my-clusters" variant="default" leftSection={<IconListDetails size={16} aria-hidden />} data-testid="ready-my-clusters">
            All your clusters
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}

const LISTED: ClusterStatus = 'provisioning';

/** The organisation's clusters being built, their progress moved by the socket. */
function ProvisioningList({ path }: { path: ProvisioningPath }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { status: LISTED, sort: 'newest' as const, pageSize: LIST_SIZE };
  const list = useQuery(trpc.clusters.list.queryOptions(input));

  useEffect(() => {
    const queryKey = trpc.clusters.list.queryKey({ status: LISTED, sort: 'newest', pageSize: LIST_SIZE });
    const stopProgress = subscribeClusterProgress((message) => {
      const page = queryClient.getQueryData(queryKey);
      if (!page) return;
      const result = applyProgressToPage(page, message, LISTED);
      if (result.page !== page) queryClient.setQueryData(queryKey, result.page);
      if (result.stale) void queryClient.invalidateQueries({ queryKey, exact: true });
    });
    const stopReconnect = subscribeReconnect(() => void queryClient.invalidateQueries({ queryKey, exact: true }));
    return () => {
      stopProgress();
      stopReconnect();
    };
  }, [queryClient, trpc]);

  if (list.isPending) return <Skeleton height={200} radius="md" aria-label="Loading the clusters being provisioned" />;
  if (list.error) return <QueryErrorAlert title="The clusters could not be loaded" query={list} />;
  const items = list.data.items;
  if (items.length === 0) {
    return (
      <Card withBorder radius="md" padding="xl" data-testid="provisioning-empty">
        <Stack gap="md" align="flex-start">
          <Title order={2} size="h3">
            No cluster is being provisioned
          </Title>
          <Text size="sm" c="dimmed">
            A cluster appears here from the moment its order is paid until it is ready, with each step live.
          </Text>
          <Group gap="sm">
            <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} aria-hidden />} data-testid="provisioning-configure">
              Configure a new cluster
            </ButtonLink>
            <ButtonLink to="/my-clusters" variant="default" leftSection={<IconListDetails size={16} aria-hidden />}>
              Your clusters
            </ButtonLink>
          </Group>
        </Stack>
      </Card>
    );
  }
  return (
    <SectionCard
      id="provisioning-list"
      title="Being provisioned"
      description={list.data.total > items.length ? `The ${items.length} newest of ${list.data.total} clusters being built.` : 'Pick a cluster to follow its steps.'}
    >
      <Stack gap="sm" component="ul" aria-label="Clusters being provisioned" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <ListItem key={item.id} item={item} path={path} />
        ))}
      </Stack>
    </SectionCard>
  );
}

function ListItem({ item, path }: { item: ClusterSummary; path: ProvisioningPath }) {
  const percent = item.operation?.progressPercent ?? 0;
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="provisioning-item" data-cluster-id={item.id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{item.name}</Text>
          <Text size="sm" c="dimmed">
            {item.tier.name}, {item.region.name}, {item.readyNodes} of {item.nodeCount} nodes ready
          </Text>
        </Stack>
        <ButtonLink to={path} search={{ clusterId: item.id }} variant="light" data-testid="provisioning-watch">
          Watch {item.name}
        </ButtonLink>
      </Group>
      <Group gap="sm" mt="sm" wrap="nowrap">
        <Progress.Root size="md" radius="xl" style={{ flex: 1 }}>
          <Progress.Section value={percent} aria-label={`${item.name}: provisioning progress`} />
        </Progress.Root>
        <Text size="sm" fw={600} w={44} ta="right">
          {percent}%
        </Text>
      </Group>
    </Card>
  );
}
