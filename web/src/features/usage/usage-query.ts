import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { UsageBy, UsageGroupBy } from './usage-data';

export interface UsageQueryInput {
  from: string;
  to: string;
  groupBy: UsageGroupBy;
  by: UsageBy;
}

/** GET /api/usage; refreshed on every navigation to a /usage path (see useRouteChangeRefresh). */
export function useUsage(input: UsageQueryInput, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.usage.get.queryOptions(input, { enabled, placeholderData: keepPreviousData }));
}
