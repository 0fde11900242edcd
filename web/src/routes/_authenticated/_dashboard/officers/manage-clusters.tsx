import { createFileRoute } from '@tanstack/react-router';
import { MANAGE_CLUSTERS_TABS, ManageClustersPage, tabFrom, type ManageClustersTab } from '../../../../features/catalog-admin';

interface ManageClustersSearch {
  tab?: ManageClustersTab;
}

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-clusters')({
  validateSearch: (search: Record<string, unknown>): ManageClustersSearch => {
    const tab = tabFrom(MANAGE_CLUSTERS_TABS, search.tab);
    return tab ? { tab } : {};
  },
  component: ManageClustersRoute,
});

function ManageClustersRoute() {
  const { tab = 'tiers' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ManageClustersPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
