import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { createConsentStore } from './consent-store';
import { CONSENT_STORAGE_KEY, readConsentRecord } from './consent-storage';

function setup(initialCookies: string[] = []) {
  const storage = memoryStorage();
  const cookies = new Set(initialCookies);
  const jar = {
    get cookie() {
      return [...cookies].map((name) => `${name}=1`).join('; ');
    },
    set cookie(value: string) {
      const name = value.split('=')[0] ?? '';
      if (value.includes('max-age=0')) cookies.delete(name);
      else cookies.add(name);
    },
  };
  const store = createConsentStore({
    storage: () => storage,
    now: () => 1_700_000_000_000,
    cookies: jar,
    location: () => ({ hostname: '127.0.0.1', pathname: '/' }),
  });
  return { storage, cookies, store };
}

describe('consent store', () => {
  it('starts without a record and stores Accept All', () => {
    const { storage, store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBeNull();
    store.acceptAll();
    expect(listener).toHaveBeenCalledOnce();
    expect(readConsentRecord(storage)).toMatchObject({ functional: true, analytics: true, marketing: true, hasConsented: true, version: '1.0.0' });
  });

  it('Reject All deletes analytics and marketing cookies', () => {
    const { store, cookies } = setup(['_ga', '_gid', '_fbp', 'km_csrf']);
    store.rejectAll();
    expect([...cookies]).toEqual(['km_csrf']);
    expect(store.getSnapshot()).toMatchObject({ functional: false, analytics: false, marketing: false });
  });

  it('Save Preferences stores the toggles and deletes only refused categories', () => {
    const { store, cookies } = setup(['_ga', '_fbp']);
    store.save({ functional: true, analytics: true, marketing: false });
    expect([...cookies]).toEqual(['_ga']);
    expect(store.getSnapshot()).toMatchObject({ functional: true, analytics: true, marketing: false });
  });

  it('Reset clears the record and the optional cookies', () => {
    const { store, storage, cookies } = setup();
    store.acceptAll();
    cookies.add('_ga');
    store.reset();
    expect(store.getSnapshot()).toBeNull();
    expect(storage.values.has(CONSENT_STORAGE_KEY)).toBe(false);
    expect(cookies.has('_ga')).toBe(false);
  });
});
