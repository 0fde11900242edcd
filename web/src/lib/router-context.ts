import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from './trpc';

/**
 * What every route's loader gets: the query client and the tRPC proxy. Apart from router.ts, which
 * imports the route tree, so that routes reading it close no import circle through the tree.
 */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}
