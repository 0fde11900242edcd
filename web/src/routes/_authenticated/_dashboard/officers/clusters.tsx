import { createFileRoute } from '@tanstack/react-router';
import { StaffClustersPage } from '../../../../features/staff-organizations';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/clusters')({
  component: StaffClustersPage,
});
