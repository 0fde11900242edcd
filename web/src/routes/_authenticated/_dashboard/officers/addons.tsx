import { createFileRoute } from '@tanstack/react-router';
import { StaffAddonsPage } from '../../../../features/staff-organizations';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/addons')({
  component: StaffAddonsPage,
});
