import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { GET_CACHE_MS, roleCan } from '@kubemarket/shared';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FilterSelect, ListToolbar, optionsOf, pageCount, SearchInput, useSearchBox, withPageOf } from '../../components/list-kit';
import { ServerListResults, SortAndPageSize } from '../../components/server-list';
import { PageLayout } from '../../components/page-header';
import { ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ExternalClustersSection } from '../provider-connections';
import { clusterTiersQueryOptions } from '../catalog';
import { useLiveClusterList } from './cluster-queries';
import { CLUSTER_SORT_LABELS, CLUSTER_STATUS_LABELS } from './cluster-types';
import { ClustersTable } from './clusters-table';
import { changeClusterSearch, clusterListInput, clusterRangeLabel, clusterSearch, isFiltered, pageSizeOptions, readClusterSearch } from './list-search';
import type { ClusterListSearch } from './list-search';
import type { ClusterListSearchParams } from './list-search-params';

export type ClusterSearchChange = (next: ClusterListSearch, options?: { replace?: boolean }) => void;

interface MyClustersPageProps {
  search: ClusterListSearchParams;
  onSearchChange: ClusterSearchChange;
}

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
  const { pageSize } = clusterSearch.paging(search);
  const clusters = useQuery({ ...trpc.clusters.list.queryOptions(input), placeholderData: keepPreviousData });
  const tiers = useQuery(clusterTiersQueryOptions(trpc));
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, { staleTime: GET_CACHE_MS }));
  useLiveClusterList();
  const change = (values: Parameters<typeof changeClusterSearch>[1], options?: { replace?: boolean }) => onSearchChange(changeClusterSearch(search, values), options);
  const searchBox = useSearchBox(search.q, (q, options) => change({ q }, options));

  const configure = mayOrder ? (
    <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} aria-hidden />} data-testid="configure-cluster-link">
      Configure New Cluster
    </ButtonLink>
  ) : null;
  // A tier or region the catalogue no longer sells is still offered while the address names it.
  const tierOptions = (tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.name }));
  if (search.tier && !tierOptions.some((option) => option.value === search.tier)) tierOptions.push({ value: search.tier, label: search.tier });
  const regionOptions = (regions.data ?? []).map((region) => ({ value: region.id, label: `${region.name} (${region.id})` }));
  if (search.region && !regionOptions.some((option) => option.value === search.region)) regionOptions.push({ value: search.region, label: search.region });

  return (
    <PageLayout
      title="My Clusters"
      description="Your organisation's Kubernetes clusters, live: where each runs, its version, its nodes and what it costs a month."
      actions={configure}
    >
      <ListToolbar label="Filter your organisation's clusters" onSubmit={searchBox.submit} cols={{ base: 1, sm: 2, md: 3, lg: 6 }}>
        <SearchInput placeholder="Name or cluster id" value={searchBox.value} maxLength={100} onChange={searchBox.onChange} data-testid="clusters-search" />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={optionsOf(CLUSTER_STATUS_LABELS)}
          value={search.status}
          onChange={(status) => change({ status })}
          data-testid="clusters-status-filter"
        />
        <FilterSelect label="Tier" allLabel="All tiers" options={tierOptions} value={search.tier} onChange={(tier) => change({ tier })} data-testid="clusters-tier-filter" />
        <FilterSelect label="Region" allLabel="All regions" options={regionOptions} value={search.region} onChange={(region) => change({ region })} data-testid="clusters-region-filter" />
        <SortAndPageSize
          sortLabels={CLUSTER_SORT_LABELS}
          sort={search.sort ?? 'newest'}
          onSort={(sort) => change({ sort })}
          sizes={pageSizeOptions(pageSize)}
          pageSize={pageSize}
          onPageSize={(size) => change({ pageSize: size })}
          testIds="clusters"
        />
      </ListToolbar>

      <ServerListResults
        query={clusters}
        queryKey={trpc.clusters.list.queryKey(input)}
        loading={
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={20} width={200} radius="sm" />
            <Skeleton height={320} radius="md" aria-label="Loading your clusters" />
          </Stack>
        }
        errorTitle="Your clusters could not be loaded"
        range={(data) => withPageOf(clusterRangeLabel(data.page, data.pageSize, data.total), data.page, pageCount(data.total, data.pageSize))}
        pagerLabel="Pages of your organisation's clusters"
        pages={(data) => pageCount(data.total, data.pageSize)}
        onPage={(page) => change({ page })}
        filtered={isFiltered(search)}
        noMatch="No cluster matches these filters."
        onClearFilters={() => onSearchChange(clusterSearch.cleared(search))}
        empty={
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
        }
        testIds="clusters"
      >
        {(data) => <ClustersTable items={data.items} caption={CAPTION} />}
      </ServerListResults>

      <ExternalClustersSection />
    </PageLayout>
  );
}
