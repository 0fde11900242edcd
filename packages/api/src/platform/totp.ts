import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@kubemarket/shared';

const PERIOD_S = 30;

function totpFor(secret: string, label = '') {
  return new TOTP({ issuer: PRODUCT_NAME, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, accountLabel: string): string {
  return totpFor(secret, accountLabel).toString();
}

/**
 * Returns the time-step the code belongs to (one step of clock drift either way), or null.
 * The caller refuses a step at or before the last one used, so a code works once.
 */
export function matchTotpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}

export function totpCode(secret: string, now: number): string {
  return totpFor(secret).generate({ timestamp: now });
}
