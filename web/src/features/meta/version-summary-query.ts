import { VERSION_CACHE_MS } from '@kubemarket/shared';
import type { Trpc } from '../../lib/trpc';

/** docs/product/calls.md#general-behaviour: the version summary is cached for 5 minutes. */
export function versionSummaryQueryOptions(trpc: Trpc) {
  return trpc.meta.versionSummary.queryOptions(undefined, {
    staleTime: VERSION_CACHE_MS,
  });
}
