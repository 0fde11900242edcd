import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { isSafeRedirectPath, locationToPath, saveRedirectAfterLogin, takeRedirectAfterLogin } from './redirect-after-login';

describe('locationToPath', () => {
  it('joins path, query and hash', () => {
    expect(locationToPath({ pathname: '/settings', search: '?tab=security', hash: '#sessions' })).toBe(
      '/settings?tab=security#sessions',
    );
  });

  it('accepts query and hash without their markers, as the router gives them', () => {
    expect(locationToPath({ pathname: '/settings', search: 'tab=security', hash: 'sessions' })).toBe(
      '/settings?tab=security#sessions',
    );
  });

  it('leaves out empty parts', () => {
    expect(locationToPath({ pathname: '/dashboard' })).toBe('/dashboard');
    expect(locationToPath({ pathname: '/dashboard', search: '?', hash: '#' })).toBe('/dashboard');
  });
});

describe('isSafeRedirectPath', () => {
  it.each([
    // Paths of this site.
    ['/dashboard', true],
    ['/settings?tab=security#sessions', true],
    // Other origins, and protocol-relative or backslash tricks.
    ['https://evil.example/', false],
    ['//evil.example/path', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['', false],
    // The sign-in page, so that signing in cannot loop; a path that merely starts alike is fine.
    ['/auth', false],
    ['/auth?x=1', false],
    ['/authors', true],
  ] as const)('%j is safe: %s', (path, safe) => {
    expect(isSafeRedirectPath(path)).toBe(safe);
  });
});

describe('saved redirect', () => {
  it('is read once', () => {
    const storage = memoryStorage();
    saveRedirectAfterLogin(storage, '/settings?tab=security#sessions');
    expect(storage.values.get('redirectAfterLogin')).toBe('/settings?tab=security#sessions');
    expect(takeRedirectAfterLogin(storage)).toBe('/settings?tab=security#sessions');
    expect(takeRedirectAfterLogin(storage)).toBeNull();
  });

  it('is not saved when unsafe, and an unsafe stored value is dropped', () => {
    const storage = memoryStorage();
    saveRedirectAfterLogin(storage, '//evil.example');
    expect(storage.values.size).toBe(0);

    storage.setItem('redirectAfterLogin', 'https://evil.example');
    expect(takeRedirectAfterLogin(storage)).toBeNull();
    expect(storage.values.size).toBe(0);
  });

  it('copes with no storage at all', () => {
    expect(() => saveRedirectAfterLogin(null, '/dashboard')).not.toThrow();
    expect(takeRedirectAfterLogin(null)).toBeNull();
  });
});
