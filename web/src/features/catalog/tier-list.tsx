import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TierCard } from './tier-card';
import { useClusterTiers } from './use-cluster-tiers';

const SKELETON_COUNT = 6;
const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

export function TierList() {
  const { data: tiers, error, isPending, isFetching, refetch } = useClusterTiers();

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
    return (
      <Alert
        color="red"
        variant="light"
        title="Cluster tiers could not be loaded"
        icon={<IconAlertCircle size={18} />}
        data-testid="tier-list-error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="white" color="red" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
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
