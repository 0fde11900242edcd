import { QUERY_GC_MS } from '@kubemarket/shared';
import { QueryClient } from '@tanstack/react-query';
import { isFirstAnswer } from './first-queries';

/**
 * Query defaults from docs/product/calls.md#general-behaviour: no retry, no refetch on window focus, no polling,
 * data stale immediately and garbage-collected after 30 minutes; mutations never retry.
 * Individual queries override staleTime where the spec gives them a cache lifetime. The answers the
 * Worker wrote into the page are its first reads: not asked for again as the first page mounts, nor
 * as it comes online once hydrated (first-queries.ts, ADR 54).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 0,
        refetchOnMount: (query) => !isFirstAnswer(query),
        refetchOnReconnect: (query) => !isFirstAnswer(query),
        gcTime: QUERY_GC_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
