import { Card, Group, Stack } from '@mantine/core';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { RatesNotice } from './rates-notice';

/** The display currency and billing cycle a page's prices are read in, with the notice when the rates are old. */
export function PriceSettingsCard() {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="md" wrap="wrap">
          <CurrencyControl />
          <BillingCycleControl />
        </Group>
        <RatesNotice />
      </Stack>
    </Card>
  );
}
