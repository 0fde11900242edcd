import { QueryClient } from '@tanstack/react-query';

const THIRTY_MINUTES_MS = 30 * 60 * 1000;

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
        gcTime: THIRTY_MINUTES_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
