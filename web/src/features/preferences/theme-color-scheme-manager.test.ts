import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { themeColorSchemeManager } from './theme-color-scheme-manager';

describe('theme colour scheme manager', () => {
  it('stores Mantine schemes under the theme key, auto as system', () => {
    const storage = memoryStorage();
    const manager = themeColorSchemeManager(() => storage);
    manager.set('auto');
    expect(storage.values.get('theme')).toBe('system');
    expect(manager.get('light')).toBe('auto');
    manager.set('dark');
    expect(storage.values.get('theme')).toBe('dark');
    expect(manager.get('light')).toBe('dark');
  });

  it('uses the default when nothing valid is stored, and clears', () => {
    const storage = memoryStorage({ theme: 'sepia' });
    const manager = themeColorSchemeManager(() => storage);
    expect(manager.get('auto')).toBe('auto');
    storage.values.set('theme', 'light');
    manager.clear();
    expect(storage.values.has('theme')).toBe(false);
  });
});
