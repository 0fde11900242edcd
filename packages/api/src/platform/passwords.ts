import { scrypt as scryptCallback } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem as sharedPasswordProblem, type PasswordContext } from '@kubemarket/shared';
import { constantTimeEqual, fromBase64Url, toBase64Url } from './crypto';

/**
 * scrypt with an OWASP Password Storage Cheat Sheet parameter set (N=2^14, r=8, p=5: 16 MiB),
 * which fits a Worker's 128 MB. PBKDF2 is capped at 100,000 iterations on Workers, below OWASP's
 * 600,000, and WebAssembly argon2 cannot be compiled at run time there.
 * Stored as `scrypt$N=16384,r=8,p=5$<salt>$<hash>` so parameters can change later: a hash with
 * other parameters still verifies and is rehashed at the next sign-in.
 */
export const PASSWORD_PARAMS = { N: 16_384, r: 8, p: 5, keyLength: 32, saltLength: 16 } as const;

/** scrypt's cost: `AppConfig.passwordCost`, production's (PASSWORD_PARAMS) unless a test says otherwise. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/**
 * A cheap cost (1 MiB, about 1 ms) for tests that are not about hashing: every sign-in and
 * registration of the Node and workerd tiers would otherwise spend 100-250 ms of a 2-core CI
 * machine on scrypt. Production never takes it: the Worker accepts PASSWORD_HASH_COST=test only in
 * development (worker/src/config.ts), and passwords.test.ts pins the production default.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 1024, r: 8, p: 1 };

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

function derive(password: string, salt: Uint8Array, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Uint8Array>((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r * p }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
}

export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_PARAMS): Promise<string> {
  const { keyLength, saltLength } = PASSWORD_PARAMS;
  const { N, r, p } = cost;
  const salt = crypto.getRandomValues(new Uint8Array(saltLength));
  const key = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$N=${N},r=${r},p=${p}$${toBase64Url(salt)}$${toBase64Url(key)}`;
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Uint8Array;
  key: Uint8Array;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, params, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !params || !salt || !key) return null;
  const values = Object.fromEntries(params.split(',').map((pair) => pair.split('=') as [string, string]));
  const N = Number(values.N);
  const r = Number(values.r);
  const p = Number(values.p);
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return null;
  return { N, r, p, salt: fromBase64Url(salt), key: fromBase64Url(key) };
}

export interface VerifyResult {
  valid: boolean;
  /** True when the hash was made with other parameters and should be replaced. */
  needsRehash: boolean;
}

/** Checks `password` against `stored` (whatever cost made it); `cost` is today's, for needsRehash. */
export async function verifyPassword(password: string, stored: string, cost: PasswordCost = PASSWORD_PARAMS): Promise<VerifyResult> {
  const parsed = parseHash(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.key.length);
  const valid = constantTimeEqual(key, parsed.key);
  const { N, r, p } = cost;
  return { valid, needsRehash: valid && (parsed.N !== N || parsed.r !== r || parsed.p !== p) };
}

/** A hash of a random password, verified against when the account does not exist (timing). */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: PasswordCost = PASSWORD_PARAMS): Promise<string> {
  const key = `${cost.N},${cost.r},${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(toBase64Url(crypto.getRandomValues(new Uint8Array(16))), cost)));
  return hash;
}

/**
 * Why a password is refused, or null when it is acceptable (NIST SP 800-63B rules): the shared rule
 * (packages/shared), with the common-password list only the server carries (common-passwords.ts).
 * The list, a 1.4 MB string, is imported by the first password chosen in an isolate rather than
 * evaluated with the Worker's main module (ADR 50).
 */
export async function passwordProblem(password: string, context: PasswordContext = {}): Promise<string | null> {
  const { isCommonPassword } = await import('./common-passwords');
  return sharedPasswordProblem(password, context, isCommonPassword);
}
