import { audit, logError } from '@kubemarket/api';
import type { Context } from 'hono';
import { apiError } from './api-errors';
import { databaseFor } from './context';
import type { AppEnv } from './env';

/** Why the Worker itself refused a request with 403 (procedures audit their own refusals). */
export type ForbiddenReason = 'cross-origin' | 'cross-site' | 'csrf-token' | 'cross-origin-websocket' | 'upload-token-session-only' | 'upload-staff-only';

/** Paths are attacker-chosen: keep the audit row small. */
const MAX_AUDITED_PATH = 512;

/**
 * Answers 403 and records it as a security event: a refused cross-origin or forged request is
 * what an attack in progress looks like. A failed audit write is logged, never turned into a 500.
 */
export async function forbidden(c: Context<AppEnv>, reason: ForbiddenReason, message: string): Promise<Response> {
  try {
    await audit(
      databaseFor(c.env),
      {
        actorUserId: c.get('auth')?.user?.id ?? null,
        action: 'security.forbidden',
        ipAddress: c.req.header('CF-Connecting-IP') ?? null,
        metadata: { method: c.req.method, path: new URL(c.req.url).pathname.slice(0, MAX_AUDITED_PATH), reason },
      },
      Date.now(),
    );
  } catch (error) {
    logError('Could not audit a refused request', error);
  }
  return apiError(c, 403, message);
}
