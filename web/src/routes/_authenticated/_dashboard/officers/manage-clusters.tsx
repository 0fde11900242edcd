import { createFileRoute } from '@tanstack/react-router';
import { MANAGE_CLUSTERS_TABS, ManageClustersPage, tabSearch } from '../../../../features/catalog-admin';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-clusters')({
  validateSearch: tabSearch(MANAGE_CLUSTERS_TABS),
  component: ManageClustersRoute,
});

function ManageClustersRoute() {
  const navigate = Route.useNavigate();
  return <ManageClustersPage tab={Route.useSearch().tab} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />;
}
