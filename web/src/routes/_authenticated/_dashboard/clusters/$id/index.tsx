import { createFileRoute } from '@tanstack/react-router';
import { ClusterDetailRoute, clusterDetailSearch } from '../../../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_dashboard/clusters/$id/')({
  validateSearch: clusterDetailSearch,
  component: ClusterDetailScreen,
});

function ClusterDetailScreen() {
  return <ClusterDetailRoute route={Route} />;
}
