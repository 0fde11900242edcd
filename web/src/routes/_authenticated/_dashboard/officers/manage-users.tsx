import { createFileRoute } from '@tanstack/react-router';
import { textSearch } from '../../../../components/list-kit/search-params';
import { ManageUsersPage } from '../../../../features/staff-users';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-users')({
  /** `?user=`: the user whose page is open. */
  validateSearch: textSearch('user'),
  component: ManageUsersRoute,
});

function ManageUsersRoute() {
  const { user } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ManageUsersPage userId={user} onOpen={(id) => void navigate({ search: id ? { user: id } : {} })} />;
}
