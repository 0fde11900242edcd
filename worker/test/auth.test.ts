import { totpCode } from '@kubemarket/api';
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody, json, TestClient, uniqueUser } from './client';

/**
 * The token of the latest link mailed to `to`. Links carry it in the fragment, and most mail is
 * sent after the answer (the background port, waitUntil): poll the outbox until that mail is in it.
 */
async function latestLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path}[?#]token=([\\w-]+)`);
  return vi.waitFor(
    async () => {
      const row = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').bind(to).first<{ text: string }>();
      const match = row?.text.match(pattern);
      if (!match) throw new Error(`No ${path} link mailed to ${to}`);
      return match[1]!;
    },
    { interval: 20, timeout: 10_000 },
  );
}

async function registered(ip?: string) {
  const client = await new TestClient(ip).prime();
  const details = uniqueUser();
  const res = await client.post('/api/register', details);
  expect(res.status).toBe(200);
  return { client, details, user: await json<{ id: string; emailVerified: boolean }>(res) };
}

describe('GET /api/user', () => {
  it('is 401 when anonymous and the SPEC user when signed in', async () => {
    const client = new TestClient();
    const anonymous = await client.get('/api/user');
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual(apiErrorBody('Not signed in.', 'unauthenticated'));

    const { client: signedIn, details } = await registered();
    const res = await signedIn.get('/api/user');
    expect(res.status).toBe(200);
    const user = await json(res);
    expect(Object.keys(user).sort()).toEqual(
      ['companyId', 'companyName', 'email', 'emailVerified', 'id', 'name', 'organizationId', 'role', 'username'].sort(),
    );
    expect(user).toMatchObject({ email: details.email, username: details.username, role: 'user', emailVerified: false, companyName: details.companyName });
    expect(String(user.companyId)).toMatch(/^KM-[A-Z0-9]{6}$/);
  });
});

