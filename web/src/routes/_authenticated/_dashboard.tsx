import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../../features/shell';

/** Pathless layout of the signed-in pages with the dashboard sidebar (docs/product/screens.md#signed-in-layouts, dashboard layout). */
export const Route = createFileRoute('/_authenticated/_dashboard')({
  component: DashboardRouteLayout,
});

function DashboardRouteLayout() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
