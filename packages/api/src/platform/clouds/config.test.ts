import { describe, expect, it } from 'vitest';
import { cloudsPortFromConfig, cloudTimeoutFromConfig } from './config';

describe('CLOUD_BASE_URLS', () => {
  it('unset means the real endpoints', () => {
    expect(cloudsPortFromConfig(undefined)).toEqual({ baseUrls: {} });
    expect(cloudsPortFromConfig('  ')).toEqual({ baseUrls: {} });
  });

  it('reads base URLs by provider, regional templates included', () => {
    const port = cloudsPortFromConfig(JSON.stringify({ eks: { eks: 'http://127.0.0.1:9001/eks/{region}', sts: 'http://127.0.0.1:9001/sts' }, doks: { api: 'https://do.example.test' } }));
    expect(port.baseUrls).toEqual({ eks: { eks: 'http://127.0.0.1:9001/eks/{region}', sts: 'http://127.0.0.1:9001/sts' }, doks: { api: 'https://do.example.test' } });
  });

  it('refuses what an operator could get wrong, with a message that says what', () => {
    expect(() => cloudsPortFromConfig('{')).toThrow('not valid JSON');
    expect(() => cloudsPortFromConfig('{"gcp":{}}')).toThrow('unknown provider "gcp"');
    expect(() => cloudsPortFromConfig('{"doks":{"apiUrl":"https://x.test"}}')).toThrow('no base URL "apiUrl"');
    expect(() => cloudsPortFromConfig('{"doks":{"api":"http://api.digitalocean.com"}}')).toThrow('must use https');
    expect(() => cloudsPortFromConfig('{"doks":{"api":42}}')).toThrow('must be a URL string');
  });
});

describe('CLOUD_TIMEOUT_MS', () => {
  it('unset keeps the 10 s default; set, it shortens the deadline', () => {
    expect(cloudTimeoutFromConfig(undefined)).toBeUndefined();
    expect(cloudTimeoutFromConfig(' ')).toBeUndefined();
    expect(cloudTimeoutFromConfig('3000')).toBe(3000);
  });

  it('refuses what is not a shorter deadline in milliseconds', () => {
    for (const text of ['10001', '60000', '99', '0', '-5', '2.5', '3s', 'abc']) expect(() => cloudTimeoutFromConfig(text)).toThrow('from 100 to 10000');
  });
});
