import type { AppRouter } from '@kubemarket/api';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../lib/trpc';

export type AccountProfile = inferRouterOutputs<AppRouter>['account']['profile'];
export type Organization = NonNullable<AccountProfile['organization']>;
export type OrganizationStatus = Organization['status'];

export function useAccountProfile() {
  const trpc = useTRPC();
  return useQuery(trpc.account.profile.queryOptions());
}
