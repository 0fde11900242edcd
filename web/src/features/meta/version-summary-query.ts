import type { Trpc } from '../../lib/trpc';

/** docs/product/calls.md#general-behaviour: the version summary is cached for 5 minutes. */
const VERSION_SUMMARY_STALE_TIME_MS = 5 * 60 * 1000;

export function versionSummaryQueryOptions(trpc: Trpc) {
  return trpc.meta.versionSummary.queryOptions(undefined, {
    staleTime: VERSION_SUMMARY_STALE_TIME_MS,
  });
}
