import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserManagementPage } from '../../../features/staff-users';

export const Route = createFileRoute('/_authenticated/_dashboard/user-management')({
  component: UserManagementRoute,
});

function UserManagementRoute() {
  const navigate = useNavigate();
  return <UserManagementPage onOpenUser={(id) => void navigate({ to: '/officers/manage-users', search: { user: id } })} />;
}
