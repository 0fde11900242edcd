import { SESSION_USER_SCRIPT_ID, sessionUserScript } from '@kubemarket/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Trpc } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { primeCurrentUser } from './current-user-query';

const QUERY_KEY = [['auth', 'me'], { type: 'query' }];
const trpc = { auth: { me: { queryKey: () => QUERY_KEY } } } as unknown as Trpc;
/** The fields the cache check reads, and a name that would end the element unescaped. */
const ALICE = { id: 'usr_alice', organizationId: 'org_acme', organizationRole: 'owner', name: 'Alice </script> Martin' } as SessionUser;

/** A page whose data block holds `text` (as the browser parses the Worker's element), or none. */
function page(text: string | null): Pick<Document, 'getElementById'> {
  return { getElementById: (id: string) => (id === SESSION_USER_SCRIPT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) };
}

/** The text the browser finds in the element the Worker writes. */
function written(user: unknown): string {
  const element = sessionUserScript(user);
  return element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
}

describe('primeCurrentUser', () => {
  it('puts the signed-in user the Worker wrote into the page in the auth.me cache', () => {
    const queryClient = new QueryClient();
    expect(primeCurrentUser(queryClient, trpc, page(written(ALICE)))).toBe(true);
    expect(queryClient.getQueryData(QUERY_KEY)).toEqual(ALICE);
  });

  it('caches nobody for an anonymous visitor, so the sign-in gate needs no request either', () => {
    const queryClient = new QueryClient();
    expect(primeCurrentUser(queryClient, trpc, page(written(null)))).toBe(true);
    expect(queryClient.getQueryState(QUERY_KEY)?.status).toBe('success');
    expect(queryClient.getQueryData(QUERY_KEY)).toBeNull();
  });

  it('leaves the cache alone without the element, or with something that is not a user', () => {
    for (const text of [null, '', '{not json', '{"id":"usr_1"}', '42']) {
      const queryClient = new QueryClient();
      expect(primeCurrentUser(queryClient, trpc, page(text))).toBe(false);
      expect(queryClient.getQueryState(QUERY_KEY)).toBeUndefined();
    }
  });
});
