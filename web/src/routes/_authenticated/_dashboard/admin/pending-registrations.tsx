import { createFileRoute } from '@tanstack/react-router';
import { PendingRegistrationsPage } from '../../../../features/staff-users';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/pending-registrations')({
  component: PendingRegistrationsPage,
});
