import { Badge, Button, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink } from '../../components/router-links';
import { Pager, pageCount } from '../../components/pager';
import { formatDate } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CLUSTER_STATUS_COLORS, euros, ORDER_STATUS_COLORS, rangeLabel, statusLabel } from './staff-format';
import { StaffPage } from '../officers';
import type { ClusterStatus, OrderStatus, StaffAddon, StaffCluster, StaffSubscription } from './staff-organizations-types';

const PAGE_SIZE = 25;

const CLUSTER_STATUSES: ClusterStatus[] = ['provisioning', 'running', 'updating', 'upgrading', 'hibernating', 'hibernated', 'waking', 'deleting', 'deleted', 'failed'];
const ORDER_STATUSES: OrderStatus[] = ['paid', 'provisioning', 'completed', 'failed', 'pending', 'cancelled'];

function useListState() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  return { search, q: q || undefined, status, page, setPage, setSearch: (value: string) => (setSearch(value), setPage(1)), setStatus: (value: string) => (setStatus(value), setPage(1)) };
}

type ListState = ReturnType<typeof useListState>;

function Filters({ state, placeholder, statuses, allLabel }: { state: ListState; placeholder: string; statuses: readonly string[]; allLabel: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
      <TextInput label="Search" placeholder={placeholder} leftSection={<IconSearch size={16} aria-hidden />} value={state.search} onChange={(event) => state.setSearch(event.currentTarget.value)} />
      <Select
        label="Status"
        data={[{ value: 'all', label: allLabel }, ...statuses.map((value) => ({ value, label: statusLabel(value) }))]}
        value={state.status}
        allowDeselect={false}
        onChange={(value) => value && state.setStatus(value)}
      />
    </SimpleGrid>
  );
}

interface Page<T> {
  items: T[];
  total: number;
}

function Results<T>({ list, state, noun, label, head, row }: { list: UseQueryResult<Page<T>, { message: string }>; state: ListState; noun: [string, string]; label: string; head: string[]; row: (item: T) => ReactNode }) {
  if (list.isPending) return <Skeleton height={240} aria-busy="true" aria-label={`Loading ${noun[1]}`} />;
  if (list.error) return <QueryErrorAlert title={`The ${noun[1]} could not be loaded`} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
        {rangeLabel(list.data.total, state.page, PAGE_SIZE, noun)}
      </Text>
      {list.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {head.map((cell) => (
                  <Table.Th key={cell} scope="col">
                    {cell === '' ? <VisuallyHidden>Actions</VisuallyHidden> : cell}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.data.items.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Pager label={`Pages of ${noun[1]}`} pages={pageCount(list.data.total, PAGE_SIZE)} page={state.page} onChange={state.setPage} />
    </Stack>
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
  const state = useListState();
  const list = useQuery({
    ...trpc.staffOrganizations.clusters.queryOptions({ q: state.q, status: state.status === 'all' ? undefined : (state.status as ClusterStatus), page: state.page, pageSize: PAGE_SIZE }),
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
          head={['Cluster', 'Organisation', 'Status', 'Tier and region', 'Nodes', 'Monthly', '']}
          row={(cluster) => (
            <Table.Tr key={cluster.id} data-testid="staff-cluster-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {cluster.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Kubernetes {cluster.kubernetesVersion} · since {formatDate(cluster.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <OrganizationLink id={cluster.organizationId} name={cluster.organizationName} />
              </Table.Td>
              <Table.Td>
                <Badge variant="filled" color={CLUSTER_STATUS_COLORS[cluster.status]} tt="none">
                  {statusLabel(cluster.status)}
                </Badge>
                {cluster.failedOperation ? (
                  <Text size="xs" c="red.9">
                    {statusLabel(cluster.failedOperation.type)} failed{cluster.failedOperation.error ? `: ${cluster.failedOperation.error}` : ''}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {cluster.tierName} · {cluster.region}
              </Table.Td>
              <Table.Td>{cluster.nodeCount}</Table.Td>
              <Table.Td>{euros(cluster.monthlyCents)}</Table.Td>
              <Table.Td>
                {cluster.failedOperation ? (
                  <Button size="xs" loading={retry.isPending && retry.variables.clusterId === cluster.id} onClick={() => retry.mutate({ clusterId: cluster.id })} aria-label={`Retry the failed operation of ${cluster.name}`}>
                    Retry
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          )}
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
        <TextInput
          label="Search"
          placeholder="Add-on, cluster or organisation"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={state.search}
          maw={360}
          onChange={(event) => state.setSearch(event.currentTarget.value)}
        />
        <Results<StaffAddon>
          list={list}
          state={state}
          noun={['add-on', 'add-ons']}
          label="Add-ons"
          head={['Add-on', 'Cluster', 'Organisation', 'Installed']}
          row={(addon) => (
            <Table.Tr key={addon.id}>
              <Table.Td>{addon.addonName}</Table.Td>
              <Table.Td>
                {addon.clusterName}{' '}
                <Badge size="xs" variant="filled" color={CLUSTER_STATUS_COLORS[addon.clusterStatus]} tt="none">
                  {statusLabel(addon.clusterStatus)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <OrganizationLink id={addon.organizationId} name={addon.organizationName} />
              </Table.Td>
              <Table.Td>{formatDate(addon.installedAt)}</Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </StaffPage>
  );
}

function SubscriptionPage({ kind }: { kind: 'middlewares' | 'supportPlans' }) {
  const trpc = useTRPC();
  const state = useListState();
  const input = { q: state.q, status: state.status === 'all' ? undefined : (state.status as OrderStatus), page: state.page, pageSize: PAGE_SIZE };
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
        head={['Plan', 'Organisation', 'Order', 'Status', 'Billing', 'Bought']}
        row={(item) => (
          <Table.Tr key={item.orderId}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {item.productName ? `${item.productName}: ${item.planName}` : item.planName}
              </Text>
            </Table.Td>
            <Table.Td>
              <OrganizationLink id={item.organizationId} name={item.organizationName} />
            </Table.Td>
            <Table.Td>{item.orderId}</Table.Td>
            <Table.Td>
              <Badge variant="filled" color={ORDER_STATUS_COLORS[item.status]} tt="none">
                {statusLabel(item.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {euros(item.totalCents)} {item.cycle === 'yearly' ? 'a year' : 'a month'}
            </Table.Td>
            <Table.Td>{formatDate(item.paidAt ?? item.createdAt)}</Table.Td>
          </Table.Tr>
        )}
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
