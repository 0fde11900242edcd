import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { TierCard } from './tier-card';
import { useClusterTiers } from './use-cluster-tiers';

const SKELETON_COUNT = 6;
const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

export function TierList() {
  const tierQuery = useClusterTiers();
  const { data: tiers, error, isPending } = tierQuery;

  if (isPending) {
    return (
      <SimpleGrid cols={GRID_COLUMNS} spacing="lg" aria-busy="true" aria-label="Loading cluster tiers">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Card key={index} withBorder padding="lg">
            <Stack gap="sm">
              <Skeleton height={22} width="60%" />
              <Skeleton height={12} />
              <Skeleton height={12} width="85%" />
              <Skeleton height={32} width="40%" mt="sm" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  if (error) {
    return <QueryErrorAlert title="Cluster tiers could not be loaded" query={tierQuery} testId="tier-list-error" />;
  }

  if (tiers.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No cluster tiers are on sale right now. Please check back later or contact our sales team.
      </Text>
    );
  }

  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="lg">
      {tiers.map((tier) => (
        <TierCard key={tier.id} tier={tier} />
      ))}
    </SimpleGrid>
  );
}
