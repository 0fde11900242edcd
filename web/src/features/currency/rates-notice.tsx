import { Alert, Button, Group, Text } from '@mantine/core';
import { formatRate } from '@kubemarket/shared';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { usePreferences } from '../preferences';
import type { RatesSource } from './exchange-rates';
import { useExchangeRates } from './use-exchange-rates';

const SOURCE_LABELS: Record<RatesSource, string> = {
  primary: 'live rates',
  server: 'rates from our server',
  cache: 'rates cached in this browser',
  'expired-cache': 'older cached rates: live sources are unavailable',
  fallback: 'no rates available',
};

/** The "1 EUR = x USD" line of the display currency, where the rates come from, and a refresh action. */
export function RatesNotice() {
  const { currency } = usePreferences();
  const { rates, result, error, isPending, refresh } = useExchangeRates();
  const [refreshing, setRefreshing] = useState(false);

  const onRefresh = () => {
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };

  return (
    <Group gap="sm" wrap="wrap" data-testid="rates-notice">
      {currency === 'EUR' ? (
        <Text size="sm" c="dimmed">
          Prices are in euros, the currency we invoice in.
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600} data-testid="rate-line">
            {formatRate(rates[currency], currency)}
          </Text>
          {result ? (
            <Text size="sm" c="dimmed" data-testid="rate-source">
              {result.source === 'fallback' ? 'Shown at 1:1 until rates load' : `${SOURCE_LABELS[result.source]}, ${result.date}`}. Invoices are
              always in EUR.
            </Text>
          ) : null}
        </>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconRefresh size={14} />}
        loading={refreshing || isPending}
        onClick={onRefresh}
        data-testid="refresh-rates"
      >
        Refresh rates
      </Button>
      {error ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} w="100%" data-testid="rates-error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Group>
  );
}
