import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/auth-gate';
import { currentUserQueryOptions } from '../features/auth/current-user-query';

/** Pathless layout of the signed-in pages (SPEC.md section 2, dashboard layout). */
export const Route = createFileRoute('/_authenticated')({
  // Start reading the session (once) while the page chunk loads; the gate shows the spinner meanwhile.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpc)).catch(() => undefined);
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  return (
    <AuthGate loaderSize="md">
      <Outlet />
    </AuthGate>
  );
}
