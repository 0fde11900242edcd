import { useRouter, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';
import { addressWithoutToken, hasEmailLinkToken, readEmailLinkToken } from './email-link-token';

/**
 * The single-use token of the emailed link this page was opened with, kept in memory only. It is
 * read on the first render and taken out of the address bar before the page is painted (through the
 * router's history, so the router never writes it back): it does not stay in the history, in a
 * bookmark or on a shared screen. Reading it spends nothing; the page spends it on a button press.
 * A link opened again in the same tab (only the fragment changes, the page does not reload) gives
 * the new token.
 */
export function useEmailLinkToken(): string | null {
  const router = useRouter();
  const inAddress = useRouterState({
    select: (state) => readEmailLinkToken({ search: state.location.searchStr, hash: state.location.hash }),
  });
  const [token, setToken] = useState(() => inAddress ?? readEmailLinkToken(router.history.location));
  if (inAddress && inAddress !== token) setToken(inAddress);

  useLayoutEffect(() => {
    const { location } = router.history;
    if (!hasEmailLinkToken(location)) return;
    router.history.replace(addressWithoutToken(location), location.state);
    router.history.flush();
  }, [router, inAddress]);

  return inAddress ?? token;
}
