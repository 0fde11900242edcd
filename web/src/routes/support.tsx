import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useCurrentUser } from '../features/auth';
import { SupportPage } from '../features/public';
import { DashboardLayout } from '../features/shell';
import { SupportDeskPage, validateSupportSearch } from '../features/tickets';

/**
 * /support: the public support page for visitors; signed in, the ticket desk in the dashboard
 * layout (docs/product/screens.md#public-pages lists it as public; its header link shows only when signed in).
 */
export const Route = createFileRoute('/support')({
  validateSearch: validateSupportSearch,
  component: SupportRoute,
});

function SupportRoute() {
  const { data: user, isPending } = useCurrentUser();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (isPending) return <LoadingScreen />;
  if (!user) return <SupportPage />;
  return (
    <DashboardLayout>
      <SupportDeskPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </DashboardLayout>
  );
}
