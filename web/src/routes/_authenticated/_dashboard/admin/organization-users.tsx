import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/organization-users')({
  component: OrganizationUsersPage,
});

function OrganizationUsersPage() {
  return <SectionNotBuilt title="Organization Users" description="The members of each organisation and their roles." />;
}
