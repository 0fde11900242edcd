import { describe, expect, it } from 'vitest';
import { createSecretBox, DEVELOPMENT_KEYRING, KeyringError, parseKeyring } from './secret-box';

const KEY_2 = Buffer.alloc(32, 7).toString('base64url');

describe('secret box (AES-256-GCM, versioned keyring)', () => {
  it('seals to ciphertext that is not the plaintext and opens it again', async () => {
    const box = createSecretBox(DEVELOPMENT_KEYRING);
    const sealed = await box.seal('JBSWY3DPEHPK3PXP', 'totp:usr_1');
    expect(sealed.keyVersion).toBe(1);
    expect(sealed.ciphertext).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await box.open(sealed, 'totp:usr_1')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV every time: the same secret never seals to the same text.
    expect((await box.seal('JBSWY3DPEHPK3PXP', 'totp:usr_1')).ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a value moved to another context (associated data) or tampered with', async () => {
    const box = createSecretBox(DEVELOPMENT_KEYRING);
    const sealed = await box.seal('secret', 'totp:usr_1');
    await expect(box.open(sealed, 'totp:usr_2')).rejects.toThrow();
    const [iv, body] = sealed.ciphertext.split('.');
    const flipped = `${iv}.${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    await expect(box.open({ ...sealed, ciphertext: flipped }, 'totp:usr_1')).rejects.toThrow();
  });

  it('rotates: new values use the newest key, values of older keys still open', async () => {
    const old = createSecretBox(DEVELOPMENT_KEYRING);
    const sealedV1 = await old.seal('secret', 'ctx');
    const rotated = createSecretBox(`${DEVELOPMENT_KEYRING},2:${KEY_2}`);
    expect(rotated.currentVersion).toBe(2);
    expect(await rotated.open(sealedV1, 'ctx')).toBe('secret');
    expect((await rotated.seal('secret', 'ctx')).keyVersion).toBe(2);
    await expect(old.open(await rotated.seal('secret', 'ctx'), 'ctx')).rejects.toThrow(KeyringError);
  });

  it('explains a bad keyring', () => {
    expect(() => parseKeyring(undefined)).toThrow('ENCRYPTION_KEYS is not set.');
    expect(() => parseKeyring('not a keyring')).toThrow(/must look like/);
    expect(() => parseKeyring('1:c2hvcnQ')).toThrow('must be 32 bytes (it is 5)');
    expect(() => parseKeyring(`1:${KEY_2},1:${KEY_2}`)).toThrow(/repeated/);
  });
});
