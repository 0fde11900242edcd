import { describe, expect, it } from 'vitest';
import { cloudsPortFromConfig } from './config';

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
