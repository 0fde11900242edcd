import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatInteger } from '../../lib/format';
import { TierPrice } from '../currency';
import type { ClusterTier } from './use-cluster-tiers';

interface TierCardProps {
  tier: ClusterTier;
}

export function TierCard({ tier }: TierCardProps) {
  const titleId = `tier-${tier.id}`;

  return (
    <Card withBorder padding="lg" h="100%" component="article" aria-labelledby={titleId} data-testid="tier-card">
      <Stack gap="md" h="100%">
        <Title order={3} size="h4" id={titleId}>
          {tier.name}
        </Title>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {tier.description}
        </Text>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
          <Spec label="Nodes" value={`${formatInteger(tier.nodes)} ${tier.nodes === 1 ? 'node' : 'nodes'}`} />
          <Spec label="vCPU / node" value={`${formatInteger(tier.vcpu)} vCPU`} />
          <Spec label="RAM / node" value={`${formatInteger(tier.memoryGb)} GB`} />
          <Spec label="Storage / node" value={`${formatInteger(tier.storageGb)} GB`} />
        </SimpleGrid>
        {/* The visitor's display currency and billing cycle, as on /pricing. */}
        <TierPrice tier={tier} priceLineTestId="tier-monthly-price" />
      </Stack>
    </Card>
  );
}

interface SpecProps {
  label: string;
  value: string;
}

function Spec({ label, value }: SpecProps) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {value}
      </Text>
    </div>
  );
}
