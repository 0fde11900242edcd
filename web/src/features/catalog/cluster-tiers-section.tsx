import { Container, Stack, Text, Title } from '@mantine/core';
import { TierList } from './tier-list';

export function ClusterTiersSection() {
  return (
    <Container size="lg" py={{ base: 48, sm: 72 }} component="section" id="cluster-tiers" aria-labelledby="cluster-tiers-title">
      <Stack gap="xl">
        <Stack gap="xs" maw={640}>
          <Title order={2} id="cluster-tiers-title">
            Cluster tiers
          </Title>
          <Text c="dimmed">
            From a sandbox for experiments to clusters sized for data analytics and AI/ML, every tier comes with a
            managed control plane and the same sovereignty guarantees. Pick a tier now and scale it as you grow.
          </Text>
        </Stack>
        <TierList />
      </Stack>
    </Container>
  );
}
