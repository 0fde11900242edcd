import { createFileRoute } from '@tanstack/react-router';
import { clusterListSearchParams, MyClustersPage } from '../../../features/clusters';
import type { ClusterListSearchParams } from '../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_dashboard/my-clusters')({
  validateSearch: (search: Record<string, unknown>): ClusterListSearchParams => clusterListSearchParams(search),
  component: MyClustersRoute,
});

function MyClustersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyClustersPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
