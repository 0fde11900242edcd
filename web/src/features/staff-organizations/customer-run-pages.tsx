import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ALL, CellLines, FilterSelect, ListSearchInput, useListState, type Column } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CLUSTER_STATUS_COLORS, euros, ORDER_STATUS_COLORS, statusLabel } from './staff-format';
import { StaffPage, StaffPagedTable } from '../officers';
import { StatusBadge } from './detail-parts';
import type { ClusterStatus, OrderStatus, StaffAddon, StaffCluster, StaffSubscription } from './staff-organizations-types';

const PAGE_SIZE = 25;

const CLUSTER_STATUSES: ClusterStatus[] = ['provisioning', 'running', 'updating', 'upgrading', 'hibernating', 'hibernated', 'waking', 'deleting', 'deleted', 'failed'];
const ORDER_STATUSES: OrderStatus[] = ['paid', 'provisioning', 'completed', 'failed', 'pending', 'cancelled'];

type ListState = ReturnType<typeof useListState<{ status: string }>>;

function Filters({ state, placeholder, statuses, allLabel }: { state: ListState; placeholder: string; statuses: readonly string[]; allLabel: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
      <ListSearchInput state={state} placeholder={placeholder} />
      <FilterSelect
        label="Status"
        allLabel={allLabel}
        options={statuses.map((value) => ({ value, label: statusLabel(value) }))}
        value={state.filters.status}
        onChange={(value) => state.setFilter('status', value ?? ALL)}
      />
    </SimpleGrid>
  );
}

interface ResultsProps<T> {
  list: UseQueryResult<{ items: T[]; total: number }, { message: string }>;
  state: Pick<ListState, 'page' | 'setPage'>;
  noun: [string, string];
  label: string;
  columns: Column<T>[];
  rowKey: (item: T) => string;
  testId?: string;
}

function Results<T>({ list, state, noun, label, columns, rowKey, testId }: ResultsProps<T>) {
  return (
    <StaffPagedTable
      query={list}
      skeletonHeight={240}
      state={state}
      pageSize={PAGE_SIZE}
      noun={noun}
      gap="sm"
      rangeTestId="result-count"
      columns={columns}
      rowKey={rowKey}
      rowProps={testId ? () => ({ 'data-testid': testId }) : undefined}
      label={label}
      minWidth={760}
    />
  );
}

function OrganizationLink({ id, name }: { id: string; name: string }) {
  return (
    <AnchorLink to="/officers/organizations" search={{ id }} size="sm">
      {name}
    </AnchorLink>
  );
}

