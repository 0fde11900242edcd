import { serialize } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { anonymousCsrfCookie, randomToken } from './cookies';
import { originOf } from './context';

describe('anonymousCsrfCookie', () => {
  it('is what serialize writes, for each deployment and scheme, whatever was asked before', () => {
    const token = randomToken();
    const cases = [
      { env: { ENVIRONMENT: 'development' }, url: 'http://127.0.0.1:8787/api/cluster-tiers', name: 'km_csrf', secure: false },
      { env: { ENVIRONMENT: 'development' }, url: 'https://localhost/api/cluster-tiers', name: 'km_csrf', secure: true },
      { env: { ENVIRONMENT: 'production' }, url: 'http://kubemarket.eu/', name: '__Host-km_csrf', secure: true },
      { env: { ENVIRONMENT: 'development' }, url: 'http://localhost:5173/', name: 'km_csrf', secure: false },
    ] as const;
    for (const { env, url, name, secure } of [...cases, ...cases]) {
      expect(anonymousCsrfCookie(env, url, token)).toBe(serialize(name, token, { httpOnly: true, secure, sameSite: 'Lax', path: '/' }));
    }
  });
});

describe('originOf', () => {
  it('is the URL parser’s origin for the URLs a runtime hands a Worker', () => {
    for (const url of [
      'http://127.0.0.1:8787/api/cluster-tiers?page=2',
      'https://kubemarket.eu/',
      'https://kubemarket.eu',
      'https://console.kubemarket.eu:8443/clusters/c_1#x',
      'http://[::1]:8787/healthz',
      'https://xn--bcher-kva.example/a//b',
    ]) {
      expect(originOf(url)).toBe(new URL(url).origin);
    }
  });
});
