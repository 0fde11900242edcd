import { afterEach, describe, expect, it, vi } from 'vitest';
import { doksClient } from './doks';
import { iksClient } from './iks';
import { scrub } from './http';

describe('credential scrubbing', () => {
  it('removes a secret that a provider echoes back in its error', async () => {
    const token = 'dop_v1_echoedtoken0123456789abcdef0123456789abcdef0123456789abcd';
    const echoing: typeof fetch = async (_input, init) => {
      const authorization = new Headers(init?.headers).get('authorization');
      return new Response(JSON.stringify({ id: 'Unauthorized', message: `token ${authorization} is not valid` }), { status: 401 });
    };
    const result = await doksClient.listClusters({ token }, { fetch: echoing });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) {
      expect(result.message).not.toContain(token);
      expect(result.message).toContain('[redacted]');
    }
  });

  it('removes a secret from the message of a form body echoed by a token endpoint', async () => {
    const apiKey = 'ibmEchoedApiKey_0123456789abcdefghij';
    const echoing: typeof fetch = async (_input, init) =>
      new Response(JSON.stringify({ errorCode: 'BXNIM0415E', errorMessage: `Provided API key could not be found: ${String(init?.body)}` }), { status: 400 });
    const result = await iksClient.listClusters({ apiKey }, { fetch: echoing });
    expect(result).toMatchObject({ ok: false, kind: 'bad_credentials' });
    if (!result.ok) expect(result.message).not.toContain(apiKey);
  });

  it('removes every line of a PEM key and keeps short values alone', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n';
    expect(scrub('leaked MIIEvQIBADANBgkqhkiG9w0BAQEFAASC and BKcwggSjAgEAAoIBAQC7', [pem])).toBe('leaked [redacted] and [redacted]');
    expect(scrub('region eu', ['eu'])).toBe('region eu');
  });

  it('answers unexpected, not an exception, when the provider sends something that is not JSON', async () => {
    const html: typeof fetch = async () => new Response('<html>gateway</html>', { status: 200 });
    const result = await doksClient.listClusters({ token: 'dop_v1_whatever0123456789abcdef' }, { fetch: html });
    expect(result).toMatchObject({ ok: false, kind: 'unexpected' });
  });
});

describe('the default fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is called with the global `this`, as workerd requires (a method call on another object is an Illegal invocation there)', async () => {
    vi.stubGlobal('fetch', function strictFetch(this: unknown) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return Promise.resolve(new Response(JSON.stringify({ kubernetes_clusters: [], links: {} }), { status: 200 }));
    });
    const result = await doksClient.listClusters({ token: 'dop_v1_whatever0123456789abcdef' });
    expect(result).toMatchObject({ ok: true, clusters: [] });
  });
});
