// Loaded lazily (index.ts): the topology model, its layout and the diagram's @xyflow/react load
// only when a cluster's topology is opened.
import { Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { GET_CACHE_MS } from '@kubemarket/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BackLink } from '../../components/back-link';
import { PageLoading } from '../../components/page-states';
import { useTRPC } from '../../lib/trpc';
import { clusterTiersQueryOptions } from '../catalog';
import { TopologyView } from '../topology';
import { ClusterLoadError } from './cluster-load-error';
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
        <BackLink to="/clusters/$id" params={{ id: clusterId }} data-testid="back-to-cluster">
          {cluster.data?.name ?? 'The cluster'}
        </BackLink>
        {cluster.isPending ? (
          <PageLoading title="Cluster topology">
            <Skeleton height={620} radius="md" aria-label="Loading the cluster" />
          </PageLoading>
        ) : cluster.error ? (
          <ClusterLoadError query={cluster} title="Cluster topology" notFound={(message) => message} />
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
