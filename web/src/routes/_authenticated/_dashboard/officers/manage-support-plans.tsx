import { createFileRoute } from '@tanstack/react-router';
import { MANAGE_SUPPORT_TABS, ManageSupportPlansPage, tabSearch } from '../../../../features/catalog-admin';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-support-plans')({
  validateSearch: tabSearch(MANAGE_SUPPORT_TABS),
  component: ManageSupportPlansRoute,
});

function ManageSupportPlansRoute() {
  const navigate = Route.useNavigate();
  return <ManageSupportPlansPage tab={Route.useSearch().tab} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />;
}
