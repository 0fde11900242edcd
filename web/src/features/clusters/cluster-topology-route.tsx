import { Container, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-states';

// The model, layout and diagram of a topology load with this page only.
const ClusterTopologyLivePage = lazy(() => import('./cluster-topology-page'));

export function ClusterTopologyRoute({ clusterId }: { clusterId: string }) {
  return (
    <Suspense
      fallback={
        <Container size="xl" py="xl">
          <PageLoading title="Cluster topology">
            <Skeleton height={620} radius="md" aria-label="Loading the topology" />
          </PageLoading>
        </Container>
      }
    >
      <ClusterTopologyLivePage clusterId={clusterId} />
    </Suspense>
  );
}
