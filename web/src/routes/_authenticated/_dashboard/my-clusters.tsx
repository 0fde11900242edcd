import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../components/list-kit/search-route';
import { clusterListSearchParams, MyClustersPage, type ClusterListSearchParams } from '../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_dashboard/my-clusters')({
  validateSearch: clusterListSearchParams,
  component: MyClustersRoute,
});

function MyClustersRoute() {
  return <MyClustersPage {...useSearchBinding<ClusterListSearchParams>()} />;
}
