import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { clearAuthStorage, clearMfaChallenge, readMfaChallenge, saveMfaChallenge } from './auth-storage';

describe('MFA challenge storage', () => {
  it('keeps the token and temporary user id under their SPEC names', () => {
    const storage = memoryStorage();
    saveMfaChallenge(storage, { mfaToken: 'tok_123', tempUserId: 'usr_1' });
    expect(storage.values.get('mfaToken')).toBe('tok_123');
    expect(storage.values.get('tempUserId')).toBe('usr_1');
    expect(readMfaChallenge(storage)).toEqual({ mfaToken: 'tok_123', tempUserId: 'usr_1' });
  });

  it('is absent unless both values are there', () => {
    expect(readMfaChallenge(memoryStorage({ mfaToken: 'tok_123' }))).toBeNull();
    expect(readMfaChallenge(null)).toBeNull();
  });

  it('is cleared', () => {
    const storage = memoryStorage({ mfaToken: 'a', tempUserId: 'b', other: 'kept' });
    clearMfaChallenge(storage);
    expect([...storage.values.keys()]).toEqual(['other']);
  });
});

describe('clearAuthStorage', () => {
  it('removes exactly the SPEC keys from every storage', () => {
    const keys = ['redirectAfterLogin', 'mfaToken', 'tempUserId', 'authToken', 'refreshToken', 'loginTimestamp'];
    const seeded = () => memoryStorage(Object.fromEntries([...keys, 'theme'].map((key) => [key, 'x'])));
    const local = seeded();
    const session = seeded();
    clearAuthStorage([local, session, null]);
    expect([...local.values.keys()]).toEqual(['theme']);
    expect([...session.values.keys()]).toEqual(['theme']);
  });
});
