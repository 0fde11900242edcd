import { createFileRoute } from '@tanstack/react-router';
import { StaffMiddlewaresPage } from '../../../../features/staff-organizations';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/middlewares')({
  component: StaffMiddlewaresPage,
});
