import { Outlet, createFileRoute, useMatches } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/auth-gate';
import { currentUserQueryOptions } from '../features/auth/current-user-query';
import { GATE_LOADER_SIZE, consoleLayoutOf } from '../features/shell/console-layout';
import { DashboardLayout } from '../features/shell/dashboard-layout';

/**
 * Pathless layout of the signed-in pages (SPEC.md section 2): the auth gate, and the dashboard layout
 * with its sidebar for every page except those under the `_configuration` and `_plain` layouts.
 */
export const Route = createFileRoute('/_authenticated')({
  // Start reading the session (once) while the page chunk loads; the gate shows the spinner meanwhile.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpc)).catch(() => undefined);
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const layout = useMatches({ select: (matches) => consoleLayoutOf(matches.map((match) => match.routeId)) }) ?? 'dashboard';

  return (
    <AuthGate loaderSize={GATE_LOADER_SIZE[layout]}>
      {layout === 'dashboard' ? (
        <DashboardLayout>
          <Outlet />
        </DashboardLayout>
      ) : (
        <Outlet />
      )}
    </AuthGate>
  );
}
