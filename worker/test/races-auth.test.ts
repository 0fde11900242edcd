/**
 * Issue 29, in workerd against D1: N sign-ins or second-factor codes fired at once (Promise.all)
 * through the Worker, and what was really checked counted in the database (a checked password
 * leaves an `auth.sign_in_failed` audit row or a sign-in, a checked code an `auth.mfa_failed` row).
 */
import { totpCode } from '@kubemarket/api';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { json, TestClient, uniqueUser } from './client';

const STRICT = 5; // RATE_LIMITS.loginPerAccountAndAddress
const LOOSE = 10; // RATE_LIMITS.loginPerAccount
const MFA = 10; // RATE_LIMITS.mfaFailuresPerUser

let network = 0;
/** A fresh address per client (198.18.0.0/15 is for benchmarks), so no test shares an address limit. */
const nextIp = () => {
  network += 1;
  return `198.18.${Math.floor(network / 250)}.${network % 250}`;
};

async function registeredAccount() {
  const home = nextIp();
  const client = await new TestClient(home).prime();
  const details = uniqueUser('race');
  const res = await client.post('/api/register', details);
  expect(res.status).toBe(200);
  const { id } = await json<{ id: string }>(res);
  return { id, details, home };
}

async function audits(action: string, userId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM audit_log WHERE action = ? AND actor_user_id = ?').bind(action, userId).first<{ n: number }>();
  return row!.n;
}

const statuses = (responses: Response[]) => responses.reduce<Record<number, number>>((acc, res) => ({ ...acc, [res.status]: (acc[res.status] ?? 0) + 1 }), {});

describe.each([10, 50])('%i parallel sign-ins', (n) => {
  it(`to one account from one address: ${STRICT} passwords checked, the rest 429, the right one after them 429, the owner elsewhere still signs in`, async () => {
    const { id, details } = await registeredAccount();
    const attacker = await new TestClient(nextIp()).prime();
    const responses = await Promise.all(Array.from({ length: n }, (_, i) => attacker.post('/api/login', { identifier: details.email, password: `wrong-password-${i}` })));
    expect(statuses(responses)).toEqual({ 401: STRICT, 429: n - STRICT });
    expect(await audits('auth.sign_in_failed', id)).toBe(STRICT);
    const limited = responses.find((res) => res.status === 429)!;
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(limited)).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);

    const right = await attacker.post('/api/login', { identifier: details.email, password: details.password });
    expect(right.status).toBe(429);
    const signIns = await audits('auth.sign_in', id);
    const owner = await new TestClient(nextIp()).prime();
    expect((await owner.post('/api/login', { identifier: details.email, password: details.password })).status).toBe(200);
    expect(await audits('auth.sign_in', id)).toBe(signIns + 1);
  });

  it(`to one account from ${n} addresses: at most ${LOOSE} checked; a new address waits, the owner's usual one signs in`, async () => {
    const { id, details, home } = await registeredAccount();
    const responses = await Promise.all(
      Array.from({ length: n }, async (_, i) => (await new TestClient(nextIp()).prime()).post('/api/login', { identifier: details.username, password: `wrong-password-${i}` })),
    );
    expect(statuses(responses)).toEqual(n > LOOSE ? { 401: LOOSE, 429: n - LOOSE } : { 401: n });
    expect(await audits('auth.sign_in_failed', id)).toBe(Math.min(n, LOOSE));
    if (n > LOOSE) {
      const stranger = await new TestClient(nextIp()).prime();
      expect((await stranger.post('/api/login', { identifier: details.username, password: details.password })).status).toBe(429);
    }
    // Registration signed the owner in from `home`: that address is not held by the loose limit.
    const owner = await new TestClient(home).prime();
    expect((await owner.post('/api/login', { identifier: details.username, password: details.password })).status).toBe(200);
  });
});

describe('parallel second-factor codes', () => {
  it.each([
    { n: 30, challenges: 6, username: 'marc', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
    { n: 50, challenges: 10, username: 'olivia', secret: 'ANKOJD2DYD6HKUQUZZYKR44YXRQ6BVYB' },
  ])(`$n wrong codes over $challenges challenges: ${MFA} checked, the rest 429, one lock; the owner's right code then waits`, async ({ n, challenges, username, secret }) => {
    const client = await new TestClient(nextIp()).prime();
    const tokens: string[] = [];
    for (let i = 0; i < challenges; i += 1) {
      const res = await client.post('/api/login', { identifier: username, password: 'KubeMarket-demo-2026' });
      expect(res.status).toBe(200);
      tokens.push((await json<{ mfaToken: string }>(res)).mfaToken);
    }
    const right = totpCode(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const responses = await Promise.all(Array.from({ length: n }, (_, i) => client.post('/api/login/mfa', { mfaToken: tokens[i % challenges], code: wrong })));
    expect(statuses(responses)).toEqual({ 401: MFA, 429: n - MFA });
    const userId = `usr_demo_${username}`;
    expect(await audits('auth.mfa_failed', userId)).toBe(MFA);
    expect(await audits('auth.mfa_locked', userId)).toBe(1);
    const locked = responses.find((res) => res.status === 429)!;
    expect((await json<{ message: string }>(locked)).message).toMatch(/^(Two-step verification is locked for this account|Too many attempts)/);

    const fresh = await new TestClient(nextIp()).prime();
    const challenge = await json<{ mfaToken: string }>(await fresh.post('/api/login', { identifier: username, password: 'KubeMarket-demo-2026' }));
    const late = await fresh.post('/api/login/mfa', { mfaToken: challenge.mfaToken, code: right });
    expect(late.status).toBe(429);
    expect((await json<{ message: string }>(late)).message).toMatch(/^Two-step verification is locked for this account after too many wrong codes\. Try again in \d+ minutes?\.$/);
  });
});
