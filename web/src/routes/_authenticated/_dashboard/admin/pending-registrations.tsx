import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/pending-registrations')({
  component: PendingRegistrationsPage,
});

function PendingRegistrationsPage() {
  return <SectionNotBuilt title="Pending Registrations" description="New organisations waiting for approval." />;
}
