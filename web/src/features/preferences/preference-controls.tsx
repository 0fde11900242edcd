import { Group, SegmentedControl, Switch } from '@mantine/core';
import type { SegmentedControlProps } from '@mantine/core';
import { BILLING_CYCLES, CURRENCIES, CURRENCY_SYMBOLS, THEMES } from '@kubemarket/shared';
import type { BillingCycle, Currency, Theme } from '@kubemarket/shared';
import { usePreferences } from './preferences-context';

type ControlProps = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>;

const CYCLE_LABELS: Record<BillingCycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

function find<T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** Display currency: EUR, USD, GBP or CNY with their symbols. */
export function CurrencyControl(props: ControlProps) {
  const { currency, setCurrency } = usePreferences();
  return (
    <SegmentedControl
      aria-label="Display currency"
      data-testid="currency-control"
      {...props}
      value={currency}
      data={CURRENCIES.map((code) => ({ value: code, label: `${CURRENCY_SYMBOLS[code]} ${code}` }))}
      onChange={(value) => {
        const next: Currency | undefined = find(CURRENCIES, value);
        if (next) setCurrency(next);
      }}
    />
  );
}

/** Billing cycle: monthly (default) or yearly. */
export function BillingCycleControl(props: ControlProps) {
  const { billingCycle, setBillingCycle } = usePreferences();
  return (
    <SegmentedControl
      aria-label="Billing cycle"
      data-testid="billing-cycle-control"
      {...props}
      value={billingCycle}
      data={BILLING_CYCLES.map((cycle) => ({ value: cycle, label: CYCLE_LABELS[cycle] }))}
      onChange={(value) => {
        const next = find(BILLING_CYCLES, value);
        if (next) setBillingCycle(next);
      }}
    />
  );
}

/** Theme: light, dark, or the system setting (default). */
export function ThemeControl(props: ControlProps) {
  const { theme, setTheme } = usePreferences();
  return (
    <SegmentedControl
      aria-label="Theme"
      data-testid="theme-control"
      {...props}
      value={theme}
      data={THEMES.map((value) => ({ value, label: THEME_LABELS[value] }))}
      onChange={(value) => {
        const next = find(THEMES, value);
        if (next) setTheme(next);
      }}
    />
  );
}

/** The pricing page's switch between monthly and yearly billing. */
export function BillingCycleSwitch({ maxDiscountPercent }: { maxDiscountPercent: number }) {
  const { billingCycle, setBillingCycle } = usePreferences();
  return (
    <Switch
      checked={billingCycle === 'yearly'}
      onChange={(event) => setBillingCycle(event.currentTarget.checked ? 'yearly' : 'monthly')}
      label={maxDiscountPercent > 0 ? `Bill yearly (save up to ${maxDiscountPercent}%)` : 'Bill yearly'}
      data-testid="billing-cycle-switch"
    />
  );
}

/** The display currency and billing cycle side by side, small: beside a page's title. */
export function PriceControls() {
  return (
    <Group gap="sm" wrap="wrap">
      <CurrencyControl size="xs" />
      <BillingCycleControl size="xs" />
    </Group>
  );
}
