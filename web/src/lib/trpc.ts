import type { AppRouter } from '@kubemarket/api';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { QueryClient } from '@tanstack/react-query';
import { csrfHeaders, getCsrfToken, rememberCsrfToken } from './csrf';

export type Trpc = TRPCOptionsProxy<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * The Worker's batch limits (worker/src/transport.ts): at most 10 calls in a batch, and mutations
 * never batched. Queries are batched up to that size; every mutation goes on its own.
 */
const MAX_BATCH_CALLS = 10;

async function fetchWithSession(url: URL | RequestInfo, options?: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...options, credentials: 'include' });
  rememberCsrfToken(response);
  return response;
}

function mutationHeaders() {
  if (!getCsrfToken()) console.warn('No CSRF token is available; the server will reject this request.');
  return csrfHeaders();
}

export function createTrpcClient(): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'mutation',
        true: httpLink({ url: '/trpc', headers: mutationHeaders, fetch: fetchWithSession }),
        false: httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_CALLS, headers: csrfHeaders, fetch: fetchWithSession }),
      }),
    ],
  });
}

/** Options proxy for code outside React (route loaders), bound to the same client and cache. */
export function createTrpcOptionsProxy(client: TRPCClient<AppRouter>, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
