import { Stack, Text } from '@mantine/core';
import type { ScheduledPrice } from './catalog-admin-types';
import { scheduledPriceOf } from './catalog-display';

/** Price changes dated later than now, under the price in effect. */
export function ScheduledPrices({ prices }: { prices: readonly ScheduledPrice[] }) {
  if (prices.length === 0) return null;
  return (
    <Stack gap={0} data-testid="scheduled-prices">
      {prices.map((price) => (
        <Text key={`${price.itemKind}-${price.effectiveFrom}`} size="xs" c="dimmed">
          {scheduledPriceOf(price)}
        </Text>
      ))}
    </Stack>
  );
}
