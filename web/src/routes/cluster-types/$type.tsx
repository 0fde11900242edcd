import { isClusterType } from '@kubemarket/shared';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { clusterTiersQueryOptions } from '../../features/catalog';
import { ClusterTypePage } from '../../features/public';

export const Route = createFileRoute('/cluster-types/$type')({
  beforeLoad: ({ params }) => {
    if (!isClusterType(params.type)) throw notFound();
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(clusterTiersQueryOptions(context.trpc));
  },
  component: ClusterTypeRoute,
});

function ClusterTypeRoute() {
  const { type } = Route.useParams();
  return isClusterType(type) ? <ClusterTypePage type={type} /> : null;
}
