import { AUTH_REDIRECT_DELAY_MS } from '@kubemarket/shared';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import { sessionStore } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { currentUserQueryOptions } from './current-user-query';
import { locationToPath, saveRedirectAfterLogin, SIGN_IN_PATH } from './redirect-after-login';

/** The session could not be read (the server or the network failed): the gate offers to try again. */
export class SessionCheckError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error && cause.message ? cause.message : 'The session could not be checked.', { cause });
    this.name = 'SessionCheckError';
  }
}

interface SignedInGateInput {
  queryClient: QueryClient;
  trpc: Trpc;
  /** Where the visitor is going: remembered for after signing in. */
  location: Pick<ParsedLocation, 'pathname' | 'searchStr' | 'hash'>;
  /** A preload (hovering a link) only looks: nothing is remembered and nobody waits. */
  preload: boolean;
  /** Where redirectAfterLogin is kept; the tab's session storage unless a test gives another. */
  storage?: KeyValueStorage | null;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function signedInOrRedirect({ queryClient, trpc, location, preload, storage = sessionStore(), sleep = wait }: SignedInGateInput): Promise<{ user: SessionUser }> {
  let user: SessionUser | null;
  try {
    user = await queryClient.ensureQueryData(currentUserQueryOptions(trpc));
  } catch (error) {
    throw new SessionCheckError(error);
  }
  if (user) return { user };
  if (!preload) {
    saveRedirectAfterLogin(storage, locationToPath({ pathname: location.pathname, search: location.searchStr, hash: location.hash }));
    await sleep(AUTH_REDIRECT_DELAY_MS);
  }
  throw redirect({ to: SIGN_IN_PATH, replace: true });
}

/**
 * docs/product/states.md#sign-in-gate, as the `beforeLoad` of the signed-in routes: the user is read once (the route's
 * pending component is the spinner meanwhile); without one, the path, query and hash are remembered
 * under redirectAfterLogin and the visitor goes to /auth 100 ms later. A user already in the cache
 * answers at once, so moving between signed-in pages never waits. Child routes get `user` in their
 * context, and their loaders run only for a signed-in user.
 */
export function requireSignedInUser(input: SignedInGateInput): { user: SessionUser } | Promise<{ user: SessionUser }> {
  const cached = input.queryClient.getQueryData(currentUserQueryOptions(input.trpc).queryKey);
  return cached ? { user: cached } : signedInOrRedirect(input);
}
