import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/admin/pending-registrations')({
  component: PendingRegistrationsPage,
});

function PendingRegistrationsPage() {
  return <SectionNotBuilt title="Pending Registrations" description="New organisations waiting for approval." />;
}