/** /officers/clusters: every organisation's clusters; a failed operation can be retried from here. */
export function StaffClustersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useListState({ status: ALL });
  const list = useQuery({
    ...trpc.staffOrganizations.clusters.queryOptions({ q: state.q, status: state.filters.status === ALL ? undefined : (state.filters.status as ClusterStatus), page: state.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation(
    trpc.staffOrganizations.retryCluster.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Retry started', description: 'The operation resumes from the step that failed.', variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: trpc.staffOrganizations.pathKey() });
      },
      onError: (error) => toast({ title: 'The retry was refused', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <StaffPage title="Clusters" description="The clusters of every organisation, with their status; a failed provisioning or change can be retried.">
      <Stack gap="md">
        <Filters state={state} placeholder="Cluster or organisation" statuses={CLUSTER_STATUSES} allLabel="Every status but deleted" />
        <Results<StaffCluster>
          list={list}
          state={state}
          noun={['cluster', 'clusters']}
          label="Clusters"
          rowKey={(cluster) => cluster.id}
          testId="staff-cluster-row"
          columns={[
            { header: 'Cluster', cell: (cluster) => <CellLines strong detail={`Kubernetes ${cluster.kubernetesVersion} · since ${formatDate(cluster.createdAt)}`}>{cluster.name}</CellLines> },
            { header: 'Organisation', cell: (cluster) => <OrganizationLink id={cluster.organizationId} name={cluster.organizationName} /> },
            {
              header: 'Status',
              cell: (cluster) => (
                <>
                  <StatusBadge status={cluster.status} colors={CLUSTER_STATUS_COLORS} />
                  {cluster.failedOperation ? (
                    <Text size="xs" c="red.9">
                      {statusLabel(cluster.failedOperation.type)} failed{cluster.failedOperation.error ? `: ${cluster.failedOperation.error}` : ''}
                    </Text>
                  ) : null}
                </>
              ),
            },
            { header: 'Tier and region', cell: (cluster) => `${cluster.tierName} · ${cluster.region}` },
            { header: 'Nodes', cell: (cluster) => cluster.nodeCount },
            { header: 'Monthly', cell: (cluster) => euros(cluster.monthlyCents) },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (cluster) =>
                cluster.failedOperation ? (
                  <Button size="xs" loading={retry.isPending && retry.variables.clusterId === cluster.id} onClick={() => retry.mutate({ clusterId: cluster.id })} aria-label={`Retry the failed operation of ${cluster.name}`}>
                    Retry
                  </Button>
                ) : null,
            },
          ]}
        />
      </Stack>
    </StaffPage>
  );
}

/** /officers/addons: add-ons installed on the clusters of every organisation. */
export function StaffAddonsPage() {
  const trpc = useTRPC();
  const state = useListState();
  const list = useQuery({ ...trpc.staffOrganizations.addons.queryOptions({ q: state.q, page: state.page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  return (
    <StaffPage title="Add-ons" description="The add-ons installed on the clusters of every organisation.">
      <Stack gap="md">
        <ListSearchInput state={state} placeholder="Add-on, cluster or organisation" maw={360} />
        <Results<StaffAddon>
          list={list}
          state={state}
          noun={['add-on', 'add-ons']}
          label="Add-ons"
          rowKey={(addon) => addon.id}
          columns={[
            { header: 'Add-on', cell: (addon) => addon.addonName },
            {
              header: 'Cluster',
              cell: (addon) => (
                <>
                  {addon.clusterName}{' '}
                  <StatusBadge size="xs" status={addon.clusterStatus} colors={CLUSTER_STATUS_COLORS} />
                </>
              ),
            },
            { header: 'Organisation', cell: (addon) => <OrganizationLink id={addon.organizationId} name={addon.organizationName} /> },
            { header: 'Installed', cell: (addon) => formatDate(addon.installedAt) },
          ]}
        />
      </Stack>
    </StaffPage>
  );
}

function SubscriptionPage({ kind }: { kind: 'middlewares' | 'supportPlans' }) {
  const trpc = useTRPC();
  const state = useListState({ status: ALL });
  const input = { q: state.q, status: state.filters.status === ALL ? undefined : (state.filters.status as OrderStatus), page: state.page, pageSize: PAGE_SIZE };
  const middlewares = useQuery({ ...trpc.staffOrganizations.middlewares.queryOptions(input), enabled: kind === 'middlewares', placeholderData: keepPreviousData });
  const supportPlans = useQuery({ ...trpc.staffOrganizations.supportPlans.queryOptions(input), enabled: kind === 'supportPlans', placeholderData: keepPreviousData });
  const list = kind === 'middlewares' ? middlewares : supportPlans;
  return (
    <Stack gap="md">
      <Filters state={state} placeholder={kind === 'middlewares' ? 'Middleware, plan or organisation' : 'Plan or organisation'} statuses={ORDER_STATUSES} allLabel="Bought (paid and later)" />
      <Results<StaffSubscription>
        list={list}
        state={state}
        noun={kind === 'middlewares' ? ['middleware', 'middlewares'] : ['support plan', 'support plans']}
        label={kind === 'middlewares' ? 'Middlewares' : 'Support plans'}
        rowKey={(item) => item.orderId}
        columns={[
          {
            header: 'Plan',
            cell: (item) => (
              <Text size="sm" fw={600}>
                {item.productName ? `${item.productName}: ${item.planName}` : item.planName}
              </Text>
            ),
          },
          { header: 'Organisation', cell: (item) => <OrganizationLink id={item.organizationId} name={item.organizationName} /> },
          { header: 'Order', cell: (item) => item.orderId },
          {
            header: 'Status',
            cell: (item) => <StatusBadge status={item.status} colors={ORDER_STATUS_COLORS} />,
          },
          { header: 'Billing', cell: (item) => `${euros(item.totalCents)} ${item.cycle === 'yearly' ? 'a year' : 'a month'}` },
          { header: 'Bought', cell: (item) => formatDate(item.paidAt ?? item.createdAt) },
        ]}
      />
    </Stack>
  );
}

/** /officers/middlewares: the middlewares every organisation bought. */
export function StaffMiddlewaresPage() {
  return (
    <StaffPage title="Middlewares" description="The managed data services every organisation bought, with their plan and order.">
      <SubscriptionPage kind="middlewares" />
    </StaffPage>
  );
}

/** /officers/support-plans: the support plans every organisation subscribed to. */
export function StaffSupportPlansPage() {
  return (
    <StaffPage title="Support plans" description="The support plans every organisation subscribed to, with their order.">
      <SubscriptionPage kind="supportPlans" />
    </StaffPage>
  );
}
