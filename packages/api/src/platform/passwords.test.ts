import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kubemarket/shared';
import LIST from './common-passwords.txt';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { toBase64Url } from './crypto';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';

const COMMON = 'This password is too common. Choose one that is harder to guess.';

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

  it('explains why a password is refused', async () => {
    expect(await passwordProblem('short')).toBe('Password must be at least 10 characters.');
    expect(await passwordProblem('Password123')).toBe(COMMON);
    expect(await passwordProblem('aaaaaaaaaaaa')).toBe('Password cannot be a single repeated character.');
    expect(await passwordProblem('jeanne-2026-secure', { email: 'jeanne@example.com' })).toBe('Password must not contain your username or email address.');
    expect(await passwordProblem('x'.repeat(64) + 'y')).toBeNull();
    expect(await passwordProblem('z'.repeat(129))).toBe('Password must be at most 128 characters.');
  });
});

describe('common-password list', () => {
  const entries = LIST.slice(LIST.search(/\n\n/) + 2).split('\n').slice(0, -1);

  it('has at least 100,000 entries, lower-case, sorted, distinct, of choosable lengths', () => {
    expect(commonPasswordCount()).toBe(entries.length);
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(100_000);
    const outOfPlace = entries.filter((entry, index) => entry !== entry.toLowerCase() || (index > 0 && !(entries[index - 1]! < entry)));
    expect(outOfPlace).toEqual([]);
    // Made for the current lengths (common-passwords.generate.ts): shorter ones are refused by length anyway.
    expect(Math.min(...entries.map((entry) => entry.length))).toBe(PASSWORD_MIN_LENGTH);
    expect(Math.max(...entries.map((entry) => entry.length))).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
  });

  it('finds every entry, its first and its last, and nothing between them', () => {
    expect(entries.every((entry) => isCommonPassword(entry))).toBe(true);
    expect(isCommonPassword(entries[0]!)).toBe(true);
    expect(isCommonPassword(entries.at(-1)!)).toBe(true);
    const listed = new Set(entries);
    const neighbours = entries.filter((_, index) => index % 50 === 0).flatMap((entry) => [`${entry}\u0000`, entry.slice(0, -1), `${entry}x`, `!${entry}`]);
    expect(neighbours.filter((candidate) => !listed.has(candidate) && isCommonPassword(candidate))).toEqual([]);
    expect(isCommonPassword('')).toBe(false);
  });

  it('refuses well-known passwords from deep in the list, whatever their case', async () => {
    // Ranked between 119,000th and 629,000th in the source's top 1,000,000: far past the old hand list.
    for (const password of ['Liverpool1892', 'NewYorkCity', 'HarryPotter1', 'DRAGON1234', 'Chocolate123', 'PoKeMoN12345', 'DarthVader1', 'Barcelona10']) {
      expect(await passwordProblem(password), password).toBe(COMMON);
    }
    expect(await passwordProblem('kubernetes1')).toBe(COMMON); // kept from the hand list
  });

  it('accepts a strong passphrase', async () => {
    expect(await passwordProblem('lantern-quietly-obeys-47-marmots', { email: 'ada@example.eu', username: 'ada.l' })).toBeNull();
    expect(await passwordProblem('Tangerine-Orbit-Ledger-93')).toBeNull();
  });

  it('refuses context words: the product name, the email address and the username', async () => {
    expect(await passwordProblem('KubeMarket-2026!')).toBe('Password must not contain the name KubeMarket.');
    expect(await passwordProblem('ada.lovelace@example.eu!')).toBeNull();
    expect(await passwordProblem('ADA.LOVELACE@example.eu!', { email: 'ada.lovelace@example.eu' })).toBe('Password must not contain your username or email address.');
    expect(await passwordProblem('engines-ad4l0vel4ce-1843', { username: 'adalovelace' })).toBe('Password must not contain your username or email address.');
  });
});
