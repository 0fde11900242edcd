import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { advertisedPriceIncludes, advertisedPrices, priceForCycle } from '@kubemarket/shared';
import type { AdvertisedTier, BillingCycle } from '@kubemarket/shared';
import { usePreferences } from '../preferences';
import { useDisplayPrice } from './use-exchange-rates';

interface TierPriceProps {
  tier: AdvertisedTier;
  /** Defaults to the visitor's billing cycle preference. */
  cycle?: BillingCycle;
  size?: 'md' | 'lg';
  /** Test id of the price with its period, e.g. "€289.00 / month". */
  priceLineTestId?: string;
}

/**
 * A tier's advertised price in the display currency for a billing cycle, with the yearly discount:
 * what its default cluster costs, nodes included (the price the configurator opens on), and what
 * that price includes.
 */
export function TierPrice({ tier, cycle, size = 'md', priceLineTestId }: TierPriceProps) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const activeCycle = cycle ?? billingCycle;
  const advertised = advertisedPrices(tier);
  const price = priceForCycle(advertised, activeCycle);

  if (!ready) return <Skeleton height={size === 'lg' ? 40 : 32} width="60%" aria-label="Loading price" />;

  return (
    <Stack gap={2}>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text span data-testid={priceLineTestId}>
          <Text span fz={size === 'lg' ? 32 : 26} fw={800} lh={1.1} data-testid="tier-price">
            {format(price.periodCents)}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {activeCycle === 'monthly' ? '/ month' : '/ year'}
          </Text>
        </Text>
        {price.discountPercent > 0 ? (
          <Badge color="teal" variant="light" data-testid="tier-discount">
            Save {price.discountPercent}%
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" data-testid="tier-price-includes">
        {advertisedPriceIncludes(advertised)}
      </Text>
      <Text size="xs" c="dimmed">
        {activeCycle === 'yearly'
          ? `${format(price.perMonthCents)} per month, billed yearly · excl. VAT`
          : `Billed monthly, cancel any time · excl. VAT`}
      </Text>
    </Stack>
  );
}
