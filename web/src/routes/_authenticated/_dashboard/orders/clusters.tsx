import { createFileRoute } from '@tanstack/react-router';
import { ClusterOrdersPage, listSearchParams } from '../../../../features/orders';
import type { OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/clusters')({
  validateSearch: (search: Record<string, unknown>): OrderListSearchParams => listSearchParams(search),
  component: ClusterOrdersRoute,
});

function ClusterOrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClusterOrdersPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
