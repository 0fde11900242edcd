import { Button, Card, Container, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { GET_CACHE_MS, roleCan } from '@kubemarket/shared';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ExternalClustersSection } from '../provider-connections';
import { clusterTiersQueryOptions } from '../catalog';
import { useLiveClusterList } from './cluster-queries';
import { CLUSTER_SORT_LABELS, CLUSTER_SORTS, CLUSTER_STATUS_LABELS, CLUSTER_STATUSES } from './cluster-types';
import { ClustersTable } from './clusters-table';
import { changeClusterSearch, clusterListInput, clusterRangeLabel, DEFAULT_PAGE_SIZE, isFiltered, pageSizeOptions, readClusterSearch } from './list-search';
import type { ClusterListSearch } from './list-search';
import type { ClusterListSearchParams } from './list-search-params';
import { Pager, pageCount } from '../../components/pager';

export type ClusterSearchChange = (next: ClusterListSearch, options?: { replace?: boolean }) => void;

interface MyClustersPageProps {
  search: ClusterListSearchParams;
  onSearchChange: ClusterSearchChange;
}

const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'all';
const CAPTION = "Your organisation's clusters";

/**
 * /my-clusters: the organisation's clusters, searched, filtered, sorted and paginated by the
 * server (it holds thousands), with the choices in the address and the rows kept live by the socket.
 */
