import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { DEFAULT_PREFERENCES, readPreferences, writePreference } from './preferences-storage';

describe('preferences storage', () => {
  it('defaults to EUR, monthly billing and the system theme', () => {
    expect(readPreferences(memoryStorage())).toEqual({ currency: 'EUR', billingCycle: 'monthly', theme: 'system' });
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('stores each preference under its SPEC key', () => {
    const storage = memoryStorage();
    writePreference(storage, 'currency', 'GBP');
    writePreference(storage, 'billingCycle', 'yearly');
    writePreference(storage, 'theme', 'dark');
    expect(Object.fromEntries(storage.values)).toEqual({ currency: 'GBP', billingCycle: 'yearly', theme: 'dark' });
    expect(readPreferences(storage)).toEqual({ currency: 'GBP', billingCycle: 'yearly', theme: 'dark' });
  });

  it('ignores values it does not know', () => {
    const storage = memoryStorage({ currency: 'JPY', billingCycle: 'weekly', theme: 'auto' });
    expect(readPreferences(storage)).toEqual(DEFAULT_PREFERENCES);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readPreferences(broken)).toEqual(DEFAULT_PREFERENCES);
    expect(() => writePreference(broken, 'currency', 'USD')).not.toThrow();
  });
});
