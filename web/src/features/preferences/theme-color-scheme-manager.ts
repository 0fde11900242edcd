import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Theme } from '@kubemarket/shared';
import { localStore, readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { PREFERENCE_KEYS, parseTheme } from './preferences-storage';

export function themeToColorScheme(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function colorSchemeToTheme(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

/**
 * Mantine keeps the colour scheme in its own storage key by default; this manager keeps it under
 * the `theme` key (docs/product/entities.md) with the values light, dark and system, so the header toggle, the settings
 * page and the stored preference are one value.
 */
export function themeColorSchemeManager(storage: () => KeyValueStorage | null = localStore): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      const theme = parseTheme(readItem(storage(), PREFERENCE_KEYS.theme));
      return theme ? themeToColorScheme(theme) : defaultValue;
    },
    set: (value) => writeItem(storage(), PREFERENCE_KEYS.theme, colorSchemeToTheme(value)),
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key !== PREFERENCE_KEYS.theme) return;
        const theme = parseTheme(event.newValue);
        if (theme) onUpdate(themeToColorScheme(theme));
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = undefined;
    },
    clear: () => removeItems(storage(), [PREFERENCE_KEYS.theme]),
  };
}
