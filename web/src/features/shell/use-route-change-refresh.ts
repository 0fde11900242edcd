import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * SPEC.md section 4: on every page change, refresh what the console shows around the page. This is
 * the one place those refreshes live: today the sidebar counts; the billing credits, summary and
 * plans (every page), payment methods and invoices (paths containing /billing) and usage (paths
 * containing /usage) belong here too, next to the queries of those screens.
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
        void queryClient.invalidateQueries(trpc.dashboard.sidebarCounts.pathFilter());
      }),
    [queryClient, router, trpc],
  );
}
