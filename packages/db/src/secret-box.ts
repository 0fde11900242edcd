/**
 * Secrets at rest (TOTP seeds now; cluster CA keys and provider credentials later): AES-256-GCM
 * under a key from a Worker secret, with the key version stored beside each value so keys can be
 * rotated (new values use the newest key; old values still open and are re-sealed when touched).
 *
 * Keyring format (the `ENCRYPTION_KEYS` secret): `1:<base64url 32 bytes>[,2:<base64url 32 bytes>…]`.
 * Sealed format: `<base64url 12-byte IV>.<base64url ciphertext+tag>`; the version is a column.
 */

export interface SealedSecret {
  ciphertext: string;
  keyVersion: number;
}

export interface SecretBox {
  /** The version new values are sealed with. */
  readonly currentVersion: number;
  seal(plaintext: string, context: string): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: string): Promise<string>;
}

/**
 * Development and tests only: the keyring used when `ENVIRONMENT=development`. The Worker refuses
 * to start in production with this key (worker/src/config.ts).
 */
export const DEVELOPMENT_KEYRING = '1:a3ViZW1hcmtldC1kZXZlbG9wbWVudC1vbmx5LWtleSE';

export class KeyringError extends Error {}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Parses and checks a keyring; throws KeyringError with a message an operator can act on. */
export function parseKeyring(text: string | undefined): Map<number, Uint8Array<ArrayBuffer>> {
  if (!text?.trim()) throw new KeyringError('ENCRYPTION_KEYS is not set.');
  const keys = new Map<number, Uint8Array<ArrayBuffer>>();
  for (const entry of text.split(',')) {
    const match = /^\s*(\d{1,4}):([A-Za-z0-9_-]+)\s*$/.exec(entry);
    if (!match) throw new KeyringError('ENCRYPTION_KEYS must look like "1:<base64url key>[,2:<base64url key>]".');
    let key: Uint8Array<ArrayBuffer>;
    try {
      key = fromBase64Url(match[2]!);
    } catch {
      throw new KeyringError(`ENCRYPTION_KEYS: key version ${match[1]} is not base64url.`);
    }
    if (key.length !== 32) throw new KeyringError(`ENCRYPTION_KEYS: key version ${match[1]} must be 32 bytes (it is ${key.length}).`);
    const version = Number(match[1]);
    if (version < 1 || keys.has(version)) throw new KeyringError(`ENCRYPTION_KEYS: key version ${match[1]} is invalid or repeated.`);
    keys.set(version, key);
  }
  return keys;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A SecretBox over a keyring string; the context (e.g. "totp:<userId>") is bound as associated data. */
export function createSecretBox(keyring: string | undefined): SecretBox {
  const raw = parseKeyring(keyring);
  const currentVersion = Math.max(...raw.keys());
  const imported = new Map<number, ReturnType<typeof crypto.subtle.importKey>>();
  const keyFor = (version: number) => {
    const bytes = raw.get(version);
    if (!bytes) throw new KeyringError(`No encryption key of version ${version} is configured.`);
    let key = imported.get(version);
    if (!key) {
      key = crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
      imported.set(version, key);
    }
    return key;
  };
  return {
    currentVersion,
    async seal(plaintext, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        await keyFor(currentVersion),
        encoder.encode(plaintext),
      );
      return { ciphertext: `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`, keyVersion: currentVersion };
    },
    async open(sealed, context) {
      const [iv, body] = sealed.ciphertext.split('.');
      if (!iv || !body) throw new KeyringError('A sealed secret is malformed.');
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(context) },
        await keyFor(sealed.keyVersion),
        fromBase64Url(body),
      );
      return decoder.decode(plain);
    },
  };
}
