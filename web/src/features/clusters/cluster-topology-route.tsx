import { Container, Skeleton, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The model, layout and diagram of a topology load with this page only.
const ClusterTopologyLivePage = lazy(() => import('./cluster-topology-page'));

export function ClusterTopologyRoute({ clusterId }: { clusterId: string }) {
  return (
    <Suspense
      fallback={
        <Container size="xl" py="xl">
          <Stack gap="lg" aria-busy="true">
            <Title order={1} data-testid="page-title">
              Cluster topology
            </Title>
            <Skeleton height={620} radius="md" aria-label="Loading the topology" />
          </Stack>
        </Container>
      }
    >
      <ClusterTopologyLivePage clusterId={clusterId} />
    </Suspense>
  );
}
