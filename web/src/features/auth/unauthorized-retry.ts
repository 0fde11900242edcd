export interface UnauthorizedRetryOptions {
  /** Further tries after the first one. */
  retries: number;
  delayMs: number;
  sleep: (ms: number) => Promise<void>;
  isUnauthorized: (error: unknown) => boolean;
}

/**
 * docs/product/roles.md and docs/product/calls.md: reading the current user, a 401 means "anonymous", not an error; it is
 * retried (a session cookie can arrive just after a sign-in in another tab) and then becomes null.
 * Other errors are thrown unchanged.
 */
export async function loadUnlessUnauthorized<T>(load: () => Promise<T>, options: UnauthorizedRetryOptions): Promise<T | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!options.isUnauthorized(error)) throw error;
      if (attempt >= options.retries) return null;
      await options.sleep(options.delayMs);
    }
  }
}
