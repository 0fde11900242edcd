import { createFileRoute } from '@tanstack/react-router';
import { DashboardOverview } from '../../features/dashboard/dashboard-overview';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardOverview,
});
