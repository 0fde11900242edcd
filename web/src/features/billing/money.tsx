import { Text } from '@mantine/core';
import { euros } from '../checkout';
import { useDisplayPrice } from '../currency';

/**
 * An amount in the display currency; every amount is charged in euros, so when another currency
 * is shown the euro amount follows it.
 */
export function Money({ cents, testId, size }: { cents: number; testId?: string; size?: string }) {
  const { format, currency, ready } = useDisplayPrice();
  const converted = currency !== 'EUR' && ready;
  return (
    <Text span inherit={size === undefined} size={size} data-testid={testId} data-cents={cents}>
      {converted ? format(cents) : euros(cents)}
      {converted ? (
        <Text span size="xs" c="dimmed">
          {' '}
          ({euros(cents)} charged)
        </Text>
      ) : null}
    </Text>
  );
}
