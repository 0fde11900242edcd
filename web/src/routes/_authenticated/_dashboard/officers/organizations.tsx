import { createFileRoute } from '@tanstack/react-router';
import { ORGANIZATIONS_TABS, OrganizationsPage, type OrganizationsTab } from '../../../../features/staff-organizations';

interface OrganizationsSearch {
  tab?: OrganizationsTab;
  id?: string;
}

export const Route = createFileRoute('/_authenticated/_dashboard/officers/organizations')({
  validateSearch: (search: Record<string, unknown>): OrganizationsSearch => {
    const tab = ORGANIZATIONS_TABS.find((candidate) => candidate === search.tab);
    const id = typeof search.id === 'string' && /^[\w-]{1,64}$/.test(search.id) ? search.id : undefined;
    return { ...(tab && tab !== 'organizations' ? { tab } : {}), ...(id ? { id } : {}) };
  },
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const { tab = 'organizations', id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrganizationsPage
      tab={tab}
      organizationId={id ?? null}
      onNavigate={(next) => void navigate({ search: { ...(next.tab && next.tab !== 'organizations' ? { tab: next.tab } : {}), ...(next.id ? { id: next.id } : {}) } })}
    />
  );
}
