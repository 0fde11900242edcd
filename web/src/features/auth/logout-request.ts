import { LOGOUT_ATTEMPTS } from '@kubemarket/shared';
import { HttpError, responseError } from '../../lib/http-error';

export const LOGOUT_PATH = '/api/logout';
/** Reading the current user is how a fresh CSRF token is obtained (docs/product/calls.md#endpoints). */
export const CSRF_REFRESH_PATH = '/api/user';

export type LogoutOutcome = { ok: true } | { ok: false; error: Error };

export interface LogoutRequestDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  /** Headers carrying the current CSRF token. */
  csrfHeaders: () => Record<string, string>;
  /** Called with every response, so the token the server rotates in is kept. */
  onResponse: (response: Response) => void;
  attempts?: number;
}

/** Seconds to wait after the failed attempt number `attempt` (1-based): 2, 4, ... */
export function logoutBackoffMs(attempt: number): number {
  return 2 ** attempt * 1000;
}

async function refreshCsrfToken(deps: LogoutRequestDeps): Promise<void> {
  try {
    const response = await deps.fetch(CSRF_REFRESH_PATH, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    deps.onResponse(response);
  } catch {
    // The next attempt reports the failure; a refresh that could not happen is not one by itself.
  }
}

/**
 * Ends the server session (docs/product/states.md and docs/product/calls.md): up to 3 attempts; a 403 means a stale CSRF
 * token, refreshed through GET /api/user before retrying at once; any other failure waits 2^attempt
 * seconds before the next attempt. Never throws: the caller signs out locally either way.
 */
export async function requestLogout(deps: LogoutRequestDeps): Promise<LogoutOutcome> {
  const attempts = deps.attempts ?? LOGOUT_ATTEMPTS;
  let lastError: Error = new Error('Logout was not attempted.');

  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const response = await deps.fetch(LOGOUT_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...deps.csrfHeaders() },
        body: '{}',
      });
      deps.onResponse(response);
      if (response.ok) return { ok: true };
      lastError = await responseError(response);
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
    }

    if (attempt === attempts) break;
    if (lastError instanceof HttpError && lastError.status === 403) {
      await refreshCsrfToken(deps);
    } else {
      await deps.sleep(logoutBackoffMs(attempt));
    }
  }

  return { ok: false, error: lastError };
}
