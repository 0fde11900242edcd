import type { AppRouter } from '@kubemarket/api';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { QueryClient } from '@tanstack/react-query';
import { csrfHeaders, getCsrfToken, rememberCsrfToken } from './csrf';

export type Trpc = TRPCOptionsProxy<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient(): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers({ opList }) {
          if (!getCsrfToken() && opList.some((op) => op.type === 'mutation')) {
            console.warn('No CSRF token is available; the server will reject this request.');
          }
          return csrfHeaders();
        },
        async fetch(url, options) {
          const response = await fetch(url, { ...options, credentials: 'include' });
          rememberCsrfToken(response);
          return response;
        },
      }),
    ],
  });
}

/** Options proxy for code outside React (route loaders), bound to the same client and cache. */
export function createTrpcOptionsProxy(client: TRPCClient<AppRouter>, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
