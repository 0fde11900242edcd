import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage, AUTH_TABS, type AuthTab, currentUserQueryOptions, DEFAULT_SIGNED_IN_PATH } from '../features/auth';

interface AuthSearch {
  tab?: AuthTab;
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => {
    const tab = AUTH_TABS.find((candidate) => candidate === search.tab);
    // Signing in is the default: only the other tab is written to the address.
    return tab === 'register' ? { tab } : {};
  },
  // Someone already signed in has nothing to do here.
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.trpc)).catch(() => null);
    if (user) throw redirect({ to: DEFAULT_SIGNED_IN_PATH, replace: true });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { tab = 'sign-in' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuthPage
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'register' ? { tab: 'register' } : {}, replace: true })}
    />
  );
}
