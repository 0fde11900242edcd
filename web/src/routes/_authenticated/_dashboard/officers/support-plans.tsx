import { createFileRoute } from '@tanstack/react-router';
import { StaffSupportPlansPage } from '../../../../features/staff-organizations';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/support-plans')({
  component: StaffSupportPlansPage,
});
