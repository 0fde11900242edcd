import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/user-management')({
  component: UserManagementPage,
});

function UserManagementPage() {
  return <SectionNotBuilt title="User Management" description="The users of your organisation and their roles." />;
}
