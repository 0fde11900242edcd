import { createFileRoute } from '@tanstack/react-router';
import { clusterTiersQueryOptions } from '../features/catalog/cluster-tiers-query';
import { PricingPage } from '../features/public/pricing-page';

export const Route = createFileRoute('/pricing')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(clusterTiersQueryOptions(context.trpc));
  },
  component: PricingPage,
});
