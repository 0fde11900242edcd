import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../components/section-card';
import { BillingCycleControl, CurrencyControl, ThemeControl } from './preference-controls';

/** Theme, display currency and billing cycle, for the settings page. */
export function PreferencesSection() {
  return (
    <SectionCard
      id="preferences"
      title="Display preferences"
      description="Stored in this browser only. Prices are always charged in euros; other currencies are shown at the current exchange rate for information."
    >
      <Stack gap="lg">
        <Preference label="Theme" hint="System follows the light or dark setting of your device.">
          <ThemeControl />
        </Preference>
        <Preference label="Display currency" hint="Prices across the site are converted from EUR into this currency.">
          <CurrencyControl />
        </Preference>
        <Preference label="Billing cycle" hint="Which price the catalogue and price estimator show first. Yearly billing is discounted.">
          <BillingCycleControl />
        </Preference>
      </Stack>
    </SectionCard>
  );
}

function Preference({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Stack gap={6} align="flex-start">
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
