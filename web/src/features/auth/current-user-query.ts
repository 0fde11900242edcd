import { SESSION_USER_SCRIPT_ID } from '@kubemarket/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../lib/api-errors';
import { primeFirstAnswer, readDataScript } from '../../lib/first-queries';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { loadUnlessUnauthorized } from './unauthorized-retry';

/** docs/product/calls.md#endpoints: a 401 on the current user is retried up to 2 times, 1 s apart. */
const UNAUTHORIZED_RETRIES = 2;
const UNAUTHORIZED_RETRY_DELAY_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The current user, or null when anonymous. A 401 is an answer ("nobody"), never an error state. */
export function currentUserQueryOptions(trpc: Trpc) {
  const options = trpc.auth.me.queryOptions();
  const load = options.queryFn;
  return {
    ...options,
    queryFn: load
      ? (context: Parameters<typeof load>[0]) =>
          loadUnlessUnauthorized(() => Promise.resolve(load(context)), {
            retries: UNAUTHORIZED_RETRIES,
            delayMs: UNAUTHORIZED_RETRY_DELAY_MS,
            sleep,
            isUnauthorized: isUnauthorizedError,
          })
      : undefined,
  };
}

export function currentUserQueryKey(trpc: Trpc) {
  return trpc.auth.me.queryKey();
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.organizationId === 'string' && typeof user.organizationRole === 'string';
}

/**
 * The current user as the Worker wrote it into the page (worker/src/assets.ts), put in the cache
 * before the router first loads: a console page's first load then asks for its own data at once
 * instead of waiting for `auth.me`. A page without it (prerendered, or served by another host)
 * leaves the cache alone, and the query is made as before. As the page's other first answers, it is
 * not asked for again as the page mounts (primeFirstAnswer). Returns whether the cache was primed.
 */
export function primeCurrentUser(queryClient: QueryClient, trpc: Trpc, page: Pick<Document, 'getElementById'> = document): boolean {
  const value = readDataScript(SESSION_USER_SCRIPT_ID, page);
  if (value === undefined || (value !== null && !isSessionUser(value))) return false;
  primeFirstAnswer(queryClient, currentUserQueryKey(trpc), value);
  return true;
}
