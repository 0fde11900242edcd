import { Group, SegmentedControl, Switch } from '@mantine/core';
import type { SegmentedControlProps } from '@mantine/core';
import { BILLING_CYCLES, CURRENCIES, CURRENCY_SYMBOLS, THEMES } from '@kubemarket/shared';
import type { BillingCycle, Currency, Theme } from '@kubemarket/shared';
import { usePreferences } from './preferences-context';

type ControlProps = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>;

const CYCLE_LABELS: Record<BillingCycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

interface PreferenceControlProps<T extends string> extends ControlProps {
  label: string;
  testId: string;
  values: readonly T[];
  labelOf: (value: T) => string;
  value: T;
  onChange: (value: T) => void;
}

/** One preference as a segmented control: one of its known values. */
function PreferenceControl<T extends string>({ label, testId, values, labelOf, value, onChange, ...props }: PreferenceControlProps<T>) {
  return (
    <SegmentedControl
      aria-label={label}
      data-testid={testId}
      {...props}
      value={value}
      data={values.map((candidate) => ({ value: candidate, label: labelOf(candidate) }))}
      onChange={(next) => {
        const known = values.find((candidate) => candidate === next);
        if (known) onChange(known);
      }}
    />
  );
}

/** Display currency: EUR, USD, GBP or CNY with their symbols. */
export function CurrencyControl(props: ControlProps) {
  const { currency, setCurrency } = usePreferences();
  return <PreferenceControl label="Display currency" testId="currency-control" {...props} values={CURRENCIES} labelOf={(code: Currency) => `${CURRENCY_SYMBOLS[code]} ${code}`} value={currency} onChange={setCurrency} />;
}

/** Billing cycle: monthly (default) or yearly. */
export function BillingCycleControl(props: ControlProps) {
  const { billingCycle, setBillingCycle } = usePreferences();
  return <PreferenceControl label="Billing cycle" testId="billing-cycle-control" {...props} values={BILLING_CYCLES} labelOf={(cycle) => CYCLE_LABELS[cycle]} value={billingCycle} onChange={setBillingCycle} />;
}

/** Theme: light, dark, or the system setting (default). */
export function ThemeControl(props: ControlProps) {
  const { theme, setTheme } = usePreferences();
  return <PreferenceControl label="Theme" testId="theme-control" {...props} values={THEMES} labelOf={(value) => THEME_LABELS[value]} value={theme} onChange={setTheme} />;
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
