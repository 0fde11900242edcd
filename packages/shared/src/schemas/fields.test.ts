import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordProblem } from './fields';

const PERSONAL = 'Password must not contain your username or email address.';
const PRODUCT = 'Password must not contain the name KubeMarket.';
const COMMON = 'This password is too common. Choose one that is harder to guess.';

describe('passwordProblem context words', () => {
  const jeanne = { email: 'Jeanne.Dupont@Example.com', username: 'jdupont' };

  it('refuses the email address, whole or its local part, and the username, whatever the case', () => {
    expect(passwordProblem('jeanne.dupont@example.com', jeanne)).toBe(PERSONAL);
    expect(passwordProblem('my JEANNE.DUPONT account', jeanne)).toBe(PERSONAL);
    expect(passwordProblem('Hello-JDupont-2026', jeanne)).toBe(PERSONAL);
    // A local part too short to look for on its own is still refused as part of the whole address.
    expect(passwordProblem('mail-jo@ex.eu-2026', { email: 'jo@ex.eu' })).toBe(PERSONAL);
    expect(passwordProblem('jo-jo-jo-banana-split', { email: 'jo@ex.eu', username: 'joe' })).toBeNull();
  });

  it('refuses context words spelled with lookalike characters', () => {
    expect(passwordProblem('j3@nn3.dup0nt-2026', jeanne)).toBe(PERSONAL);
    expect(passwordProblem('xx-jdup0nt-xx-2026', jeanne)).toBe(PERSONAL);
    // The username's own digits must match as typed.
    expect(passwordProblem('river-ada7-stone', { username: 'ada7' })).toBe(PERSONAL);
    expect(passwordProblem('river-adat-stone', { username: 'ada7' })).toBeNull();
  });

  it('refuses the product name, alone, with digits, inside other words or spelled with lookalikes', () => {
    expect(passwordProblem('kubemarket')).toBe(PRODUCT);
    expect(passwordProblem('KubeMarket2026')).toBe(PRODUCT);
    expect(passwordProblem('KUBEMARKET!!')).toBe(PRODUCT);
    expect(passwordProblem('my-kubemarket-login')).toBe(PRODUCT);
    expect(passwordProblem('Kub3M4rk3t-1')).toBe(PRODUCT);
    expect(passwordProblem('kube-market-2026')).toBeNull();
  });

  it('says what is wrong before consulting the common-password list', () => {
    const everythingIsCommon = () => true;
    expect(passwordProblem('aaaaaaaaaaaa', {}, everythingIsCommon)).toBe('Password cannot be a single repeated character.');
    expect(passwordProblem('kubemarket2026', {}, everythingIsCommon)).toBe(COMMON);
    expect(passwordProblem('Password123', {}, (lower) => lower === 'password123')).toBe(COMMON);
  });

  it('accepts a strong passphrase', () => {
    expect(passwordProblem('correct horse battery staple pancake', jeanne)).toBeNull();
    expect(passwordProblem('Tangerine-Orbit-Ledger-93', jeanne, () => false)).toBeNull();
  });

  it('shows the product-name rule in forms, which run it without context', () => {
    expect(newPasswordSchema.safeParse('KubeMarket-2026').error?.issues.map((issue) => issue.message)).toEqual([PRODUCT]);
  });
});
