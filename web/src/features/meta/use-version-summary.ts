import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { versionSummaryQueryOptions } from './version-summary-query';

export function useVersionSummary() {
  const trpc = useTRPC();
  return useQuery(versionSummaryQueryOptions(trpc));
}
