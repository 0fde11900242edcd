import { exports } from 'cloudflare:workers';
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloudsFor } from '../src/context';
import { apiErrorBody, BASE, TestClient, uniqueUser } from './client';
import { standInDigitalOcean } from './digitalocean-stand-in';

const TOKEN = 'dop_v1_resttestreader0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60';
const REVOKED = 'dop_v1_resttestrevoked0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6';

/** A script: no cookies, no Origin, only the bearer API token. */
function script(token: string, method: string, path: string, body?: unknown) {
  const headers = new Headers({ Authorization: `Bearer ${token}`, 'CF-Connecting-IP': '198.51.100.61' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return exports.default.fetch(new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** A newly registered owner of a new organisation, signed in in a browser-like client. */
async function owner(ip: string) {
  const client = await new TestClient(ip).prime();
  expect((await client.post('/api/register', uniqueUser('pcn'))).status).toBe(200);
  return client;
}

/** The answer's text, checked for the credentials before it is parsed. */
async function answer<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(REVOKED);
  return JSON.parse(text) as T;
}

afterEach(() => {
  vi.restoreAllMocks();
});

interface Connection {
  id: string;
  provider: string;
  name: string;
  hint: string;
  lastResultKind: string | null;
  clusterCount: number;
}
interface TestResult {
  ok: boolean;
  kind: string;
  explanation: string | null;
  clusters: Array<{ name: string; region: string; kubernetesVersion: string; nodeCount: number | null; status: string }>;
}

describe('cloud connections over REST', () => {
  it('saves, lists, tests and deletes a DigitalOcean connection with an API token, to its organisation only, never answering the token', async () => {
    const provider = standInDigitalOcean();
    provider.tokens.set(TOKEN, [{ name: 'doks-ams', region: 'ams3', nodes: [2, 2] }]);
    const logged: string[] = [];
    for (const method of ['log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));

    // A script of the owner's, with a token that may read and write clusters.
    const browser = await owner('198.51.100.60');
    const created = await browser.post('/api/tokens', { name: 'Fleet script', expiresInDays: 30, scopes: ['clusters:read', 'clusters:write'] });
    const { token: apiToken } = await answer<{ token: string }>(created, 201);

    expect(await answer(await script(apiToken, 'GET', '/api/provider-connections'), 200)).toEqual([]);

    // A token DigitalOcean refuses: explained, and nothing saved.
    const refused = await answer<{ connection: Connection | null; result: TestResult }>(
      await script(apiToken, 'POST', '/api/provider-connections', { provider: 'doks', name: 'Revoked', credentials: { token: REVOKED } }),
      201,
    );
    expect(refused).toMatchObject({ connection: null, result: { ok: false, kind: 'bad_credentials', clusters: [] } });
    expect(provider.calls.at(-1)).toEqual({ token: REVOKED, status: 401 });

    // An accepted token: saved, with the cluster DigitalOcean listed with it.
    const saved = await answer<{ connection: Connection; result: TestResult }>(
      await script(apiToken, 'POST', '/api/provider-connections', { provider: 'doks', name: 'DigitalOcean production', credentials: { token: TOKEN } }),
      201,
    );
    expect(saved.result).toMatchObject({ ok: true, kind: 'ok', explanation: null, clusters: [{ name: 'doks-ams', region: 'ams3', kubernetesVersion: '1.31.1', nodeCount: 4, status: 'running' }] });
    expect(saved.connection).toMatchObject({ provider: 'doks', name: 'DigitalOcean production', hint: `token …${TOKEN.slice(-4)}`, lastResultKind: 'ok', clusterCount: 1 });
    expect(provider.calls.at(-1)).toEqual({ token: TOKEN, status: 200 });
    const id = saved.connection.id;

    const listed = await answer<Connection[]>(await script(apiToken, 'GET', '/api/provider-connections'), 200);
    expect(listed).toEqual([expect.objectContaining({ id, provider: 'doks', clusterCount: 1 })]);

    // Tested again with the stored token: unsealed on the server, sent to DigitalOcean, never answered.
    const calls = provider.calls.length;
    provider.tokens.set(TOKEN, [
      { name: 'doks-ams', region: 'ams3', nodes: [2, 2] },
      { name: 'doks-fra', region: 'fra1', nodes: [3] },
    ]);
    const retested = await answer<TestResult>(await script(apiToken, 'POST', `/api/provider-connections/${id}/test`), 200);
    expect(retested).toMatchObject({ ok: true, kind: 'ok' });
    expect(retested.clusters.map((cluster) => cluster.name)).toEqual(['doks-ams', 'doks-fra']);
    expect(provider.calls.slice(calls)).toEqual([{ token: TOKEN, status: 200 }]);

    // The external clusters are what the save stored (a test does not replace them).
    const clusters = await answer<Array<Record<string, unknown>>>(await script(apiToken, 'GET', '/api/external-clusters'), 200);
    expect(clusters).toEqual([
      expect.objectContaining({ connectionId: id, connectionName: 'DigitalOcean production', provider: 'doks', name: 'doks-ams', region: 'ams3', kubernetesVersion: '1.31.1', nodeCount: 4, status: 'running' }),
    ]);

    // Another organisation: the connection does not exist, and its token is not used.
    const other = await owner('198.51.100.62');
    expect(await answer(await other.get('/api/provider-connections'), 200)).toEqual([]);
    expect(await answer(await other.get('/api/external-clusters'), 200)).toEqual([]);
    const foreignTest = await other.post(`/api/provider-connections/${id}/test`);
    expect(await answer(foreignTest, 404)).toEqual(apiErrorBody('Connection not found.', 'not_found'));
    const foreignDelete = await other.request('DELETE', `/api/provider-connections/${id}`);
    expect(await answer(foreignDelete, 404)).toEqual(apiErrorBody('Connection not found.', 'not_found'));
    expect(provider.calls.length).toBe(calls + 1);

    // The owner's script deletes it, with its clusters; a second delete finds nothing.
    expect(await answer(await script(apiToken, 'DELETE', `/api/provider-connections/${id}`), 200)).toEqual({ deleted: true, removedClusters: 1 });
    expect(await answer(await script(apiToken, 'GET', '/api/provider-connections'), 200)).toEqual([]);
    expect(await answer(await script(apiToken, 'GET', '/api/external-clusters'), 200)).toEqual([]);
    expect(await answer(await script(apiToken, 'DELETE', `/api/provider-connections/${id}`), 404)).toEqual(apiErrorBody('Connection not found.', 'not_found'));

    // Nor in a log line or an audit entry.
    const audits = await env.DB.prepare("SELECT action, metadata FROM audit_log WHERE action LIKE 'provider_connection.%' AND target_id = ?").bind(id).all();
    expect(audits.results.map((entry) => entry.action)).toEqual(expect.arrayContaining(['provider_connection.tested', 'provider_connection.created', 'provider_connection.deleted']));
    for (const text of [JSON.stringify(audits.results), logged.join('\n')]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(REVOKED);
    }
    expect(provider.violations).toEqual([]);
  });

  it('refuses a token without clusters:write (403) and credentials of the wrong shape (400), without calling the provider', async () => {
    const provider = standInDigitalOcean();
    const browser = await owner('198.51.100.63');
    const created = await browser.post('/api/tokens', { name: 'Read-only script', expiresInDays: 30, scopes: ['clusters:read'] });
    const { token: readOnly } = await answer<{ token: string }>(created, 201);
    expect(await answer(await script(readOnly, 'GET', '/api/external-clusters'), 200)).toEqual([]);
    expect((await script(readOnly, 'POST', '/api/provider-connections', { provider: 'doks', name: 'No scope', credentials: { token: TOKEN } })).status).toBe(403);
    expect((await browser.post('/api/provider-connections', { provider: 'doks', name: 'Too short', credentials: { token: 'short' } })).status).toBe(400);
    expect(provider.calls).toEqual([]);
  });
});

describe('the clouds port of the Worker', () => {
  it('has the 10 s default unless development sets CLOUD_TIMEOUT_MS, which production ignores', () => {
    expect(cloudsFor({ ...env, ENVIRONMENT: 'development' }).timeoutMs).toBeUndefined();
    expect(cloudsFor({ ...env, ENVIRONMENT: 'development', CLOUD_TIMEOUT_MS: '3000' }).timeoutMs).toBe(3000);
    expect(cloudsFor({ ...env, ENVIRONMENT: 'production', CLOUD_TIMEOUT_MS: '3000' }).timeoutMs).toBeUndefined();
    expect(() => cloudsFor({ ...env, ENVIRONMENT: 'development', CLOUD_TIMEOUT_MS: '60000' })).toThrow('CLOUD_TIMEOUT_MS');
  });
});
