import { SimpleGrid, Stack, Text } from '@mantine/core';
import { advertisedPriceIncludes, advertisedPrices } from '@kubemarket/shared';
import { formatInteger } from '../../lib/format';
import { HA_LABELS, ItemPrice, slaLabel } from '../catalog';
import type { CatalogTier } from '../catalog';
import type { StepProps } from './draft-form';
import { ChoiceCard, StepChoices } from './choice-card';
import { SoftBadge } from './soft-badge';

function limits(tier: CatalogTier): string {
  const nodes = tier.maxNodes === null ? 'Any number of nodes' : `Up to ${formatInteger(tier.maxNodes)} ${tier.maxNodes === 1 ? 'node' : 'nodes'}`;
  const pools = tier.maxPools === null ? 'any number of node pools' : `${formatInteger(tier.maxPools)} node ${tier.maxPools === 1 ? 'pool' : 'pools'}`;
  return `${nodes} in ${pools}`;
}

function haText(tier: CatalogTier): string {
  return tier.haControlPlane === 'optional' ? 'High-availability control plane: optional, priced separately' : `High-availability control plane: ${HA_LABELS[tier.haControlPlane].toLowerCase()}`;
}

/** Step 1: the tier, which decides the SLA, the limits, the flavours and the regions. */
export function TierStep({ form, catalog, dispatch }: StepProps) {
  return (
    <StepChoices
      form={form}
      field="tierId"
      label="Cluster tier"
      description="Prices are for the managed control plane; node pools and add-ons are added to it."
      onChoose={(tierId) => dispatch({ type: 'chooseTier', tierId })}
      testId="tier-options"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        {catalog.tiers.map((tier) => (
          <ChoiceCard
            key={tier.id}
            value={tier.id}
            id={`tier-${tier.id}`}
            title={tier.name}
            badges={<SoftBadge color={tier.slaBasisPoints === null ? 'gray' : 'teal'}>SLA {slaLabel(tier.slaBasisPoints)}</SoftBadge>}
            gap={6}
            testId="tier-option"
          >
            <AdvertisedTierPrice tier={tier} />
            <Stack gap={2} id={`tier-${tier.id}-facts`}>
              <Text size="sm">{tier.purpose || tier.description}</Text>
              <Text size="xs" c="dimmed">
                {limits(tier)} · {haText(tier)}
              </Text>
            </Stack>
          </ChoiceCard>
        ))}
      </SimpleGrid>
    </StepChoices>
  );
}

/** The tier's default cluster price (the one this configuration starts from), and what it includes. */
function AdvertisedTierPrice({ tier }: { tier: CatalogTier }) {
  const advertised = advertisedPrices(tier);
  return (
    <Stack gap={0}>
      <ItemPrice monthlyCents={advertised.monthlyPriceCents} yearlyCents={advertised.yearlyPriceCents} size="sm" />
      <Text size="xs" c="dimmed">
        {advertisedPriceIncludes(advertised)}
      </Text>
    </Stack>
  );
}