export function MyClustersPage({ search: params, onSearchChange }: MyClustersPageProps) {
  const trpc = useTRPC();
  const user = useSessionUser();
  const mayOrder = roleCan(user.organizationRole, 'orders:write');
  const search = readClusterSearch(params);
  const input = clusterListInput(search);
  const clusters = useQuery({ ...trpc.clusters.list.queryOptions(input), placeholderData: keepPreviousData });
  const tiers = useQuery(clusterTiersQueryOptions(trpc));
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, { staleTime: GET_CACHE_MS }));
  useLiveClusterList();
  const change = (values: Parameters<typeof changeClusterSearch>[1], options?: { replace?: boolean }) => onSearchChange(changeClusterSearch(search, values), options);

  // The search box follows the address (back button) unless the reader is typing in it.
  const [text, setText] = useState(search.q ?? '');
  const [seenQuery, setSeenQuery] = useState(search.q);
  if (search.q !== seenQuery) {
    setSeenQuery(search.q);
    if ((search.q ?? '') !== text.trim()) setText(search.q ?? '');
  }
  const pushSearch = useDebouncedCallback((value: string) => change({ q: value.trim() || null }, { replace: true }), SEARCH_DEBOUNCE_MS);

  const configure = mayOrder ? (
    <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} aria-hidden />} data-testid="configure-cluster-link">
      Configure New Cluster
    </ButtonLink>
  ) : null;
  // A tier or region the catalogue no longer sells is still offered while the address names it.
  const tierOptions = [{ value: ALL, label: 'All tiers' }, ...(tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.name }))];
  if (search.tier && !tierOptions.some((option) => option.value === search.tier)) tierOptions.push({ value: search.tier, label: search.tier });
  const regionOptions = [{ value: ALL, label: 'All regions' }, ...(regions.data ?? []).map((region) => ({ value: region.id, label: `${region.name} (${region.id})` }))];
  if (search.region && !regionOptions.some((option) => option.value === search.region)) regionOptions.push({ value: search.region, label: search.region });
  const pages = clusters.data ? pageCount(clusters.data.total, clusters.data.pageSize) : 1;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={4} maw={760}>
            <Title order={1} data-testid="page-title">
              My Clusters
            </Title>
            <Text c="dimmed">Your organisation&apos;s Kubernetes clusters, live: where each runs, its version, its nodes and what it costs a month.</Text>
          </Stack>
          {configure}
        </Group>

        <Card
          withBorder
          radius="md"
          padding="md"
          component="form"
          role="search"
          aria-label="Filter your organisation's clusters"
          onSubmit={(event) => {
            event.preventDefault();
            pushSearch.cancel();
            change({ q: text.trim() || null });
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 6 }} spacing="sm">
            <TextInput
              label="Search"
              placeholder="Name or cluster id"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              maxLength={100}
              onChange={(event) => {
                setText(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
              data-testid="clusters-search"
            />
            <Select
              label="Status"
              data={[{ value: ALL, label: 'All statuses' }, ...CLUSTER_STATUSES.map((status) => ({ value: status, label: CLUSTER_STATUS_LABELS[status] }))]}
              value={search.status ?? ALL}
              allowDeselect={false}
              onChange={(value) => change({ status: value === ALL ? null : value })}
              data-testid="clusters-status-filter"
            />
            <Select
              label="Tier"
              data={tierOptions}
              value={search.tier ?? ALL}
              allowDeselect={false}
              onChange={(value) => change({ tier: value === ALL ? null : value })}
              data-testid="clusters-tier-filter"
            />
            <Select
              label="Region"
              data={regionOptions}
              value={search.region ?? ALL}
              allowDeselect={false}
              onChange={(value) => change({ region: value === ALL ? null : value })}
              data-testid="clusters-region-filter"
            />
            <Select
              label="Sort by"
              data={CLUSTER_SORTS.map((sort) => ({ value: sort, label: CLUSTER_SORT_LABELS[sort] }))}
              value={search.sort ?? 'newest'}
              allowDeselect={false}
              onChange={(value) => change({ sort: value })}
              data-testid="clusters-sort"
            />
            <Select
              label="Rows per page"
              data={pageSizeOptions(input.pageSize ?? DEFAULT_PAGE_SIZE).map((size) => ({ value: String(size), label: String(size) }))}
              value={String(input.pageSize ?? DEFAULT_PAGE_SIZE)}
              allowDeselect={false}
              onChange={(value) => change({ pageSize: Number(value) })}
              data-testid="clusters-page-size"
            />
          </SimpleGrid>
        </Card>

        {clusters.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={20} width={200} radius="sm" />
            <Skeleton height={320} radius="md" aria-label="Loading your clusters" />
          </Stack>
        ) : clusters.error ? (
          <QueryErrorAlert title="Your clusters could not be loaded" error={clusters.error} retrying={clusters.isFetching} onRetry={() => void clusters.refetch()} />
        ) : (
          <Stack gap="sm" aria-busy={clusters.isFetching}>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="clusters-range">
              {clusterRangeLabel(clusters.data.page, clusters.data.pageSize, clusters.data.total)}
              {pages > 1 ? `, page ${clusters.data.page} of ${pages}` : ''}
            </Text>
            {clusters.data.total === 0 ? (
              isFiltered(search) ? (
                <Stack gap="xs" align="flex-start" data-testid="clusters-none-match">
                  <Text size="sm">No cluster matches these filters.</Text>
                  <Button size="xs" variant="default" onClick={() => onSearchChange(readClusterSearch({ sort: search.sort, pageSize: search.pageSize }))}>
                    Clear the filters
                  </Button>
                </Stack>
              ) : (
                <Card withBorder radius="md" padding="xl" data-testid="clusters-empty">
                  <Stack gap="sm" align="flex-start">
                    <Title order={2} size="h4">
                      No clusters yet
                    </Title>
                    <Text size="sm">
                      Your organisation has no cluster.{' '}
                      {mayOrder ? 'Configure one: it is built within minutes of payment, and you can follow every step.' : 'An owner, administrator or member can order one.'}
                    </Text>
                    {configure}
                  </Stack>
                </Card>
              )
            ) : clusters.data.items.length === 0 ? (
              <Stack gap="xs" align="flex-start">
                <Text size="sm">There is no page {clusters.data.page}.</Text>
                <Button size="xs" variant="default" onClick={() => change({ page: null })}>
                  Go to the first page
                </Button>
              </Stack>
            ) : (
              <ClustersTable items={clusters.data.items} caption={CAPTION} />
            )}
            <Pager label="Pages of your organisation's clusters" pages={pages} page={clusters.data.page} onChange={(page) => change({ page })} testId="clusters-pagination" />
          </Stack>
        )}

        <ExternalClustersSection />
      </Stack>
    </Container>
  );
}
