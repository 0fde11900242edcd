import { createFileRoute } from '@tanstack/react-router';
import { listSearchParams, SupportPlansPage } from '../../../../../features/orders';
import type { OrderListSearchParams } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/')({
  validateSearch: (search: Record<string, unknown>): OrderListSearchParams => listSearchParams(search),
  component: SupportPlansRoute,
});

function SupportPlansRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupportPlansPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
