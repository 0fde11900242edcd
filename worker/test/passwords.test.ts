import { hashPassword, PASSWORD_PARAMS, verifyPassword } from '@kubemarket/api/passwords';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetcherWith, TestClient, uniqueUser } from './client';

const TestClientWith = TestClient as unknown as new (ip: string, fetcher?: (request: Request) => Promise<Response>) => TestClient;

async function storedHashAfterRegistering(bindings: typeof env): Promise<string> {
  const client = await new TestClientWith('198.51.100.91', fetcherWith(bindings)).prime();
  const details = uniqueUser('hashcost');
  expect((await client.post('/api/register', details)).status).toBe(200);
  const row = await env.DB.prepare('SELECT password_hash FROM users WHERE username = ?').bind(details.username).first<{ password_hash: string }>();
  return row!.password_hash;
}

describe('password hashing inside workerd', () => {
  it('hashes with the OWASP scrypt parameters and verifies', async () => {
    const started = performance.now();
    const hash = await hashPassword('correct horse battery staple');
    const elapsed = performance.now() - started;
    console.log(`scrypt N=${PASSWORD_PARAMS.N} r=${PASSWORD_PARAMS.r} p=${PASSWORD_PARAMS.p}: one hash took ${elapsed.toFixed(0)} ms in workerd`);
    expect(hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$[\w-]{22}\$[\w-]{43}$/);
    await expect(verifyPassword('correct horse battery staple', hash)).resolves.toEqual({ valid: true, needsRehash: false });
    await expect(verifyPassword('wrong horse battery staple', hash)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it('stores production-cost hashes from a Worker without PASSWORD_HASH_COST, as deployed, and the test cost only where the tests set it', async () => {
    const { PASSWORD_HASH_COST: _testCost, ...deployed } = env;
    expect(await storedHashAfterRegistering(deployed as typeof env)).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(env.PASSWORD_HASH_COST).toBe('test');
    expect(await storedHashAfterRegistering(env)).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
  });
});
