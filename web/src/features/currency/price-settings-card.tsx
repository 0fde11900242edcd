import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { RatesNotice } from './rates-notice';

interface PriceSettingsCardProps {
  /** The controls above the notice: the display currency and the billing cycle unless told otherwise. */
  children?: ReactNode;
  /** A page given over to prices (pricing, the converter): roomier, its controls spread across the card. */
  spacious?: boolean;
}

/** The display currency and billing cycle a page's prices are read in, with the notice when the rates are old. */
export function PriceSettingsCard({ children, spacious = false }: PriceSettingsCardProps) {
  return (
    <Card withBorder radius="md" padding={spacious ? 'lg' : 'md'}>
      <Stack gap={spacious ? 'md' : 'sm'}>
        <Group justify={spacious ? 'space-between' : undefined} gap="md" wrap="wrap">
          {children ?? (
            <>
              <CurrencyControl />
              <BillingCycleControl />
            </>
          )}
        </Group>
        <RatesNotice />
      </Stack>
    </Card>
  );
}
