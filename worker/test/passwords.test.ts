import { hashPassword, PASSWORD_PARAMS, verifyPassword } from '@kubemarket/api/passwords';
import { describe, expect, it } from 'vitest';

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
});
