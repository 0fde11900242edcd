import { QUERY_GC_MS } from '@kubemarket/shared';
import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults from docs/product/calls.md#general-behaviour: no retry, no refetch on window focus, no polling,
 * data stale immediately and garbage-collected after 30 minutes; mutations never retry.
 * Individual queries override staleTime where the spec gives them a cache lifetime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 0,
        gcTime: QUERY_GC_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
