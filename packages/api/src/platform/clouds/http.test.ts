import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentProvider } from '../../testing/fakes/clouds/server';
import { doksClient } from './doks';
import { iksClient } from './iks';
import { scrub } from './http';
import { DEFAULT_TIMEOUT_MS, FAILURE_EXPLANATIONS, type ListClustersResult } from './port';

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

describe('the default deadline', () => {
  afterEach(() => vi.useRealTimers());

  it('is 10 s: a listing with no timeout override gives up at 10 s, not before, and says so with the timeout explanation', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let settled: ListClustersResult | undefined;
    const started = Date.now();
    // No `timeoutMs`: the listing's deadline is the default one.
    const listing = doksClient.listClusters({ token: 'dop_v1_whatever0123456789abcdef' }, { fetch: silentProvider }).then((result) => (settled = result));

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const result = await listing;
    expect(result).toMatchObject({ ok: false, kind: 'timeout', message: 'DigitalOcean did not answer within 10 s.' });
    expect(result.tookMs).toBe(10_000);
    expect(Date.now() - started).toBe(10_000);
    if (!result.ok) expect(FAILURE_EXPLANATIONS[result.kind]).toBe('The provider did not answer in time.');
  });
});
