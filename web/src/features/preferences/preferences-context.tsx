import { useMantineColorScheme } from '@mantine/core';
import type { BillingCycle, Currency, Theme } from '@kubemarket/shared';
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { localStore } from '../../lib/browser-storage';
import { DEFAULT_PREFERENCES, PREFERENCE_KEYS, readPreferences, writePreference } from './preferences-storage';
import type { Preferences } from './preferences-storage';
import { colorSchemeToTheme, themeToColorScheme } from './theme-color-scheme-manager';

type StoredPreferences = Pick<Preferences, 'currency' | 'billingCycle'>;

/** Currency and billing cycle in local storage, shared by every component and every tab of the origin. */
function createPreferencesStore() {
  let snapshot: StoredPreferences = sameAsDefaults(pick(readPreferences(localStore())));
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const reload = () => {
    const next = pick(readPreferences(localStore()));
    if (next.currency !== snapshot.currency || next.billingCycle !== snapshot.billingCycle) {
      snapshot = next;
      emit();
    }
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === PREFERENCE_KEYS.currency || event.key === PREFERENCE_KEYS.billingCycle) reload();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    set<K extends keyof StoredPreferences>(key: K, value: Preferences[K]) {
      writePreference(localStore(), key, value);
      snapshot = { ...snapshot, [key]: value };
      emit();
    },
  };
}

const SERVER_PREFERENCES = pick(DEFAULT_PREFERENCES);
const serverPreferences = () => SERVER_PREFERENCES;

/**
 * The defaults as the very object a prerendered page hydrated with. React compares the snapshots by
 * identity after hydration: an equal but new object made it re-render the app's root synchronously,
 * which hydrated every part of the page not yet hydrated in one long task (about 400 ms of /pricing
 * under Lighthouse's 4x CPU slowdown) instead of in slices.
 */
function sameAsDefaults(preferences: StoredPreferences): StoredPreferences {
  const { currency, billingCycle } = SERVER_PREFERENCES;
  return preferences.currency === currency && preferences.billingCycle === billingCycle ? SERVER_PREFERENCES : preferences;
}

function pick({ currency, billingCycle }: Preferences): StoredPreferences {
  return { currency, billingCycle };
}

export interface PreferencesContextValue extends Preferences {
  setCurrency: (currency: Currency) => void;
  setBillingCycle: (cycle: BillingCycle) => void;
  setTheme: (theme: Theme) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/**
 * docs/product/screens.md and docs/product/states.md: theme, display currency and billing cycle, remembered in this browser.
 * The theme is Mantine's colour scheme (stored under `theme` by themeColorSchemeManager). Mount
 * inside MantineProvider.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createPreferencesStore);
  // A prerendered page (and its hydration) shows the defaults; the stored values follow at once.
  const stored = useSyncExternalStore(store.subscribe, store.getSnapshot, serverPreferences);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const setCurrency = useCallback((currency: Currency) => store.set('currency', currency), [store]);
  const setBillingCycle = useCallback((cycle: BillingCycle) => store.set('billingCycle', cycle), [store]);
  const setTheme = useCallback((theme: Theme) => setColorScheme(themeToColorScheme(theme)), [setColorScheme]);

  const value = useMemo<PreferencesContextValue>(
    () => ({ ...stored, theme: colorSchemeToTheme(colorScheme), setCurrency, setBillingCycle, setTheme }),
    [stored, colorScheme, setCurrency, setBillingCycle, setTheme],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside <PreferencesProvider>');
  return value;
}
