import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { challengeOf, clearAuthStorage, clearMfaChallenge, readMfaChallenge, saveMfaChallenge } from './auth-storage';

describe('MFA challenge storage', () => {
  it('keeps the token and temporary user id under their SPEC names', () => {
    const storage = memoryStorage();
    saveMfaChallenge(storage, { mfaToken: 'tok_123', tempUserId: 'usr_1', step: 'code' });
    expect(storage.values.get('mfaToken')).toBe('tok_123');
    expect(storage.values.get('tempUserId')).toBe('usr_1');
    expect(storage.values.has('mfaStep')).toBe(false);
    expect(readMfaChallenge(storage)).toEqual({ mfaToken: 'tok_123', tempUserId: 'usr_1', step: 'code' });
  });

  it('remembers a pending set-up of two-step verification, and forgets it for a code step', () => {
    const storage = memoryStorage();
    saveMfaChallenge(storage, { mfaToken: 'tok_1', tempUserId: 'usr_1', step: 'setup' });
    expect(readMfaChallenge(storage)).toEqual({ mfaToken: 'tok_1', tempUserId: 'usr_1', step: 'setup' });
    saveMfaChallenge(storage, { mfaToken: 'tok_2', tempUserId: 'usr_1', step: 'code' });
    expect(readMfaChallenge(storage)?.step).toBe('code');
  });

  it('is absent unless both values are there', () => {
    expect(readMfaChallenge(memoryStorage({ mfaToken: 'tok_123' }))).toBeNull();
    expect(readMfaChallenge(memoryStorage({ mfaToken: 'tok_123', mfaStep: 'setup' }))).toBeNull();
    expect(readMfaChallenge(null)).toBeNull();
  });

  it('is cleared', () => {
    const storage = memoryStorage({ mfaToken: 'a', tempUserId: 'b', mfaStep: 'setup', other: 'kept' });
    clearMfaChallenge(storage);
    expect([...storage.values.keys()]).toEqual(['other']);
  });
});

describe('challengeOf', () => {
  it('tells the code step and the set-up step apart', () => {
    expect(challengeOf({ mfaRequired: true, mfaToken: 't', tempUserId: 'u' })).toEqual({ mfaToken: 't', tempUserId: 'u', step: 'code' });
    expect(challengeOf({ mfaSetupRequired: true, mfaToken: 't', tempUserId: 'u' })).toEqual({ mfaToken: 't', tempUserId: 'u', step: 'setup' });
  });
});

describe('clearAuthStorage', () => {
  it('removes exactly the SPEC keys (and the pending step) from every storage', () => {
    const keys = ['redirectAfterLogin', 'mfaToken', 'tempUserId', 'authToken', 'refreshToken', 'loginTimestamp', 'mfaStep'];
    const seeded = () => memoryStorage(Object.fromEntries([...keys, 'theme'].map((key) => [key, 'x'])));
    const local = seeded();
    const session = seeded();
    clearAuthStorage([local, session, null]);
    expect([...local.values.keys()]).toEqual(['theme']);
    expect([...session.values.keys()]).toEqual(['theme']);
  });
});
