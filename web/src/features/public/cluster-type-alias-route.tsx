import { clusterTiersQueryOptions } from '../catalog';
import type { RouterContext } from '../../lib/router-context';
import { lazyRouteComponent } from '@tanstack/react-router';
import { CLUSTER_TYPE_ALIASES } from './cluster-type-aliases';

// Loaded when an alias is visited, like the /cluster-types/{type} route's own split component.
const ClusterTypePage = lazyRouteComponent(() => import('./cluster-type-page'), 'ClusterTypePage');

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
