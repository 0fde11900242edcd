import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-users')({
  component: ManageUsersPage,
});

function ManageUsersPage() {
  return <SectionNotBuilt title="Manage Users" description="The accounts of every organisation, with their roles and status." />;
}
