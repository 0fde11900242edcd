import { describe, expect, it } from 'vitest';
import { cookieDomains, cookieNames, deleteRefusedCookies, expireCookie } from './cookie-cleanup';
import type { CookieJar } from './cookie-cleanup';

/** A cookie jar that behaves like document.cookie for names: writing an expired cookie removes it. */
function fakeJar(initial: Record<string, string>): CookieJar & { writes: string[]; values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    values,
    writes,
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(written: string) {
      writes.push(written);
      const [pair = '', ...attributes] = written.split(';').map((part) => part.trim());
      const name = pair.split('=')[0] ?? '';
      const expired = attributes.some((attribute) => attribute === 'max-age=0' || attribute.startsWith('expires=Thu, 01 Jan 1970'));
      if (expired) values.delete(name);
      else values.set(name, pair.slice(name.length + 1));
    },
  };
}

describe('cookieNames', () => {
  it('lists the names of document.cookie', () => {
    expect(cookieNames('_ga=GA1.1.1; theme=dark;  _gid=x')).toEqual(['_ga', 'theme', '_gid']);
    expect(cookieNames('')).toEqual([]);
  });
});

describe('cookieDomains', () => {
  it('covers host-only and every parent domain, not the TLD', () => {
    expect(cookieDomains('www.kubemarket.eu')).toEqual([null, 'www.kubemarket.eu', '.www.kubemarket.eu', 'kubemarket.eu', '.kubemarket.eu']);
  });

  it('is host-only for IP addresses', () => {
    expect(cookieDomains('127.0.0.1')).toEqual([null]);
    expect(cookieDomains('localhost')).toEqual([null]);
  });
});

describe('expireCookie', () => {
  it('writes an expired cookie for each domain and path prefix', () => {
    const jar = fakeJar({ _ga: '1' });
    expireCookie(jar, '_ga', 'kubemarket.eu', '/docs/intro');
    expect(jar.writes).toContain('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/');
    expect(jar.writes).toContain('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/docs/intro; domain=.kubemarket.eu');
    expect(jar.values.has('_ga')).toBe(false);
  });
});

describe('deleteRefusedCookies', () => {
  const seeded = () =>
    fakeJar({ _ga: 'GA1.1.1', _ga_ABC123: 'GS1', _gid: 'x', _fbp: 'fb.1', _gcl_au: '1.1', hubspotutk: 'h', km_csrf: 'c', currency: 'USD' });

  it('deletes analytics and marketing cookies when both are refused, and keeps the rest', () => {
    const jar = seeded();
    const deleted = deleteRefusedCookies(jar, { functional: false, analytics: false, marketing: false }, '127.0.0.1');
    expect(deleted.sort()).toEqual(['_fbp', '_ga', '_ga_ABC123', '_gcl_au', '_gid', 'hubspotutk']);
    expect([...jar.values.keys()].sort()).toEqual(['currency', 'km_csrf']);
  });

  it('only deletes the refused category', () => {
    const jar = seeded();
    deleteRefusedCookies(jar, { functional: true, analytics: true, marketing: false }, '127.0.0.1');
    expect(jar.values.has('_ga')).toBe(true);
    expect(jar.values.has('_fbp')).toBe(false);
    expect(jar.values.has('hubspotutk')).toBe(false);
  });

  it('deletes nothing when everything is accepted', () => {
    const jar = seeded();
    expect(deleteRefusedCookies(jar, { functional: true, analytics: true, marketing: true }, '127.0.0.1')).toEqual([]);
    expect(jar.writes).toEqual([]);
  });
});
