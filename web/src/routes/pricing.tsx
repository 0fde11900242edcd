import { createFileRoute } from '@tanstack/react-router';
import { clusterTiersQueryOptions } from '../features/catalog';
import { PricingPage } from '../features/public';

export const Route = createFileRoute('/pricing')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(clusterTiersQueryOptions(context.trpc));
  },
  component: PricingPage,
});
