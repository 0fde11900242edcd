import { createFileRoute } from '@tanstack/react-router';
import { MANAGE_SUPPORT_TABS, ManageSupportPlansPage, tabFrom, type ManageSupportTab } from '../../../../features/catalog-admin';

interface ManageSupportSearch {
  tab?: ManageSupportTab;
}

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-support-plans')({
  validateSearch: (search: Record<string, unknown>): ManageSupportSearch => {
    const tab = tabFrom(MANAGE_SUPPORT_TABS, search.tab);
    return tab ? { tab } : {};
  },
  component: ManageSupportPlansRoute,
});

function ManageSupportPlansRoute() {
  const { tab = 'plans' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ManageSupportPlansPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
