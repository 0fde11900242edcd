import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { resetSessionCache, startSessionCache } from './session-cache';

const QUERY_KEY = [['auth', 'me'], { type: 'query' }];
const trpc = { auth: { me: { queryKey: () => QUERY_KEY } } } as unknown as Trpc;
const ALICE = { id: 'usr_alice', organizationId: 'org_acme', organizationRole: 'owner' } as SessionUser;

/** A session check asked before the sign-in (as a sign-in page refreshes "nobody"), answered when told. */
function checkInFlight(queryClient: QueryClient) {
  let answer!: (user: SessionUser | null) => void;
  const settled = queryClient
    .fetchQuery({ queryKey: QUERY_KEY, queryFn: () => new Promise<SessionUser | null>((resolve) => (answer = resolve)) })
    .catch(() => undefined);
  return { answer: (user: SessionUser | null) => answer(user), settled };
}

describe('the session cache', () => {
  it('keeps the signed-in user when a check asked before the sign-in answers "nobody" afterwards', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(QUERY_KEY, null);
    const check = checkInFlight(queryClient);
    await startSessionCache(queryClient, trpc, ALICE);
    check.answer(null);
    await check.settled;
    expect(queryClient.getQueryData(QUERY_KEY)).toEqual(ALICE);
  });

  it('keeps nobody after a local sign-out when a check asked before it answers with the user', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(QUERY_KEY, ALICE);
    queryClient.setQueryData(['orders'], ['ord_1']);
    const check = checkInFlight(queryClient);
    await resetSessionCache(queryClient, trpc, null);
    check.answer(ALICE);
    await check.settled;
    expect(queryClient.getQueryData(QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['orders'])).toBeUndefined();
  });
});
