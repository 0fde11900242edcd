import { createFileRoute } from '@tanstack/react-router';
import { ClusterDetailPage, clusterDetailSearch } from '../../../../features/clusters';
import type { ClusterDetailSearch } from '../../../../features/clusters';

// The same page as /clusters/{id}, under the address docs/product/screens.md#signed-in-layouts also names.
export const Route = createFileRoute('/_authenticated/_dashboard/cluster-detail/$id')({
  validateSearch: (search: Record<string, unknown>): ClusterDetailSearch => clusterDetailSearch(search),
  component: ClusterDetailRoute,
});

function ClusterDetailRoute() {
  const { id } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClusterDetailPage clusterId={id} tab={tab} onTabChange={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true })} />;
}
