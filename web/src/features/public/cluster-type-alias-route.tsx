import { clusterTiersQueryOptions } from '../catalog/cluster-tiers-query';
import type { RouterContext } from '../../router';
import { CLUSTER_TYPE_ALIASES } from './cluster-type-content';
import { ClusterTypePage } from './cluster-type-page';

/** Route options of an alias path: the same detail page as /cluster-types/{type}. */
export function clusterTypeAliasRoute(path: keyof typeof CLUSTER_TYPE_ALIASES) {
  const type = CLUSTER_TYPE_ALIASES[path];
  return {
    loader: ({ context }: { context: RouterContext }) => {
      void context.queryClient.prefetchQuery(clusterTiersQueryOptions(context.trpc));
    },
    component: function ClusterTypeAlias() {
      return <ClusterTypePage type={type} />;
    },
  };
}
