import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { priceForCycle } from '@kubemarket/shared';
import type { BillingCycle, TierPrices } from '@kubemarket/shared';
import { usePreferences } from '../preferences';
import { useDisplayPrice } from './use-exchange-rates';

interface TierPriceProps {
  tier: TierPrices;
  /** Defaults to the visitor's billing cycle preference. */
  cycle?: BillingCycle;
  size?: 'md' | 'lg';
  /** Test id of the price with its period, e.g. "€289.00 / month". */
  priceLineTestId?: string;
}

/** A tier's price in the display currency for a billing cycle, with the yearly discount. */
export function TierPrice({ tier, cycle, size = 'md', priceLineTestId }: TierPriceProps) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const activeCycle = cycle ?? billingCycle;
  const price = priceForCycle(tier, activeCycle);

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
      <Text size="xs" c="dimmed">
        {activeCycle === 'yearly'
          ? `${format(price.perMonthCents)} per month, billed yearly · excl. VAT`
          : `Billed monthly, cancel any time · excl. VAT`}
      </Text>
    </Stack>
  );
}
