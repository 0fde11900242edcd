import { exports } from 'cloudflare:workers';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, BASE, json, TestClient, uniqueUser } from './client';

let ipCounter = 0;
/** Registration is rate-limited per address: each test account comes from its own. */
const nextIp = () => `192.0.2.${(ipCounter += 1)}`;

/** A script: no cookies, no Origin, only the bearer token. */
function script(token: string, method: string, path: string, body?: unknown) {
  const headers = new Headers({ Authorization: `Bearer ${token}`, 'CF-Connecting-IP': '198.51.100.20' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return exports.default.fetch(new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

async function signedInWithToken(scopes: string[]) {
  const client = await new TestClient(nextIp()).prime();
  expect((await client.post('/api/register', uniqueUser('tok'))).status).toBe(200);
  const created = await client.post('/api/tokens', { name: 'CI script', expiresInDays: 30, scopes });
  expect(created.status).toBe(201);
  const body = await json<{ id: string; token: string; prefix: string; scopes: string[]; status: string }>(created);
  return { client, ...body };
}

describe('API tokens over REST', () => {
  it('lets a script with a token and no cookie list notifications, and refuses paths outside its scopes with 403', async () => {
    const { token, scopes, status, prefix, id } = await signedInWithToken(['notifications:read']);
    expect(token).toMatch(/^kmt_[a-z0-9]{20}_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    expect(scopes).toEqual(['notifications:read']);
    expect(status).toBe('active');

    const list = await script(token, 'GET', '/api/notifications');
    expect(list.status).toBe(200);
    const notifications = await json<Array<{ message: string }>>(list);
    expect(notifications.some((n) => n.message.startsWith('Welcome to KubeMarket'))).toBe(true);
    // A bearer request gets no cookies and no CSRF token back.
    expect(list.headers.getSetCookie()).toEqual([]);
    expect(list.headers.get('X-CSRF-Token')).toBeNull();
    // A second request within the hour is counted, not audited again (issue 29: one entry per token and hour).
    expect((await script(token, 'GET', '/api/notifications/count')).status).toBe(200);
    const usage = await env.DB.prepare('SELECT requests, rate_limited FROM api_token_usage WHERE token_id = ?').bind(id).all<{ requests: number; rate_limited: number }>();
    expect(usage.results).toEqual([{ requests: 2, rate_limited: 0 }]);
    // The hour's use is audited in the owner's organisation: the token's user as actor, the token as target, the first method and path; never the secret.
    const owner = await env.DB.prepare('SELECT users.id AS id, users.organization_id AS organizationId FROM api_tokens JOIN users ON users.id = api_tokens.user_id WHERE api_tokens.id = ?')
      .bind(id)
      .first<{ id: string; organizationId: string }>();
    const { results: used } = await env.DB.prepare("SELECT actor_user_id, organization_id, target_type, target_id, ip_address, metadata FROM audit_log WHERE action = 'token.used' AND target_id = ?")
      .bind(id)
      .all<Record<string, unknown>>();
    expect(used).toEqual([
      { actor_user_id: owner!.id, organization_id: owner!.organizationId, target_type: 'api_token', target_id: id, ip_address: '198.51.100.20', metadata: JSON.stringify({ method: 'GET', path: '/api/notifications' }) },
    ]);
    expect(owner!.organizationId).toMatch(/^org_/);
    const secret = token.split('_').slice(2).join('_');
    expect(JSON.stringify(used)).not.toContain(secret);

    const write = await script(token, 'POST', '/api/notifications/mark-all-read');
    expect(write.status).toBe(403);
    expect(await json(write)).toEqual(apiErrorBody('This API token lacks the "notifications:write" scope.', 'forbidden'));
    const clusters = await script(token, 'GET', '/api/sidebar-counts');
    expect(clusters.status).toBe(403);
  });

  it('says on every token answer where its rate-limit window stands, errors included (RateLimit-*)', async () => {
    const { token } = await signedInWithToken(['notifications:read']);
    const answers = [];
    for (const path of ['/api/notifications', '/api/notifications/count', '/api/sidebar-counts']) answers.push(await script(token, 'GET', path));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403]);
    expect(answers.map((answer) => answer.headers.get('RateLimit-Limit'))).toEqual(['600', '600', '600']);
    expect(answers.map((answer) => answer.headers.get('RateLimit-Remaining'))).toEqual(['599', '598', '597']);
    expect(answers.map((answer) => answer.headers.get('RateLimit-Policy'))).toEqual(['600;w=60', '600;w=60', '600;w=60']);
    for (const answer of answers) {
      const reset = Number(answer.headers.get('RateLimit-Reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    // A browser session is not limited this way: no headers.
    const { client } = await signedInWithToken(['notifications:read']);
    expect((await client.get('/api/notifications')).headers.get('RateLimit-Limit')).toBeNull();
  });

  it('needs no CSRF token for a bearer write, and ignores cookies sent along', async () => {
    const { token, client } = await signedInWithToken(['notifications:write']);
    const res = await script(token, 'POST', '/api/notifications/mark-all-read');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: true });
    // The browser session itself still needs its CSRF token.
    const noCsrf = await client.request('POST', '/api/notifications/mark-all-read', {}, { 'X-CSRF-Token': '' });
    expect(noCsrf.status).toBe(403);
  });

  it('answers 401 after revocation, for an expired token and for a malformed one', async () => {
    const { token, id, client } = await signedInWithToken(['notifications:read']);
    const revoke = await client.request('DELETE', `/api/tokens/${id}`);
    expect(revoke.status).toBe(200);
    expect(await json(revoke)).toMatchObject({ id, status: 'revoked' });
    const after = await script(token, 'GET', '/api/notifications');
    expect(after.status).toBe(401);
    expect(await json(after)).toEqual(apiErrorBody('This API token has been revoked. Create a new one in Settings → API tokens.', 'unauthenticated'));

    const other = await signedInWithToken(['notifications:read']);
    await env.DB.prepare('UPDATE api_tokens SET expires_at = 1 WHERE id = ?').bind(other.id).run();
    const expired = await script(other.token, 'GET', '/api/notifications');
    expect(expired.status).toBe(401);
    expect((await json<{ message: string }>(expired)).message).toMatch(/expired/);

    const malformed = await script('not-a-token', 'GET', '/api/notifications');
    expect(malformed.status).toBe(401);
    expect((await json<{ message: string }>(malformed)).message).toMatch(/malformed or unknown/);
    const wrongSecret = await script(`${other.token.slice(0, -4)}AAAA`, 'GET', '/api/notifications');
    expect(wrongSecret.status).toBe(401);
  });

  it('cannot mint, list or revoke tokens with a token', async () => {
    const { token, id } = await signedInWithToken(TOKEN_SCOPES_ALL);
    for (const [method, path, body] of [
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'x', expiresInDays: 1, scopes: ['notifications:read'] }],
      ['DELETE', `/api/tokens/${id}`, undefined],
    ] as const) {
      const res = await script(token, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('validates token creation with readable messages', async () => {
    const client = await new TestClient(nextIp()).prime();
    expect((await client.post('/api/register', uniqueUser('tokv'))).status).toBe(200);
    const tooLong = await client.post('/api/tokens', { name: 'x', expiresInDays: 400, scopes: ['notifications:read'] });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toEqual(apiErrorBody('expiresInDays: A token can live at most one year (366 days).', 'validation_failed', [{ path: 'expiresInDays', message: 'A token can live at most one year (366 days).' }]));
    const badScope = await client.post('/api/tokens', { name: 'x', expiresInDays: 10, scopes: ['root'] });
    expect(badScope.status).toBe(400);
    const anonymous = await new TestClient().prime();
    expect((await anonymous.post('/api/tokens', { name: 'x', expiresInDays: 10, scopes: ['notifications:read'] })).status).toBe(401);
  });

  it('rate-limits each token with 429 and Retry-After, and audits its use', async () => {
    const { token, id } = await signedInWithToken(['notifications:read']);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 600)").bind(`api-token:${id}`, Date.now()).run();
    const limited = await script(token, 'GET', '/api/notifications/count');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    const used = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ? AND action IN ('token.created', 'token.rate_limited')").bind(id).first<{ n: number }>();
    expect(used?.n).toBe(2);
  });
});

const TOKEN_SCOPES_ALL = ['account:read', 'account:write', 'notifications:read', 'notifications:write', 'clusters:read', 'clusters:write'];

describe('GET /api/openapi.json', () => {
  it('documents every REST path, each of which answers something other than 404', async () => {
    const client = await new TestClient().prime();
    const res = await client.get('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = await json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(res);
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path] as const));
    expect(operations.length).toBeGreaterThan(30);
    for (const [method, path] of operations) {
      const concrete = path.replace(/\{\w+\}/g, 'probe_id');
      const answer = method === 'GET' ? await client.get(concrete) : await client.request(method, concrete, {});
      const body = await answer.text();
      expect(answer.status === 404 && body.includes('No API route'), `${method} ${path} -> ${answer.status} ${body}`).toBe(false);
    }
  });
});
