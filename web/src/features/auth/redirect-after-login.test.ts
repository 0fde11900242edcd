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
  it('accepts paths of this site', () => {
    expect(isSafeRedirectPath('/dashboard')).toBe(true);
    expect(isSafeRedirectPath('/settings?tab=security#sessions')).toBe(true);
  });

  it('refuses other origins and protocol-relative or backslash tricks', () => {
    expect(isSafeRedirectPath('https://evil.example/')).toBe(false);
    expect(isSafeRedirectPath('//evil.example/path')).toBe(false);
    expect(isSafeRedirectPath('/\\evil.example')).toBe(false);
    expect(isSafeRedirectPath('javascript:alert(1)')).toBe(false);
    expect(isSafeRedirectPath('')).toBe(false);
  });

  it('refuses the sign-in page so signing in cannot loop', () => {
    expect(isSafeRedirectPath('/auth')).toBe(false);
    expect(isSafeRedirectPath('/auth?x=1')).toBe(false);
    expect(isSafeRedirectPath('/authors')).toBe(true);
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
