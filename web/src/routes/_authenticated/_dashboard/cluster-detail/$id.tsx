import { createFileRoute } from '@tanstack/react-router';
import { ClusterDetailRoute, clusterDetailSearch } from '../../../../features/clusters';

// The same page as /clusters/{id}, under the address docs/product/screens.md#signed-in-layouts also names.
export const Route = createFileRoute('/_authenticated/_dashboard/cluster-detail/$id')({
  validateSearch: clusterDetailSearch,
  component: ClusterDetailScreen,
});

function ClusterDetailScreen() {
  return <ClusterDetailRoute route={Route} />;
}