describe('registration', () => {
  it('sets a hardened session cookie and a new CSRF token', async () => {
    const client = await new TestClient().prime();
    const anonymousCsrf = client.csrf;
    const res = await client.post('/api/register', uniqueUser());
    const cookie = res.headers.getSetCookie().find((value) => value.startsWith('km_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(client.csrf).not.toBe(anonymousCsrf);
  });

  it('creates a pending organisation owned by the user and mails a verification link', async () => {
    const { details, user } = await registered();
    const row = await env.DB.prepare('SELECT o.status, u.organization_role FROM users u JOIN organizations o ON o.id = u.organization_id WHERE u.id = ?').bind(user.id).first();
    expect(row).toEqual({ status: 'pending', organization_role: 'owner' });
    expect(await latestLink(details.email, '/verify-email')).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses duplicates, weak passwords and malformed fields with clear messages', async () => {
    const { details } = await registered();
    const client = await new TestClient('203.0.113.99').prime();
    // A taken email answers like any registration (ADR 12): the new account shows the typed
    // address, unverified, and can never verify it.
    const dup = await new TestClient('203.0.113.97').prime().then((other) => other.post('/api/register', { ...uniqueUser(), email: details.email.toUpperCase() }));
    expect(dup.status).toBe(200);
    expect(await json(dup)).toMatchObject({ email: details.email, emailVerified: false });
    const dupName = await client.post('/api/register', { ...uniqueUser(), username: details.username });
    expect(dupName.status).toBe(409);
    const weak = await client.post('/api/register', { ...uniqueUser(), password: 'password123' });
    expect(weak.status).toBe(400);
    expect(await json(weak)).toEqual(apiErrorBody('This password is too common. Choose one that is harder to guess.', 'invalid_request'));
    const malformed = await client.post('/api/register', { ...uniqueUser(), email: 'not-an-email', username: 'a' });
    expect(malformed.status).toBe(400);
    expect((await json<{ message: string }>(malformed)).message).toBe(
      'email: Enter a valid email address.; username: Username must be at least 3 characters.',
    );
    const notJson = await client.request('POST', '/api/register', undefined, { 'Content-Type': 'application/json' });
    expect(notJson.status).toBe(400);
  });

  it('accepts a 64-character passphrase', async () => {
    const client = await new TestClient('203.0.113.98').prime();
    const res = await client.post('/api/register', { ...uniqueUser(), password: 'x'.repeat(30) + 'correct horse battery staple 1234'.slice(0, 34) });
    expect(res.status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the token, or with a wrong one, with 403', async () => {
    const client = new TestClient();
    const missing = await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026' });
    expect(missing.status).toBe(403);
    expect(await json(missing)).toEqual(apiErrorBody('Invalid or missing CSRF token. Refresh the page and try again.', 'forbidden'));
    await client.prime();
    const wrong = await client.post('/api/login', { identifier: 'alice', password: 'x' }, { 'X-CSRF-Token': 'forged-token-value-000000' });
    expect(wrong.status).toBe(403);
  });

  it('accepts the token as a _csrf body field', async () => {
    const client = await new TestClient('203.0.113.50').prime();
    const token = client.csrf;
    client.csrf = '';
    const res = await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026', _csrf: token });
    expect(res.status).toBe(200);
  });

  it('reads the _csrf body field when the header is present but empty', async () => {
    const client = await new TestClient('203.0.113.51').prime();
    const res = await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026', _csrf: client.csrf }, { 'X-CSRF-Token': '' });
    expect(res.status).toBe(200);
  });

  it('refuses a foreign Origin even with a valid token', async () => {
    const client = await new TestClient().prime();
    const res = await client.post('/api/login', { identifier: 'alice', password: 'x' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual(apiErrorBody('Cross-origin requests are not allowed.', 'forbidden'));
  });

  it('puts the session-bound token in the served page', async () => {
    const { client } = await registered();
    const html = await (await client.get('/')).text();
    expect(html).toContain(`<meta name="csrf-token" content="${client.csrf}"`);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by username or email, and logout really ends the session', async () => {
    const client = await new TestClient('203.0.113.20').prime();
    const res = await client.post('/api/login', { username: 'alice', password: 'KubeMarket-demo-2026' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ username: 'alice', companyName: 'Acme Industries', companyId: 'KM-ACME01' });
    const stolen = client.cookies.get('km_session')!;

    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((cookie) => /^km_session=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect((await client.get('/api/user')).status).toBe(401);

    // Replaying the old cookie after logout does not work: the session is gone server-side.
    const replay = new TestClient();
    replay.cookies.set('km_session', stolen);
    expect((await replay.get('/api/user')).status).toBe(401);

    const byEmail = await client.post('/api/login', { email: 'ALICE@acme.example', password: 'KubeMarket-demo-2026' });
    expect(byEmail.status).toBe(200);
  });

  it('gives a new session on every sign-in', async () => {
    const client = await new TestClient('203.0.113.21').prime();
    await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026' });
    const first = client.cookies.get('km_session');
    await client.post('/api/login', { identifier: 'alice', password: 'KubeMarket-demo-2026' });
    expect(client.cookies.get('km_session')).not.toBe(first);
  });

  it('answers a wrong password with 401 and the same message as an unknown account', async () => {
    const client = await new TestClient('203.0.113.22').prime();
    const wrong = await client.post('/api/login', { identifier: 'olivia', password: 'not-the-password' });
    const unknown = await client.post('/api/login', { identifier: 'nobody-here', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // The same answer but for each request's own id.
    const [wrongBody, unknownBody] = [await json<{ requestId: string }>(wrong), await json<{ requestId: string }>(unknown)];
    expect(wrongBody.requestId).not.toBe(unknownBody.requestId);
    expect({ ...wrongBody, requestId: '' }).toEqual({ ...unknownBody, requestId: '' });
    expect(wrongBody).toEqual(apiErrorBody((wrongBody as unknown as { message: string }).message, 'unauthenticated'));
  });

  it('rate-limits sign-in per account with 429 and Retry-After', async () => {
    const client = await new TestClient('203.0.113.23').prime();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await client.post('/api/login', { identifier: 'adam', password: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await client.post('/api/login', { identifier: 'adam', password: 'KubeMarket-demo-2026' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(limited)).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Another address is not held by this address's failures (ADR 25): the owner still gets to
    // the second factor. Many addresses together hit the account's loose limit (races-auth.test.ts).
    const other = await new TestClient('198.51.100.7').prime();
    const owner = await other.post('/api/login', { identifier: 'adam', password: 'KubeMarket-demo-2026' });
    expect(owner.status).toBe(200);
    expect(await json(owner)).toMatchObject({ mfaRequired: true });
  });

  it('rate-limits through tRPC with Retry-After as well', async () => {
    const client = await new TestClient('203.0.113.24').prime();
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await client.post('/trpc/auth.login', { identifier: 'sophie', password: `wrong-${i}` });
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});

describe('MFA', () => {
  it('asks for a code, accepts it once and refuses the replay', async () => {
    const client = await new TestClient('203.0.113.30').prime();
    const res = await client.post('/api/login', { identifier: 'marc', password: 'KubeMarket-demo-2026' });
    expect(res.status).toBe(200);
    const challenge = await json<{ mfaRequired: boolean; mfaToken: string; tempUserId: string }>(res);
    expect(challenge).toMatchObject({ mfaRequired: true, tempUserId: 'usr_demo_marc' });
    expect(client.cookies.has('km_session')).toBe(false);
    expect((await client.get('/api/user')).status).toBe(401);

    const code = totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Date.now());
    const wrong = await client.post('/api/login/mfa', { mfaToken: challenge.mfaToken, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    const ok = await client.post('/api/login/mfa', { mfaToken: challenge.mfaToken, code });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ username: 'marc' });

    // The same code again, on a fresh sign-in attempt: refused as already used.
    const again = await new TestClient('203.0.113.31').prime();
    const second = await json<{ mfaToken: string }>(await again.post('/api/login', { identifier: 'marc', password: 'KubeMarket-demo-2026' }));
    const replay = await again.post('/api/login/mfa', { mfaToken: second.mfaToken, code });
    expect(replay.status).toBe(401);
    expect(await json(replay)).toEqual(apiErrorBody('This code has already been used. Wait for the next code and try again.', 'unauthenticated'));
    // And the used challenge token cannot be spent twice.
    const reuse = await client.post('/api/login/mfa', { mfaToken: challenge.mfaToken, code });
    expect(reuse.status).toBe(401);
  });

  it('enrols TOTP with recovery codes that work once', async () => {
    const { client, details } = await registered('203.0.113.32');
    // Two-step verification settings need a verified email and the password again.
    expect((await client.post('/api/auth/verify-email', { token: await latestLink(details.email, '/verify-email') })).status).toBe(200);
    const setup = await json<{ result: { data: { secret: string; otpauthUri: string } } }>(
      await client.post('/trpc/security.totpSetup', { password: details.password }),
    );
    const { secret, otpauthUri } = setup.result.data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/KubeMarket:/);
    const enable = await client.post('/trpc/security.totpEnable', { code: totpCode(secret, Date.now()) });
    expect(enable.status).toBe(200);
    const { recoveryCodes } = (await json<{ result: { data: { recoveryCodes: string[] } } }>(enable)).result.data;
    expect(recoveryCodes).toHaveLength(10);

    const fresh = await new TestClient('203.0.113.33').prime();
    const challenge = await json<{ mfaToken: string }>(await fresh.post('/api/login', { identifier: details.email, password: details.password }));
    expect((await fresh.post('/api/login/mfa', { mfaToken: challenge.mfaToken, code: recoveryCodes[0] })).status).toBe(200);
    const again = await new TestClient('203.0.113.34').prime();
    const challenge2 = await json<{ mfaToken: string }>(await again.post('/api/login', { identifier: details.email, password: details.password }));
    expect((await again.post('/api/login/mfa', { mfaToken: challenge2.mfaToken, code: recoveryCodes[0] })).status).toBe(401);
  });
});

describe('email flows', () => {
  it('verifies the email with a single-use link', async () => {
    const { client, details } = await registered('203.0.113.40');
    const token = await latestLink(details.email, '/verify-email');
    const first = await client.post('/api/auth/verify-email', { token });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ email: details.email, verified: true });
    expect(await json(await client.get('/api/user'))).toMatchObject({ emailVerified: true });
    const second = await client.post('/api/auth/verify-email', { token });
    expect(second.status).toBe(400);
    expect(await json(second)).toEqual(apiErrorBody('This confirmation link is invalid or has expired. Change your email again to get a new one.', 'invalid_request'));
  });

  it('resends verification, limited to 3 per 15 minutes', async () => {
    const { client, details } = await registered('203.0.113.41');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await client.post('/api/auth/resend-verification', { email: details.email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('resets the password once and signs out every session', async () => {
    const { client, details } = await registered('203.0.113.42');
    const anon = await new TestClient('203.0.113.43').prime();
    expect(await json(await anon.post('/api/auth/forgot-password', { email: details.email }))).toEqual({ sent: true });
    expect(await json(await anon.post('/api/auth/forgot-password', { email: 'nobody@example.com' }))).toEqual({ sent: true });
    const token = await latestLink(details.email, '/reset-password');
    const weak = await anon.post('/api/auth/reset-password', { token, password: 'qwerty123' });
    expect(weak.status).toBe(400);
    const reset = await anon.post('/api/auth/reset-password', { token, password: 'a-brand-new-passphrase' });
    expect(reset.status).toBe(200);
    expect((await anon.post('/api/auth/reset-password', { token, password: 'another-new-passphrase' })).status).toBe(400);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await anon.post('/api/login', { identifier: details.email, password: 'a-brand-new-passphrase' })).status).toBe(200);
  });

  it('signs in with a magic link that works once', async () => {
    const { details } = await registered('203.0.113.44');
    const anon = await new TestClient('203.0.113.45').prime();
    await anon.post('/api/auth/magic-link', { email: details.email });
    const token = await latestLink(details.email, '/magic-link');
    const first = await anon.post('/api/auth/magic-link/consume', { token });
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ email: details.email, emailVerified: true });
    const other = await new TestClient('203.0.113.46').prime();
    expect((await other.post('/api/auth/magic-link/consume', { token })).status).toBe(400);
  });
});

describe('account security', () => {
  it('changing the password needs the current one and ends the other sessions', async () => {
    const { client, details } = await registered('203.0.113.60');
    const laptop = await new TestClient('203.0.113.61').prime();
    await laptop.post('/api/login', { identifier: details.username, password: details.password });
    expect((await laptop.get('/api/user')).status).toBe(200);

    const wrong = await client.post('/trpc/account.changePassword', { currentPassword: 'nope-nope-nope', newPassword: 'a-fresh-passphrase-2' });
    expect(wrong.status).toBe(400);
    const ok = await client.post('/trpc/account.changePassword', { currentPassword: details.password, newPassword: 'a-fresh-passphrase-2' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
  });

  it('lists sessions and signs out the others', async () => {
    const { client, details } = await registered('203.0.113.62');
    const phone = await new TestClient('203.0.113.63').prime();
    await phone.post('/api/login', { identifier: details.username, password: details.password });
    const list = await json<{ result: { data: Array<{ current: boolean; ipAddress: string }> } }>(await client.get('/trpc/security.sessions'));
    expect(list.result.data).toHaveLength(2);
    expect(list.result.data.filter((s) => s.current)).toHaveLength(1);
    expect((await client.post('/trpc/security.revokeOtherSessions', { password: details.password })).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('development sign-in', () => {
  it('signs in as a demo account in development only', async () => {
    const client = await new TestClient('203.0.113.70').prime();
    const res = await client.post('/trpc/dev.login', { username: 'olivia' });
    expect(res.status).toBe(200);
    expect(await json(await client.get('/api/user'))).toMatchObject({ username: 'olivia', role: 'officer' });
    const refused = await client.post('/trpc/dev.login', { username: 'not-a-demo' });
    expect(refused.status).toBe(400);
  });
});
