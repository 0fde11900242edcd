import { AUTH_REDIRECT_DELAY_MS } from '@kubemarket/shared';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { requireSignedInUser, SessionCheckError } from './sign-in-gate';

const USER = { id: 'usr_1', username: 'alice', email: 'alice@example.eu', name: 'Alice' } as SessionUser;
const LOCATION = { pathname: '/settings', searchStr: '?tab=security', hash: 'sessions' };
const QUERY_KEY = [['auth', 'me'], { type: 'query' }];

/** The one procedure the gate reads, answering with `me`. */
function fakeTrpc(me: () => Promise<SessionUser | null>) {
  return { auth: { me: { queryOptions: () => ({ queryKey: QUERY_KEY, queryFn: me }), queryKey: () => QUERY_KEY } } } as unknown as Trpc;
}

function gate(me: () => Promise<SessionUser | null>, { preload = false, queryClient = new QueryClient() } = {}) {
  const storage = memoryStorage();
  const waits: number[] = [];
  const result = requireSignedInUser({
    queryClient,
    trpc: fakeTrpc(me),
    location: LOCATION,
    preload,
    storage,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { result, storage, waits };
}

describe('requireSignedInUser', () => {
  it('answers at once with a user already in the cache', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(QUERY_KEY, USER);
    const { result } = gate(() => Promise.reject(new Error('not asked')), { queryClient });
    expect(result).toEqual({ user: USER });
  });

  it('reads the user once and hands it to the child routes', async () => {
    await expect(gate(() => Promise.resolve(USER)).result).resolves.toEqual({ user: USER });
  });

  it('remembers path, query and hash and sends an anonymous visitor to /auth after 100 ms', async () => {
    const { result, storage, waits } = gate(() => Promise.resolve(null));
    const thrown = await Promise.resolve(result).catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { to: string; replace: boolean } }).options).toMatchObject({ to: '/auth', replace: true });
    expect(storage.values.get('redirectAfterLogin')).toBe('/settings?tab=security#sessions');
    expect(waits).toEqual([AUTH_REDIRECT_DELAY_MS]);
  });

  it('neither remembers nor waits for a preload', async () => {
    const { result, storage, waits } = gate(() => Promise.resolve(null), { preload: true });
    expect(isRedirect(await Promise.resolve(result).catch((error: unknown) => error))).toBe(true);
    expect(storage.values.size).toBe(0);
    expect(waits).toEqual([]);
  });

  it('reports a session that could not be read as such', async () => {
    const { result } = gate(() => Promise.reject(new Error('Service unavailable')));
    const thrown = await Promise.resolve(result).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(SessionCheckError);
    expect((thrown as Error).message).toBe('Service unavailable');
  });
});
