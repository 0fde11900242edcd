// Loaded lazily (index.ts): the topology model, its layout and the diagram's @xyflow/react load
// only when a cluster's topology is opened.
import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { GET_CACHE_MS } from '@kubemarket/shared';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { httpStatusOf } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { clusterTiersQueryOptions } from '../catalog';
import { TopologyView } from '../topology';
import { useClusterDetail } from './cluster-queries';
import { ClusterStatusBadge } from './cluster-status-badge';
import type { ClusterDetail } from './cluster-types';
import { liveTopology } from './live-topology';
import type { LiveTopologyContext } from './live-topology';

/** /clusters/{id}/topology: the cluster as it runs, drawn and described, live as its nodes change. */
export default function ClusterTopologyLivePage({ clusterId }: { clusterId: string }) {
  const cluster = useClusterDetail(clusterId);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group>
          <ButtonLink to="/clusters/$id" params={{ id: clusterId }} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} aria-hidden />} data-testid="back-to-cluster">
            {cluster.data?.name ?? 'The cluster'}
          </ButtonLink>
        </Group>
        {cluster.isPending ? (
          <Stack gap="lg" aria-busy="true">
            <Title order={1} data-testid="page-title">
              Cluster topology
            </Title>
            <Skeleton height={620} radius="md" aria-label="Loading the cluster" />
          </Stack>
        ) : cluster.error ? (
          <Stack gap="lg">
            <Title order={1} data-testid="page-title">
              {httpStatusOf(cluster.error) === 404 ? 'Cluster not found' : 'Cluster topology'}
            </Title>
            {httpStatusOf(cluster.error) === 404 ? (
              <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="cluster-not-found">
                {cluster.error.message}
              </Alert>
            ) : (
              <QueryErrorAlert title="The cluster could not be loaded" error={cluster.error} retrying={cluster.isFetching} onRetry={() => void cluster.refetch()} />
            )}
            <Group>
              <ButtonLink to="/my-clusters" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                Back to My Clusters
              </ButtonLink>
            </Group>
          </Stack>
        ) : (
          <LiveTopology cluster={cluster.data} />
        )}
      </Stack>
    </Container>
  );
}

function LiveTopology({ cluster }: { cluster: ClusterDetail }) {
  const trpc = useTRPC();
  const regions = useQuery(trpc.catalog.regions.queryOptions(undefined, { staleTime: GET_CACHE_MS }));
  const tiers = useQuery(clusterTiersQueryOptions(trpc));
  const region = regions.data?.find((candidate) => candidate.id === cluster.region.id);
  const tier = tiers.data?.find((candidate) => candidate.id === cluster.tier.id);
  const context = useMemo(
    (): LiveTopologyContext => ({
      ...(region ? { region: { city: region.city, country: region.country, certifications: region.certifications } } : {}),
      ...(tier ? { tier: { haControlPlane: tier.haControlPlane.mode, slaBasisPoints: tier.slaBasisPoints } } : {}),
    }),
    [region, tier],
  );
  const model = useMemo(() => liveTopology(cluster, context), [cluster, context]);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} data-testid="page-title">
            Topology of {cluster.name}
          </Title>
          <div role="status" aria-live="polite" aria-label="Cluster status">
            <ClusterStatusBadge status={cluster.status} size="lg" />
          </div>
        </Group>
        <Text c="dimmed" maw={820}>
          Where the control plane and the {cluster.nodes.length} {cluster.nodes.length === 1 ? 'node' : 'nodes'} of {cluster.name} run, how traffic reaches them, and the state of
          each part, updated live as nodes join, drain or leave.
        </Text>
        <Text size="sm" data-testid="topology-ready" aria-live="polite">
          {cluster.readyNodes} of {cluster.nodeCount} nodes ready.
        </Text>
      </Stack>
      <TopologyView model={model} />
    </Stack>
  );
}
