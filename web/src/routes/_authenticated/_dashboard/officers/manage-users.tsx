import { createFileRoute } from '@tanstack/react-router';
import { ManageUsersPage } from '../../../../features/staff-users';

interface ManageUsersSearch {
  /** The user whose page is open. */
  user?: string;
}

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-users')({
  validateSearch: (search: Record<string, unknown>): ManageUsersSearch =>
    typeof search.user === 'string' && search.user.length > 0 && search.user.length <= 64 ? { user: search.user } : {},
  component: ManageUsersRoute,
});

function ManageUsersRoute() {
  const { user } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ManageUsersPage userId={user} onOpen={(id) => void navigate({ search: id ? { user: id } : {} })} />;
}
