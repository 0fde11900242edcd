import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { routeChangeRefreshFilters } from './route-change-refresh';

/**
 * docs/product/states.md#refresh-on-page-change: on every page change, refresh what the console shows around the page (which
 * queries: routeChangeRefreshFilters). This is the one place those refreshes live.
 */
export function useRouteChangeRefresh(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();

  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        // The first load fetches everything anyway; only a move to another page refreshes.
        if (!event.fromLocation || !event.pathChanged) return;
        for (const filter of routeChangeRefreshFilters(trpc, event.toLocation.pathname)) void queryClient.invalidateQueries(filter);
      }),
    [queryClient, router, trpc],
  );
}
