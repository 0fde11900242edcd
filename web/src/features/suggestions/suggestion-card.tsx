import { Badge, Card, Divider, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BillingCycle, Suggestion } from '@kubemarket/shared';
import { IconAdjustments, IconCheck } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { categoryLabel } from '../catalog';
import { usePreferences } from '../preferences';
import { useDisplayPrice } from '../currency';
import { suggestionEstimate } from './suggestion-estimate';

const periodLabel = (cycle: BillingCycle) => (cycle === 'monthly' ? '/ month' : '/ year');

/** One ranked suggestion: the tier and why, its nodes, its add-ons with their reasons, and its price. */
export function SuggestionCard({ suggestion }: { suggestion: Suggestion }) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const price = (monthlyCents: number, yearlyCents: number) => format(billingCycle === 'monthly' ? monthlyCents : yearlyCents);
  const titleId = `suggestion-${suggestion.rank}-title`;
  const { tier, nodes, budget } = suggestion;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} data-testid="suggestion" data-tier={tier.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} size="h4" id={titleId}>
                {suggestion.rank}. {tier.name}
              </Title>
              {suggestion.rank === 1 ? (
                <Badge color="teal.9" variant="filled">
                  Best match
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {suggestion.region.name} · Kubernetes {suggestion.kubernetesVersion}
              {suggestion.highAvailability ? ' · highly available control plane' : ''}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            {ready ? (
              <Text fz={26} fw={800} lh={1.1} data-testid="suggestion-price">
                {price(suggestion.price.monthlyCents, suggestion.price.yearlyCents)}{' '}
                <Text span size="sm" fw={400} c="dimmed">
                  {periodLabel(billingCycle)}
                </Text>
              </Text>
            ) : (
              <Skeleton height={28} width={140} aria-label="Loading price" />
            )}
            <Text size="xs" c="dimmed">
              Estimated, excl. VAT, before promotions
            </Text>
          </Stack>
        </Group>

        {budget ? (
          <Text
            size="sm"
            fw={600}
            data-testid="suggestion-budget"
            data-within-budget={budget.withinBudget}
            style={{ color: budget.withinBudget ? 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-3))' : 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
          >
            {budget.message}
          </Text>
        ) : null}

        <Stack gap={6}>
          <Text fw={600} size="sm">
            Why this tier
          </Text>
          <List size="sm" spacing={4} icon={<IconCheck size={14} aria-hidden />} center data-testid="suggestion-reasons">
            {suggestion.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Stack>

        <Divider />

        <Stack gap={4}>
          <Text fw={600} size="sm">
            Nodes
          </Text>
          <Text size="sm" data-testid="suggestion-nodes">
            <Text span fw={700} inherit>
              {nodes.count} × {nodes.flavorName}
            </Text>{' '}
            in {suggestion.region.city}
          </Text>
          <Text size="sm" c="dimmed">
            {nodes.reason}
          </Text>
        </Stack>

        {suggestion.addons.length > 0 ? (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Add-ons
            </Text>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {suggestion.addons.map((addon) => (
                <li key={addon.id} data-testid="suggestion-addon" data-addon={addon.id}>
                  <Group gap="xs" justify="space-between" wrap="nowrap" align="baseline">
                    <Text size="sm" fw={600}>
                      {addon.name}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {categoryLabel(addon.category)}
                      </Text>
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {addon.monthlyPriceCents === 0 ? 'Included' : ready ? `${price(addon.monthlyPriceCents, addon.yearlyPriceCents)} ${periodLabel(billingCycle)}` : '…'}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {addon.reason}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        ) : null}

        <Group justify="flex-end">
          <ButtonLink
            to="/price-estimator"
            search={{ estimate: suggestionEstimate(suggestion) }}
            leftSection={<IconAdjustments size={18} />}
            variant={suggestion.rank === 1 ? 'filled' : 'default'}
            aria-label={`Configure this: ${tier.name}`}
            data-testid="configure-suggestion"
          >
            Configure this
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}
