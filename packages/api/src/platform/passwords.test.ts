import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from './crypto';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies and asks for a rehash when the parameters were weaker', async () => {
    const hash = await hashPassword('a perfectly fine passphrase');
    expect(await verifyPassword('a perfectly fine passphrase', hash)).toEqual({ valid: true, needsRehash: false });
    const salt = new Uint8Array(16).fill(7);
    const key = scryptSync('a perfectly fine passphrase', salt, 32, { N: 1024, r: 8, p: 1 });
    const older = `scrypt$N=1024,r=8,p=1$${toBase64Url(salt)}$${toBase64Url(new Uint8Array(key))}`;
    expect(await verifyPassword('a perfectly fine passphrase', older)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword('another passphrase', older)).toEqual({ valid: false, needsRehash: false });
    expect(await verifyPassword('x', 'not-a-hash')).toEqual({ valid: false, needsRehash: false });
  });

  it('explains why a password is refused', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 10 characters.');
    expect(passwordProblem('Password123')).toBe('This password is too common. Choose one that is harder to guess.');
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('Password cannot be a single repeated character.');
    expect(passwordProblem('jeanne-2026-secure', { email: 'jeanne@example.com' })).toBe('Password must not contain your username or email address.');
    expect(passwordProblem('x'.repeat(64) + 'y')).toBeNull();
    expect(passwordProblem('z'.repeat(129))).toBe('Password must be at most 128 characters.');
  });
});
