import { createFileRoute } from '@tanstack/react-router';
import { OrganizationUsersPage } from '../../../../features/staff-users';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/organization-users')({
  component: OrganizationUsersPage,
});
