import { isUnauthorizedError } from '../../lib/api-errors';
import type { Trpc } from '../../lib/trpc';
import { loadUnlessUnauthorized } from './unauthorized-retry';

/** SPEC.md section 7: a 401 on the current user is retried up to 2 times, 1 s apart. */
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
