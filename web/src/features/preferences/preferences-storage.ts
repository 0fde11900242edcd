import { BILLING_CYCLES, CURRENCIES, DEFAULT_BILLING_CYCLE, DEFAULT_THEME, THEMES, BASE_CURRENCY } from '@kubemarket/shared';
import type { BillingCycle, Currency, Theme } from '@kubemarket/shared';
import { readItem, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';

/** docs/product/entities.md#client-side-records: "Stored client preferences: currency, billingCycle, theme", one local storage key each. */
export const PREFERENCE_KEYS = {
  currency: 'currency',
  billingCycle: 'billingCycle',
  theme: 'theme',
} as const;

export interface Preferences {
  currency: Currency;
  billingCycle: BillingCycle;
  theme: Theme;
}

export const DEFAULT_PREFERENCES: Preferences = {
  currency: BASE_CURRENCY,
  billingCycle: DEFAULT_BILLING_CYCLE,
  theme: DEFAULT_THEME,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function parseCurrency(value: string | null): Currency | null {
  return oneOf(CURRENCIES, value);
}

export function parseBillingCycle(value: string | null): BillingCycle | null {
  return oneOf(BILLING_CYCLES, value);
}

export function parseTheme(value: string | null): Theme | null {
  return oneOf(THEMES, value);
}

/** The stored preferences; a missing or unrecognised value falls back to its default. */
export function readPreferences(storage: KeyValueStorage | null): Preferences {
  return {
    currency: parseCurrency(readItem(storage, PREFERENCE_KEYS.currency)) ?? DEFAULT_PREFERENCES.currency,
    billingCycle: parseBillingCycle(readItem(storage, PREFERENCE_KEYS.billingCycle)) ?? DEFAULT_PREFERENCES.billingCycle,
    theme: parseTheme(readItem(storage, PREFERENCE_KEYS.theme)) ?? DEFAULT_PREFERENCES.theme,
  };
}

export function writePreference<K extends keyof Preferences>(storage: KeyValueStorage | null, key: K, value: Preferences[K]): void {
  writeItem(storage, PREFERENCE_KEYS[key], value);
}
